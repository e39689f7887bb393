// A suite's own database (SQLite or PostgreSQL), opened before its tests and removed after them,
// and emptied of requests (with their timelines, alerts and digests) between tests.
import { afterAll, beforeAll } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { createStorage, type StorageTarget } from '../../scripts/lib/storage.ts'

export type SuiteDb = { storage: StorageTarget; db: Db }

/** Registers the suite's beforeAll/afterAll; the returned object is filled in before the first test. */
export function suiteDb(kind: StorageTarget['name']): SuiteDb {
  const suite = {} as SuiteDb
  beforeAll(async () => {
    suite.storage = await createStorage(kind)
    suite.db = await suite.storage.open()
  })
  afterAll(async () => {
    await suite.db?.close()
    await suite.storage?.remove()
  })
  return suite
}

/** Every request gone, with what hangs off it. */
export async function clearRequests(db: Db): Promise<void> {
  for (const table of ['submission_activity', 'notification_outbox', 'spam_digests', 'contact_submissions'] as const)
    await db.k.deleteFrom(table).execute()
}
