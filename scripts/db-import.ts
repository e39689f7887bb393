// `npm run db:import -- file.csv [--apply]`: imports the requests of a CSV (Supabase's export of
// the seed's contact_submissions, or any CSV with SPEC §3's columns) into the database of
// DATABASE_URL / DATA_DIR, as the server would use it (src/server/db/import.ts). Without
// --apply it only reports what it would import, skip and refuse, and why, line by line.
import { readFileSync } from 'node:fs'
import { CsvFileError, describeReport, importSubmissions } from '../src/server/db/import.ts'
import { migrate } from '../src/server/db/migrations.ts'
import { openConfiguredDatabase } from './lib/database.ts'

const args = process.argv.slice(2)
const apply = args.includes('--apply')
const files = args.filter((a) => !a.startsWith('--'))
const unknown = args.filter((a) => a.startsWith('--') && a !== '--apply')
if (files.length !== 1 || unknown.length > 0) {
  console.error('Usage: npm run db:import -- <file.csv> [--apply]   (a dry run without --apply)')
  process.exit(1)
}
const file = files[0]!
let csv: Buffer
try {
  csv = readFileSync(file)
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`)
  process.exit(1)
}

const { db, where } = openConfiguredDatabase()
try {
  // The tables must be there, as the server would have them (a new database gets them here).
  const { results = [] } = await migrate(db)
  const started = performance.now()
  const report = await importSubmissions(db, csv, { apply })
  if (results.length > 0) console.log(`${where}: brought up to date first (${results.length} migration(s) applied).`)
  console.log(`Into ${where}:`)
  console.log(describeReport(report, { file, apply }))
  console.log(`(${Math.round(performance.now() - started).toLocaleString('en-US')} ms)`)
} catch (error) {
  console.error(
    error instanceof CsvFileError ? `${file}: ${error.message}` : `Import failed: ${(error as Error).message}`,
  )
  process.exitCode = 1
} finally {
  await db.close()
}
