// `npm run db:migrate`: brings the database of DATABASE_URL / DATA_DIR (as the server would use
// it) up to the latest migration, and says what it did. The server also does this at start.
// `npm run db:migrate -- --dry-run` says what it would do and changes nothing.
import { migrate, plannedMigration } from '../src/server/db/migrations.ts'
import { openConfiguredDatabase } from './lib/database.ts'

const dryRun = process.argv.includes('--dry-run')
const { db, where } = openConfiguredDatabase()
try {
  const { migrations, viewIndexes } = dryRun
    ? await plannedMigration(db)
    : await migrate(db).then(({ results = [], viewIndexes }) => ({
        migrations: results.map((r) => r.migrationName),
        viewIndexes,
      }))
  const [would, built, dropped] = dryRun
    ? ['would run', 'would be built', 'would be dropped']
    : ['applied', 'built', 'dropped']
  if (migrations.length + viewIndexes.created.length + viewIndexes.dropped.length === 0)
    console.log(`${where}: already up to date.`)
  for (const name of migrations) console.log(`${where}: ${name} ${would}`)
  for (const name of viewIndexes.created) console.log(`${where}: inbox view index ${name} ${built}`)
  for (const name of viewIndexes.dropped) console.log(`${where}: inbox view index ${name} ${dropped}`)
  if (dryRun) console.log(`${where}: dry run, nothing changed.`)
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await db.close()
}
