// The built server on a fresh database of its own, started before a suite's tests and stopped and
// removed after them: TRUST_PROXY=1 (each test sends as its own address), the admin password of
// the suite and PUBLIC_ORIGIN, the one origin the inbox accepts changes from.
import { afterAll, beforeAll } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { startServer, type RunningServer } from '../../scripts/lib/server.ts'
import { createStorage, type StorageTarget } from '../../scripts/lib/storage.ts'

/** The origin the suites' servers run with, and their admin clients send. */
export const ORIGIN = 'http://localhost:3000'

export type Served = { storage: StorageTarget; server: RunningServer; db: Db }

/** Registers the suite's beforeAll/afterAll; the returned object is filled in before the first test. */
export function serveOn(
  kind: StorageTarget['name'],
  password: string,
  env: Record<string, string> = {},
  start: Parameters<typeof startServer>[1] = {},
): Served {
  const served = {} as Served
  beforeAll(async () => {
    served.storage = await createStorage(kind)
    served.db = await served.storage.open()
    served.server = await startServer(
      {
        DATABASE_URL: served.storage.databaseUrl,
        TRUST_PROXY: '1',
        ADMIN_PASSWORD: password,
        PUBLIC_ORIGIN: ORIGIN,
        ...env,
      },
      start,
    )
  })
  afterAll(async () => {
    await served.server?.stop()
    await served.db?.close()
    await served.storage?.remove()
  })
  return served
}
