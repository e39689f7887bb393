// Migration 017 on SQLite and PostgreSQL: the stored requests' sources become channels, one name
// per channel ("Facebook / social" and "fb" → "Facebook", "newsletter / email" → "E-mail"), from
// what each kept of its arrival; a source without its campaign (adopted, imported) stays as it is.
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate, migratorFor } from '../../src/server/db/migrations.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'

describe.each(STORAGE_KINDS)('migration 017 on %s', (kind) => {
  let storage: StorageTarget | undefined
  afterAll(async () => storage?.remove())

  it('names the sources of the stored requests by channel', async () => {
    storage = await createStorage(kind)
    const db = storage.connect()
    try {
      expect((await migratorFor(db).migrateTo('016_last_action')).error).toBeUndefined()
      const at = new Date().toISOString()
      const rows = [
        ['Facebook / social', 'facebook', 'social', null],
        ['fb', 'fb', null, null],
        ['newsletter / email', 'newsletter', 'email', null],
        ['Google search', null, null, 'https://www.google.com/'],
        ['Kept As It Was', null, null, null],
      ] as const
      for (const [source, utmSource, utmMedium, referrer] of rows)
        await sql`insert into contact_submissions (id, name, phone, created_at, updated_at, is_read, status, is_client, is_spam, source, utm_source, utm_medium, referrer)
          values (${randomUUID()}, ${source}, ${'4105550199'}, ${at}, ${at}, ${false}, ${'new'}, ${false}, ${false}, ${source}, ${utmSource}, ${utmMedium}, ${referrer})`.execute(
          db.k,
        )
      const { results = [] } = await migrate(db)
      expect(results.map((r) => r.migrationName)).toContain('017_source_channels')
      const after = await db.k.selectFrom('contact_submissions').select(['name', 'source']).orderBy('name').execute()
      expect(Object.fromEntries(after.map((r) => [r.name, r.source]))).toEqual({
        'Facebook / social': 'Facebook',
        fb: 'Facebook',
        'newsletter / email': 'E-mail',
        'Google search': 'Google search',
        'Kept As It Was': 'Kept As It Was',
      })
    } finally {
      await db.close()
    }
  })
})
