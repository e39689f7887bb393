// The database of DATABASE_URL / DATA_DIR as the server would use it, for the database scripts
// (db:migrate, db:import): opened, and named as their messages name it. Bad settings end the
// script with the server's own message for each.
import { openDatabase, type Db } from '../../src/server/db/client.ts'
import { parseEnv } from '../../src/server/env.ts'

export function openConfiguredDatabase(): { db: Db; where: string } {
  const env = parseEnv(process.env)
  if (!env.ok) {
    console.error(`Fix these environment variables:\n${env.errors.map((e) => `  - ${e}`).join('\n')}`)
    process.exit(1)
  }
  const { database } = env.config
  const where = database.kind === 'postgres' ? `${new URL(database.url).pathname.slice(1)} (PostgreSQL)` : database.file
  return { db: openDatabase(database), where }
}
