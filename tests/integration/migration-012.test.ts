// Migration 012 on SQLite and PostgreSQL: a database from before (migrated to 009) gains the
// visit's columns, empty on its old requests, which then read as "Direct"; and the calls' daily
// totals table, one row per day, page and source.
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { arrivalInWords } from '../../src/lead/attribution.ts'
import { callTotals, countCall } from '../../src/server/db/calls.ts'
import { migrate, migratorFor } from '../../src/server/db/migrations.ts'
import { sourcesReport } from '../../src/server/db/sources.ts'
import { toSubmission } from '../../src/server/db/submissions.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'

describe.each(STORAGE_KINDS)('migration 012 on %s', (kind) => {
  let storage: StorageTarget | undefined
  afterAll(async () => storage?.remove())

  it('adds the visit columns to old requests (empty: "Direct") and the daily call totals', async () => {
    storage = await createStorage(kind)
    const db = storage.connect()
    try {
      expect((await migratorFor(db).migrateTo('009_possible_spam')).error).toBeUndefined()
      const id = randomUUID()
      const at = new Date().toISOString()
      await sql`insert into contact_submissions (id, name, phone, created_at, updated_at, is_read, status, is_client, is_spam, source_page)
        values (${id}, ${'Old Request'}, ${'4105550199'}, ${at}, ${at}, ${false}, ${'contacted'}, ${false}, ${false}, ${'/contact'})`.execute(
        db.k,
      )

      const { results = [] } = await migrate(db)
      expect(results.map((r) => r.migrationName)).toContain('012_sources')
      const row = toSubmission(
        await db.k.selectFrom('contact_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      )
      expect(row).toMatchObject({
        landing_page: null,
        utm_source: null,
        utm_campaign: null,
        click_id_type: null,
        click_id: null,
        source: null,
      })
      expect(arrivalInWords(row)).toBe('Contact page · Direct')
      const day = at.slice(0, 10)
      expect(await sourcesReport(db, `${day}T00:00:00.000Z`, new Date(Date.now() + 86_400_000).toISOString())).toEqual([
        { source: 'Direct', requests: 1, contacted: 1, scheduled: 0 },
      ])

      await countCall(db.k, { day: '2026-11-20', page: '/', source: 'Direct' })
      await countCall(db.k, { day: '2026-11-20', page: '/', source: 'Direct' })
      await countCall(db.k, { day: '2026-11-21', page: '/heating', source: 'Google search' })
      const rows = await db.k.selectFrom('call_counts').selectAll().orderBy('day').execute()
      expect(rows.map((r) => [r.day, r.page, r.source, Number(r.count)])).toEqual([
        ['2026-11-20', '/', 'Direct', 2],
        ['2026-11-21', '/heating', 'Google search', 1],
      ])
      expect(await callTotals(db, '2026-11-21', '2026-11-21')).toEqual({
        total: 1,
        byDay: [{ key: '2026-11-21', count: 1 }],
        byPage: [{ key: '/heating', count: 1 }],
        bySource: [{ key: 'Google search', count: 1 }],
      })
      // A second start applies nothing.
      expect((await migrate(db)).results ?? []).toEqual([])
    } finally {
      await db.close()
    }
  })
})
