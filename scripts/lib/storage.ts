// The two storage targets every storage test (and benchmark) runs against: a fresh SQLite file and a fresh
// PostgreSQL database (created on the running server and dropped afterwards). `open()` gives the
// test its own connection to look at the rows the server wrote.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { openDatabase, type Db } from '../../src/server/db/client.ts'
import { migrate } from '../../src/server/db/migrations.ts'
import { hasSearchIndex, indexNewRequests } from '../../src/server/db/search-index.ts'
import { createTestDatabase } from './postgres.ts'

export type StorageTarget = {
  name: 'SQLite' | 'PostgreSQL'
  /** DATABASE_URL for a server process. */
  databaseUrl: string
  /** A migrated connection for the test itself. */
  open(): Promise<Db>
  /** A connection that runs no migration (to build an older schema first). */
  connect(): Db
  remove(): Promise<void>
}

export const STORAGE_KINDS = ['SQLite', 'PostgreSQL'] as const

/**
 * Every SQLite test's last word: the full-text index matches the requests (FTS5's integrity check
 * against the table), once the rows a test wrote past the code's writers are indexed as the next
 * start would (src/server/db/search-index.ts). A database the test never migrated that far, or
 * removed itself, is left alone.
 */
async function checkSearchIndex(file: string): Promise<void> {
  if (!existsSync(file)) return
  const db = openDatabase({ kind: 'sqlite', file })
  try {
    if (!(await hasSearchIndex(db.k))) return
    await indexNewRequests(db.k)
    await sql`insert into contact_search(contact_search, rank) values ('integrity-check', 1)`.execute(db.k)
  } finally {
    await db.close()
  }
}

export async function createStorage(kind: StorageTarget['name']): Promise<StorageTarget> {
  if (kind === 'SQLite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'longbar-db-'))
    const file = path.join(dir, 'test.sqlite')
    return {
      name: kind,
      databaseUrl: `file:${file}`,
      async open() {
        const db = openDatabase({ kind: 'sqlite', file })
        await migrate(db)
        return db
      },
      connect: () => openDatabase({ kind: 'sqlite', file }),
      async remove() {
        try {
          await checkSearchIndex(file)
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
    }
  }
  const pg = await createTestDatabase()
  return {
    name: kind,
    databaseUrl: pg.url,
    async open() {
      const db = openDatabase({ kind: 'postgres', url: pg.url })
      await migrate(db)
      return db
    },
    connect: () => openDatabase({ kind: 'postgres', url: pg.url }),
    remove: () => pg.drop(),
  }
}
