// Migration 011 on SQLite and PostgreSQL: the intake's columns (ZIP code and its place, the
// out-now answer, the time to call back) added to a database at 009, empty or with requests; the
// requests from before read as "not asked", and a new request stores the four fields.
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate, migratorFor } from '../../src/server/db/migrations.ts'
import { insertSubmission, toSubmission } from '../../src/server/db/submissions.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'
import { requestRow } from '../helpers/request-row.ts'

describe.each(STORAGE_KINDS)('migration 011 on %s', (kind) => {
  const storages: StorageTarget[] = []
  afterAll(async () => {
    for (const s of storages) await s.remove()
  })

  /** A fresh database migrated up to 009_possible_spam, as the version before this one left it. */
  async function at009() {
    const storage = await createStorage(kind)
    storages.push(storage)
    const db = storage.connect()
    const result = await migratorFor(db).migrateTo('009_possible_spam')
    expect(result.error).toBeUndefined()
    return db
  }

  it('applies on top of 009 on an empty database, and a new request stores the four fields', async () => {
    const db = await at009()
    try {
      const result = await migrate(db)
      // Every migration after 009 applies (the others of its release with it), 011 among them.
      expect(result.results?.map((r) => [r.migrationName, r.status])).toContainEqual(['011_intake', 'Success'])
      expect(result.results?.every((r) => r.status === 'Success')).toBe(true)
      const id = randomUUID()
      await insertSubmission(
        db.k,
        requestRow({
          id,
          name: 'After 011',
          phone: '4105550199',
          zip: '21085',
          zip_place: 'Joppa, Harford County',
          out_now: 'yes',
          callback_time: 'morning',
        }),
      )
      const row = toSubmission(
        await db.k.selectFrom('contact_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      )
      expect(row).toMatchObject({
        zip: '21085',
        zip_place: 'Joppa, Harford County',
        out_now: 'yes',
        callback_time: 'morning',
      })
      // Applied once: a second run has nothing to do.
      expect((await migrate(db)).results).toEqual([])
    } finally {
      await db.close()
    }
  })

  it('applies on a database at 009 with requests: they keep every value and read as "not asked"', async () => {
    const db = await at009()
    try {
      const id = randomUUID()
      const at = new Date().toISOString()
      await sql`insert into contact_submissions (id, name, phone, message, created_at, updated_at, is_read, status, is_client, is_spam, urgency, suspicion)
        values (${id}, ${'Before 011'}, ${'4105550142'}, ${'no heat'}, ${at}, ${at}, ${false}, ${'contacted'}, ${false}, ${false}, ${'No heat: “no heat”'}, ${'no page named'})`.execute(
        db.k,
      )
      await migrate(db)
      const row = toSubmission(
        await db.k.selectFrom('contact_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      )
      expect(row).toMatchObject({
        name: 'Before 011',
        phone: '4105550142',
        message: 'no heat',
        status: 'contacted',
        urgency: 'No heat: “no heat”',
        suspicion: 'no page named',
        zip: null,
        zip_place: null,
        out_now: null,
        callback_time: null,
      })
    } finally {
      await db.close()
    }
  })
})
