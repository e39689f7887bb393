// The stored request's one description (src/lead/submission.ts) against the real databases:
// the migrations build exactly its columns, and the inbox views' indexes follow INBOX_VIEWS (built
// when missing, dropped when their view or condition is gone, used by the view's own query).
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { SUBMISSION_COLUMNS, VIEWS } from '../../src/lead/submission.ts'
import type { Db } from '../../src/server/db/client.ts'
import { migrate } from '../../src/server/db/migrations.ts'
import { insertSubmission, listSubmissions } from '../../src/server/db/submissions.ts'
import { INBOX_VIEWS, orderedByView, syncViewIndexes, viewCounts, viewIndexName } from '../../src/server/db/views.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { suiteDb } from '../helpers/suite-db.ts'

async function columnsOf(db: Db): Promise<string[]> {
  const { rows } =
    db.kind === 'postgres'
      ? await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = 'contact_submissions'`.execute(db.k)
      : await sql<{ name: string }>`select name from pragma_table_xinfo('contact_submissions')`.execute(db.k)
  return rows.map((r) => r.name).sort()
}

async function viewIndexes(db: Db): Promise<string[]> {
  const { rows } =
    db.kind === 'postgres'
      ? await sql<{
          name: string
        }>`select indexname as name from pg_indexes where tablename = 'contact_submissions'`.execute(db.k)
      : await sql<{
          name: string
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'contact_submissions'`.execute(db.k)
  return rows
    .map((r) => r.name)
    .filter((n) => n.startsWith('contact_submissions_view_'))
    .sort()
}

const row = (id: string, flags: { is_read?: boolean; is_client?: boolean; is_spam?: boolean }) => ({
  id,
  name: `Row ${id.slice(0, 4)}`,
  phone: '4105550100',
  created_at: new Date(Date.UTC(2026, 10, 1, 12, Number.parseInt(id.slice(0, 2), 16) % 60)).toISOString(),
  updated_at: new Date().toISOString(),
  is_read: flags.is_read ?? false,
  status: 'new' as const,
  is_client: flags.is_client ?? false,
  is_spam: flags.is_spam ?? false,
})

describe.each(STORAGE_KINDS)('the stored request on %s', (kind) => {
  const suite = suiteDb(kind)

  it('has exactly the described columns (PostgreSQL adds the search text its trigram index reads)', async () => {
    const described = Object.keys(SUBMISSION_COLUMNS)
    const extra = kind === 'PostgreSQL' ? ['search_text'] : []
    expect(await columnsOf(suite.db)).toEqual([...described, ...extra].sort())
  })

  it('has one index per view, named after its condition, and nothing else of that kind', async () => {
    expect(await viewIndexes(suite.db)).toEqual(VIEWS.map((view) => viewIndexName(view, suite.db.kind)).sort())
  })

  it('builds a missing view index and drops a stale one at the next start, and is a no-op after', async () => {
    const stale = 'contact_submissions_view_gone_00000000'
    await sql`create index ${sql.id(stale)} on contact_submissions (created_at) where is_spam`.execute(suite.db.k)
    await sql`drop index ${sql.id(viewIndexName('unread', suite.db.kind))}`.execute(suite.db.k)
    const { viewIndexes: changed } = await migrate(suite.db)
    expect(changed).toEqual({ created: [viewIndexName('unread', suite.db.kind)], dropped: [stale] })
    expect(await viewIndexes(suite.db)).toEqual(VIEWS.map((view) => viewIndexName(view, suite.db.kind)).sort())
    expect(await syncViewIndexes(suite.db)).toEqual({ created: [], dropped: [] })
  })

  it('counts and lists each view from its condition', async () => {
    const ids = {
      unread: '0a000000-0000-4000-8000-000000000001',
      read: '1b000000-0000-4000-8000-000000000002',
      client: '2c000000-0000-4000-8000-000000000003',
      spam: '3d000000-0000-4000-8000-000000000004',
    }
    await insertSubmission(suite.db.k, row(ids.unread, {}))
    await insertSubmission(suite.db.k, row(ids.read, { is_read: true }))
    await insertSubmission(suite.db.k, row(ids.client, { is_read: true, is_client: true }))
    await insertSubmission(suite.db.k, row(ids.spam, { is_spam: true }))
    expect(await viewCounts(suite.db, '2026-11-23')).toEqual({
      total: 3,
      unread: 1,
      clients: 1,
      followups: 0,
      spam: 1,
      trash: 0,
      due: 0,
    })
    const listed = async (view: keyof typeof INBOX_VIEWS) =>
      (await listSubmissions(suite.db, { view, limit: 10 })).items.map((i) => i.id).sort()
    expect(await listed('all')).toEqual([ids.unread, ids.read, ids.client].sort())
    expect(await listed('unread')).toEqual([ids.unread])
    expect(await listed('clients')).toEqual([ids.client])
    expect(await listed('spam')).toEqual([ids.spam])
  })

  it("can serve a view's page from the view's own index (the planner matches the condition)", async () => {
    for (const view of VIEWS) {
      const page = sql`select id from contact_submissions where ${sql.raw(INBOX_VIEWS[view].where)}
        order by ${orderedByView(view)} limit 51`
      const plan =
        kind === 'PostgreSQL'
          ? // A table this small is cheaper to scan: forbid that, to see whether the index applies.
            await suite.db.k.transaction().execute(async (trx) => {
              await sql`set local enable_seqscan = off`.execute(trx)
              return (await sql<{ 'QUERY PLAN': string }>`explain ${page}`.execute(trx)).rows.map(
                (r) => r['QUERY PLAN'],
              )
            })
          : (await sql<{ detail: string }>`explain query plan ${page}`.execute(suite.db.k)).rows.map((r) => r.detail)
      expect(plan.join(' | ')).toContain(viewIndexName(view, suite.db.kind))
    }
  })
})
