// Queries on contact_submissions: storing a request, and the admin inbox's reads (the changes
// are in changes.ts). The table's columns are described once, in src/lead/submission.ts.
import { DIRECT } from '../../lead/attribution.ts'
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { AlertEvent } from '../../lead/alerts.ts'
import type { Db } from './client.ts'
import { enqueueEvent } from './outbox.ts'
import { compiledPerShape } from './compiled.ts'
import { SUBMISSION_COLUMNS, type Status, type Submission, type View } from '../../lead/submission.ts'
import { toBool, toIso, type ContactSubmissionsTable, type Tables } from './schema.ts'
import { WATERMARK } from './search-index.ts'
import { afterCursor, INBOX_VIEWS, orderedByView, throughViewIndex, viewCondition, type ViewCursor } from './views.ts'

export type { Submission }

/** A new row: every column we write (the computed ones are the database's). */
export type NewSubmission = Insertable<ContactSubmissionsTable>

export async function insertSubmission(trx: Kysely<Tables> | Transaction<Tables>, row: NewSubmission): Promise<void> {
  await trx.insertInto('contact_submissions').values(row).execute()
}

const insertRow = compiledPerShape((trx, row: NewSubmission) => trx.insertInto('contact_submissions').values(row))

const insertRowWithEvent = compiledPerShape((trx, row: NewSubmission) =>
  trx
    .with('stored', (db) => db.insertInto('contact_submissions').values(row).returning(['id', 'created_at']))
    .insertInto('notification_outbox')
    .columns(['submission_id', 'event', 'created_at', 'next_attempt_at', 'attempts'])
    .expression((eb) =>
      eb
        .selectFrom('stored')
        .select([
          'stored.id',
          sql<AlertEvent>`'new'`.as('event'),
          'stored.created_at',
          'stored.created_at as next_attempt_at',
          sql<number>`0`.as('attempts'),
        ]),
    ),
)

/**
 * A request from the contact form and, when it is `announced` (not spam), its "new" event in the
 * alert outbox, in the caller's transaction. PostgreSQL writes both in one statement (one round
 * trip to the database); SQLite, in the process, in two. Compiled once (compiled.ts).
 */
export async function insertNewRequest(
  trx: Kysely<Tables> | Transaction<Tables>,
  kind: Db['kind'],
  row: NewSubmission & { id: string; created_at: string },
  announced: boolean,
): Promise<void> {
  if (announced && kind === 'postgres') {
    await insertRowWithEvent(trx, kind, row)
    return
  }
  await insertRow(trx, kind, row)
  if (announced) await enqueueEvent(trx, row.id, 'new', row.created_at, kind)
}

/** The columns a read selects: all described ones but the computed (an adopted table may have more). */
export const SUBMISSION_FIELDS = (Object.keys(SUBMISSION_COLUMNS) as (keyof typeof SUBMISSION_COLUMNS)[]).filter(
  (name): name is keyof Submission => SUBMISSION_COLUMNS[name].kind !== 'computed',
)

type Row = Pick<Selectable<ContactSubmissionsTable>, keyof Submission>

/** A row as either database returns it, as the API hands it over: ISO timestamps, boolean flags. */
export function toSubmission(row: Row): Submission {
  const out: Record<string, unknown> = {}
  for (const name of SUBMISSION_FIELDS) {
    const value = row[name]
    const kind = SUBMISSION_COLUMNS[name].kind
    out[name] =
      value === null
        ? null
        : kind === 'timestamp'
          ? toIso(value as string | Date)
          : kind === 'flag'
            ? toBool(value as boolean | number)
            : value
  }
  return out as Submission
}

/** Whether a request with this id is stored (in the trash or not). */
export async function submissionExists(db: Db, id: string): Promise<boolean> {
  const row = await db.k.selectFrom('contact_submissions').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

export async function getSubmission(db: Db, id: string): Promise<Submission | undefined> {
  const row = await db.k
    .selectFrom('contact_submissions')
    .select(SUBMISSION_FIELDS)
    .where('id', '=', id)
    .executeTakeFirst()
  return row && toSubmission(row)
}

export async function countSubmissions(db: Db): Promise<number> {
  const row = await db.k
    .selectFrom('contact_submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

// ---------------------------------------------------------------------------------------------
// The admin inbox's questions (docs/admin-api.md).

/** Which requests: a view (its tab) and the filters within it. */
export type InboxFilters = {
  view: View
  /** Words, each of which must appear in the name, phone, e-mail or message; no control characters (the route turns those into spaces). */
  words?: string[]
  status?: Status
  /** A service value, or 'none' for requests without one. */
  service?: string
  /** A source in words (src/lead/attribution.ts); "Direct" includes the requests from before sources were kept. */
  source?: string
  /** Only the requests assigned to this account (the inbox's "Mine"). */
  assignedTo?: number
}
/** A page of them: where the previous page ended (the view's order columns of its last row), and how many. */
export type InboxQuery = InboxFilters & { cursor?: ViewCursor; limit: number }

/** A LIKE pattern that finds `text` anywhere, with the pattern characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/**
 * A condition: `word` appears in the name, e-mail or message (any case), or, when it looks like
 * part of a phone number, its digits appear in the phone's digits ("410 555" finds
 * "(410) 555-0142"). Served by the trigram indexes of migration 005; words under 3 characters,
 * which a trigram index cannot serve, scan the table.
 */
function matches(kind: Db['kind'], word: string) {
  const digits = /^[\d\s().+\-/]+$/.test(word) ? word.replace(/\D/g, '') : ''
  const phone = digits.length >= 3 ? digits : undefined
  if (kind === 'postgres') {
    return sql<boolean>`(search_text like lower(${containing(word)}) escape '\\'${phone ? sql` or phone_digits like ${containing(phone)}` : sql``})`
  }
  // SQLite's LIKE ignores ASCII case.
  const pattern = containing(word)
  const scanned = sql<boolean>`(name like ${pattern} escape '\\' or email like ${pattern} escape '\\' or message like ${pattern} escape '\\'${phone ? sql` or phone_digits like ${containing(phone)} escape '\\'` : sql``})`
  if ([...word].length < 3) return scanned
  const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`
  const match = `{name email message} : ${phrase(word)}${phone ? ` OR phone_digits : ${phrase(phone)}` : ''}`
  // The rows not in the index yet (none, unless another program wrote them since the last write
  // or start: search-index.ts) are looked through as the short words are.
  return sql<boolean>`contact_submissions.rowid in (select rowid from contact_search where contact_search match ${match} union all select rowid from contact_submissions as tail where rowid > ${sql.raw(WATERMARK)} and ${scanned})`
}

/** The requests of a view and its filters (a query to select from, count or update). */
export function filtered(k: Kysely<Tables> | Transaction<Tables>, kind: Db['kind'], filters: InboxFilters) {
  let qb = k.selectFrom('contact_submissions').where(viewCondition(filters.view))
  if (filters.status) qb = qb.where('status', '=', filters.status)
  if (filters.service === 'none') qb = qb.where('service', 'is', null)
  else if (filters.service) qb = qb.where('service', '=', filters.service)
  if (filters.source === DIRECT) qb = qb.where((eb) => eb.or([eb('source', 'is', null), eb('source', '=', DIRECT)]))
  else if (filters.source) qb = qb.where('source', '=', filters.source)
  if (filters.assignedTo !== undefined) qb = qb.where('assigned_to', '=', filters.assignedTo)
  for (const word of filters.words ?? []) qb = qb.where(matches(kind, word))
  return qb
}

/** The computed columns of a view's order (the triage queue's queue_rank): selected for the cursor only. */
const computedOrder = (view: View) =>
  INBOX_VIEWS[view].order.map(([column]) => column).filter((column) => SUBMISSION_COLUMNS[column].kind === 'computed')

/** The cursor after `row`: its values in the view's order columns (a computed one as a number). */
const cursorOf = (view: View, row: Record<string, unknown>, item: Submission): ViewCursor =>
  INBOX_VIEWS[view].order.map(([column]) =>
    SUBMISSION_COLUMNS[column].kind === 'computed' ? Number(row[column]) : item[column as keyof Submission]!,
  )

/** One page of a view, in the view's order, and the cursor of the next page (null on the last). */
export async function listSubmissions(
  db: Db,
  query: InboxQuery,
): Promise<{ items: Submission[]; nextCursor: ViewCursor | null }> {
  let qb = filtered(db.k, db.kind, query)
  if (query.cursor) qb = qb.where(afterCursor(query.view, query.cursor))
  const page = qb
    .select([...SUBMISSION_FIELDS, ...computedOrder(query.view)])
    .orderBy(orderedByView(query.view))
    .limit(query.limit + 1)
  // On SQLite, one walk down the view's index, its filters read there (views.ts).
  const rows =
    db.kind === 'sqlite'
      ? (await db.k.executeQuery(throughViewIndex(page.compile(), query.view))).rows
      : await page.execute()
  const items = rows.slice(0, query.limit).map(toSubmission)
  const last = rows[query.limit - 1]
  return {
    items,
    nextCursor: rows.length > query.limit && last ? cursorOf(query.view, last, items.at(-1)!) : null,
  }
}

/** Every matching row, in pages (for the CSV export): memory stays flat at any size. */
export async function* allSubmissions(db: Db, filters: InboxFilters, pageSize = 1000): AsyncGenerator<Submission[]> {
  let cursor: ViewCursor | undefined
  do {
    const page = await listSubmissions(db, { ...filters, limit: pageSize, ...(cursor ? { cursor } : {}) })
    if (page.items.length > 0) yield page.items
    cursor = page.nextCursor ?? undefined
  } while (cursor)
}

/** When the newest request in the inbox came in (for the inbox to notice new ones). */
export async function latestSubmissionAt(db: Db): Promise<string | null> {
  const row = await db.k
    .selectFrom('contact_submissions')
    .select('created_at')
    .where(viewCondition('all'))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? toIso(row.created_at) : null
}

/** The median response time over the requests of a period, and how many of them still wait. */
type ResponseTime = { days: number; medianMs: number | null; answered: number; waiting: number }

/**
 * For the requests that came in during the last `days` (not spam, not in the trash): the median
 * of their response times in business hours (first contact, see changes.ts), how many were
 * answered, and how many nobody has contacted yet.
 */
export async function responseTime(db: Db, days: number, now: Date): Promise<ResponseTime> {
  const since = new Date(now.getTime() - days * 24 * 60 * 60_000).toISOString()
  const answered = db.k
    .selectFrom('contact_submissions')
    .where('response_ms', 'is not', null)
    .where('created_at', '>=', since)
    .where(viewCondition('all'))
  const counts = await db.k
    .selectFrom('contact_submissions')
    .select((eb) => [eb.fn.count<number>('response_ms').as('answered'), eb.fn.countAll<number>().as('all')])
    .where('created_at', '>=', since)
    .where(viewCondition('all'))
    .executeTakeFirstOrThrow()
  const n = Number(counts.answered)
  let medianMs: number | null = null
  if (n > 0) {
    // The lower middle value of the sorted response times (the median of an odd count).
    const row = await answered
      .select('response_ms')
      .orderBy('response_ms')
      .limit(1)
      .offset(Math.floor((n - 1) / 2))
      .executeTakeFirst()
    medianMs = row?.response_ms ?? null
  }
  return { days, medianMs, answered: n, waiting: Number(counts.all) - n }
}
