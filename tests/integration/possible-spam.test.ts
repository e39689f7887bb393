// Migration 009 on SQLite and PostgreSQL: the requests an older version filed as spam for their
// fill time alone (a weak sign: a browser's autofill is quick too) come back to the inbox as
// "possible spam", with their reason; what the honeypot caught stays spam.
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate, migratorFor } from '../../src/server/db/migrations.ts'
import { toSubmission } from '../../src/server/db/submissions.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'

describe.each(STORAGE_KINDS)('migration 009 on %s', (kind) => {
  let storage: StorageTarget | undefined
  afterAll(async () => storage?.remove())

  it('brings requests filed as spam for their fill time back to the inbox, and leaves the honeypot spam', async () => {
    storage = await createStorage(kind)
    const db = storage.connect()
    try {
      const result = await migratorFor(db).migrateTo('007_lead_desk')
      expect(result.error).toBeUndefined()
      const row = (name: string, reason: string) => ({
        id: randomUUID(),
        name,
        phone: '4105550199',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        is_read: false,
        status: 'new',
        is_client: false,
        is_spam: true,
        spam_reason: reason,
      })
      const quick = row('Quick Autofill', 'form sent 332 ms after it was shown')
      const bot = row('Pill Bot', 'honeypot field filled in')
      for (const r of [quick, bot])
        await sql`insert into contact_submissions (id, name, phone, created_at, updated_at, is_read, status, is_client, is_spam, spam_reason)
          values (${r.id}, ${r.name}, ${r.phone}, ${r.created_at}, ${r.updated_at}, ${r.is_read}, ${r.status}, ${r.is_client}, ${r.is_spam}, ${r.spam_reason})`.execute(
          db.k,
        )

      await migrate(db)
      const rows = (await db.k.selectFrom('contact_submissions').selectAll().orderBy('name').execute()).map(
        toSubmission,
      )
      expect(rows.map((r) => [r.name, r.is_spam, r.spam_reason, r.suspicion])).toEqual([
        ['Pill Bot', true, 'honeypot field filled in', null],
        ['Quick Autofill', false, null, 'form sent 332 ms after it was shown'],
      ])
    } finally {
      await db.close()
    }
  })
})
