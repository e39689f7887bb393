// `npm run db:migrate`: brings the database of DATABASE_URL / DATA_DIR (as the server would use
// it) up to the latest migration, and says what it did. The server also does this at start.
import { parseEnv } from '../src/server/env.ts'
import { openDatabase } from '../src/server/db/client.ts'
import { migrate } from '../src/server/db/migrations.ts'

const env = parseEnv(process.env)
if (!env.ok) {
  console.error(`Fix these environment variables:\n${env.errors.map((e) => `  - ${e}`).join('\n')}`)
  process.exit(1)
}
const { database } = env.config
const db = openDatabase(database)
try {
  const { results = [] } = await migrate(db)
  const where = database.kind === 'postgres' ? new URL(database.url).pathname.slice(1) + ' (PostgreSQL)' : database.file
  if (results.length === 0) console.log(`${where}: already up to date.`)
  for (const r of results) console.log(`${where}: ${r.migrationName} ${r.status === 'Success' ? 'applied' : r.status}`)
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await db.close()
}
