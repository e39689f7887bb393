// `npm run db:migrate`: brings the database of DATABASE_URL / DATA_DIR (as the server would use
// it) up to the latest migration, and says what it did. The server also does this at start.
import { migrate } from '../src/server/db/migrations.ts'
import { openConfiguredDatabase } from './lib/database.ts'

const { db, where } = openConfiguredDatabase()
try {
  const { results = [], viewIndexes } = await migrate(db)
  if (results.length + viewIndexes.created.length + viewIndexes.dropped.length === 0)
    console.log(`${where}: already up to date.`)
  for (const r of results) console.log(`${where}: ${r.migrationName} ${r.status === 'Success' ? 'applied' : r.status}`)
  for (const name of viewIndexes.created) console.log(`${where}: inbox view index ${name} built`)
  for (const name of viewIndexes.dropped) console.log(`${where}: inbox view index ${name} dropped`)
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await db.close()
}
