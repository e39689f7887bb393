// The storage the server starts on: the database of DATABASE_URL (or the SQLite file in
// DATA_DIR) opened, its tables brought up to date, and the admin password of ADMIN_PASSWORD
// applied. Nothing is answered before this has succeeded.
import { applyAdminPasswordFromEnv } from './auth/password.ts'
import { openDatabase, type Db } from './db/client.ts'
import { migrate, NewerDatabase } from './db/migrations.ts'
import type { Config } from './env.ts'
import type { Logger } from './log.ts'

/** The database, ready; undefined (after logging why) when it cannot be prepared. */
export async function openStorage(config: Config, log: Logger): Promise<Db | undefined> {
  const db = openDatabase(config.database)
  try {
    const { results = [], viewIndexes } = await migrate(db)
    for (const m of results) log.info('migration applied', { name: m.migrationName, status: m.status })
    for (const name of viewIndexes.created) log.info('inbox view index built', { name })
    for (const name of viewIndexes.dropped) log.info('inbox view index dropped', { name })
    // ADMIN_PASSWORD (hashed; never stored in clear), or the one stored before.
    const password = await applyAdminPasswordFromEnv(db, config.adminPassword)
    if (password === 'set') log.info('admin password set from ADMIN_PASSWORD', {})
    if (password === 'missing')
      log.warn(
        'no admin password yet: set ADMIN_PASSWORD or run `npm run admin:password`; /admin refuses every login until then',
        {},
      )
    return db
  } catch (error) {
    // An older release on a newer database (a roll-back after an upgrade): said in plain words.
    if (error instanceof NewerDatabase)
      log.error(error.message, { database: config.database.kind, unknown: error.unknown })
    else log.error('the database cannot be prepared', { database: config.database.kind, error })
    await db.close().catch(() => undefined)
    return undefined
  }
}
