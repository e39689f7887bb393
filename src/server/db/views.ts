// The inbox's views in the database, all from their one description (INBOX_VIEWS below; the
// views' names and their counts' names are the lead domain's, src/lead/submission.ts): each view's condition and order give its list query, its count, and
// the partial index that serves both — an index of just that view's rows, in the view's order, so
// a list page or a count stays a walk over a small index at 100,000 requests
// (docs/decisions/019-inbox-queries.md, 025-one-description-per-thing.md).
import { createHash } from 'node:crypto'
import { sql, type CompiledQuery, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely'
import { type SUBMISSION_COLUMNS, VIEW_COUNTS, VIEWS, type Counts, type View } from '../../lead/submission.ts'
import type { Db } from './client.ts'
import type { Tables } from './schema.ts'

/** A view's order: columns, each ascending or descending; the last ones make it total (no ties). */
type ViewOrder = readonly (readonly [column: keyof typeof SUBMISSION_COLUMNS, direction: 'asc' | 'desc'])[]

const NEWEST: ViewOrder = [
  ['created_at', 'desc'],
  ['id', 'desc'],
]

/**
 * The triage queue (docs/decisions/039-triage-queue.md): open urgent requests first, the
 * longest-waiting on top (queue_rank is their creation time negated), then the rest newest first.
 */
const TRIAGE: ViewOrder = [
  ['urgent_open', 'desc'],
  ['queue_rank', 'desc'],
  ['id', 'desc'],
]

/**
 * Which requests each view holds (an SQL condition that reads the same on SQLite and PostgreSQL)
 * and their order. From it come the view's query, its count, and the partial index that serves
 * both; a new view is one entry here and one in VIEW_COUNTS.
 */
export const INBOX_VIEWS = {
  /** Everything but spam and the trash: the triage queue (urgent requests nobody has contacted, longest-waiting first; then the rest, newest first). */
  all: { where: 'deleted_at is null and not is_spam', order: TRIAGE },
  unread: { where: 'deleted_at is null and not is_spam and not is_read', order: TRIAGE },
  clients: { where: 'deleted_at is null and not is_spam and is_client', order: NEWEST },
  /** Requests with a follow-up date, the most overdue first. */
  followups: {
    where: 'deleted_at is null and not is_spam and follow_up_on is not null',
    order: [['follow_up_on', 'asc'], ...NEWEST],
  },
  spam: { where: 'deleted_at is null and is_spam', order: NEWEST },
  /** Deleted requests, restorable until they are purged. */
  trash: {
    where: 'deleted_at is not null',
    order: [
      ['deleted_at', 'desc'],
      ['id', 'desc'],
    ],
  },
} as const satisfies Record<View, { where: string; order: ViewOrder }>

const INDEX_PREFIX = 'contact_submissions_view_'

/** A view's condition, for a query's WHERE (written as the index's, so the planners match them). */
export const viewCondition = (view: View) => sql<boolean>`${sql.raw(INBOX_VIEWS[view].where)}`

/** A view's order, as the columns of an index or an ORDER BY. */
const orderSql = (view: View) =>
  sql.join(INBOX_VIEWS[view].order.map(([column, direction]) => sql`${sql.id(column)} ${sql.raw(direction)}`))

/**
 * The inbox's filters (src/server/db/submissions.ts `filtered`): on SQLite each view's index also
 * holds them, after the view's order, so a filtered page is one walk down its view's index that
 * reads each entry's filters there, never a visit to a row that is then left out: at most one pass
 * over the view's entries, however rare the filter (docs/decisions/066-planned-once.md). A page of
 * "new" requests was a seek on the status index, a visit to each of its 20,000 rows and a sort
 * (76 ms at 100,000 requests); it is now 51 entries of the triage index (0.4 ms).
 */
const FILTER_COLUMNS = ['status', 'service', 'source', 'assigned_to'] as const

/** A view's index columns: its order, then on SQLite the filters. */
const indexColumns = (view: View, kind: Db['kind']) =>
  kind === 'sqlite'
    ? sql`${orderSql(view)}, ${sql.join(FILTER_COLUMNS.map((column) => sql.id(column)))}`
    : orderSql(view)

/** The name of a view's partial index on a database of `kind`: the view and a digest of what the index is. */
function indexNameOf(view: View, kind: Db['kind']): string {
  const { where, order } = INBOX_VIEWS[view]
  const digest = createHash('sha256')
    .update(JSON.stringify(kind === 'sqlite' ? [where, order, FILTER_COLUMNS] : [where, order]))
    .digest('hex')
    .slice(0, 8)
  return `${INDEX_PREFIX}${view}_${digest}`
}

/** Each view's index name, per kind of database, worked out once (every page and every count names one). */
const INDEX_NAMES = {
  sqlite: Object.fromEntries(VIEWS.map((view) => [view, indexNameOf(view, 'sqlite')])),
  postgres: Object.fromEntries(VIEWS.map((view) => [view, indexNameOf(view, 'postgres')])),
} as Record<Db['kind'], Record<View, string>>

/**
 * The name of a view's partial index: the view and a digest of its condition, order and (on
 * SQLite) filter columns, so a changed view is a new index, built at the next start
 * (syncViewIndexes), and the old one goes.
 */
export const viewIndexName = (view: View, kind: Db['kind']): string => INDEX_NAMES[kind][view]

/** The values of a row in the order's columns: where a page ends, and the next one starts. */
export type ViewCursor = (string | number | boolean)[]

/**
 * The rows after `cursor` in the view's order: (a, b, c) after (A, B, C) is a after A, or a = A
 * and b after B, or a = A, b = B and c after C — "after" being > for an ascending column and <
 * for a descending one.
 */
export function afterCursor(view: View, cursor: ViewCursor) {
  const order = INBOX_VIEWS[view].order
  return (eb: ExpressionBuilder<Tables, 'contact_submissions'>): Expression<SqlBool> =>
    eb.or(
      order.map(([column, direction], i) =>
        eb.and([
          ...order.slice(0, i).map(([c], j) => eb(c, '=', cursor[j] as never)),
          eb(column, direction === 'asc' ? '>' : '<', cursor[i] as never),
        ]),
      ),
    )
}

/**
 * A page of `view` (a query from contact_submissions alone, compiled for SQLite) read through the
 * view's index. SQLite's planner would rather seek a filter's own index (status, assigned_to) or a
 * search's matches, visit every row found and sort them all: 60–80 ms for a common status or word
 * at 100,000 requests, where the walk down the view's index, in the page's order, with the filters
 * read from its entries, stops at the page's end (decision 066).
 */
export function throughViewIndex<R>(compiled: CompiledQuery<R>, view: View): CompiledQuery<R> {
  const from = 'from "contact_submissions" where '
  const at = compiled.sql.indexOf(from)
  if (at < 0 || compiled.sql.includes(from, at + 1)) throw new Error(`not a query of one view: ${compiled.sql}`)
  const index = viewIndexName(view, 'sqlite')
  return { ...compiled, sql: compiled.sql.replace(from, `from "contact_submissions" indexed by "${index}" where `) }
}

/** Orders a query by the view's columns. */
export const orderedByView = (view: View) => sql`${orderSql(view)}`

async function viewIndexesPresent(db: Kysely<Tables>, kind: Db['kind']): Promise<string[]> {
  const { rows } =
    kind === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = 'contact_submissions'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'contact_submissions'`.execute(db)
  return rows.map((r) => r.name).filter((name) => name.startsWith(INDEX_PREFIX))
}

/** The views' indexes wanted (by name), and those to create and to drop to get there. */
async function viewIndexChanges(db: Kysely<Tables>, kind: Db['kind']) {
  const wanted = new Map(VIEWS.map((view) => [viewIndexName(view, kind), view]))
  const present = await viewIndexesPresent(db, kind)
  const dropped = present.filter((name) => !wanted.has(name))
  const created = [...wanted.keys()].filter((name) => !present.includes(name))
  return { wanted, created, dropped }
}

/** What syncViewIndexes would create and drop, changing nothing (`npm run db:migrate -- --dry-run`). */
export async function plannedViewIndexes(db: Db): Promise<{ created: string[]; dropped: string[] }> {
  const { created, dropped } = await viewIndexChanges(db.k, db.kind)
  return { created, dropped }
}

/**
 * Brings the views' indexes in line with INBOX_VIEWS: creates the missing ones and drops those
 * of views or conditions that are gone. Runs at every start, after the migrations (a no-op when
 * nothing changed); on PostgreSQL under an advisory lock, so instances starting together take
 * turns.
 */
export async function syncViewIndexes(db: Db): Promise<{ created: string[]; dropped: string[] }> {
  return db.k.transaction().execute(async (trx) => {
    if (db.kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('longbar:view-indexes'))`.execute(trx)
    const { wanted, created, dropped } = await viewIndexChanges(trx, db.kind)
    for (const name of dropped) await sql`drop index if exists ${sql.id(name)}`.execute(trx)
    for (const name of created) {
      const view = wanted.get(name)!
      await sql`create index if not exists ${sql.id(name)} on contact_submissions (${indexColumns(view, db.kind)})
        where ${viewCondition(view)}`.execute(trx)
    }
    return { created, dropped }
  })
}

/**
 * Every tab's count, and the follow-ups due on `today` (YYYY-MM-DD, the office's date) or
 * before, in one query: each a count of its view's index entries rather than a pass over the
 * table. SQLite's planner would rather scan the table for a bare count, so it is told which index
 * to read.
 */
export async function viewCounts(db: Db, today: string): Promise<Counts> {
  const from = (view: View) =>
    db.kind === 'sqlite'
      ? sql`contact_submissions indexed by ${sql.id(viewIndexName(view, db.kind))}`
      : sql`contact_submissions`
  const counts = VIEWS.map(
    (view) => sql`(select count(*) from ${from(view)} where ${viewCondition(view)}) as ${sql.id(VIEW_COUNTS[view])}`,
  )
  const due = sql`(select count(*) from ${from('followups')} where ${viewCondition('followups')}
    and follow_up_on <= ${today}) as due`
  const { rows } = await sql<Record<string, number | string>>`select ${sql.join([...counts, due])}`.execute(db.k)
  const row = rows[0] ?? {}
  const keys = [...VIEWS.map((view) => VIEW_COUNTS[view]), 'due' as const]
  return Object.fromEntries(keys.map((key) => [key, Number(row[key] ?? 0)])) as Counts
}
