// `npm run db:backup [-- <file>]`: a consistent copy of the SQLite database while the server
// runs (SQLite's online backup API: readers and the writer carry on). Default file:
// <DATA_DIR>/backups/longbar-<UTC time>.sqlite. The copy is checked (integrity_check) before the
// script says it is good. For PostgreSQL use pg_dump (docs/operations.md).
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { parseEnv } from '../src/server/env.ts'

const env = parseEnv(process.env)
if (!env.ok) {
  console.error(`Fix these environment variables:\n${env.errors.map((e) => `  - ${e}`).join('\n')}`)
  process.exit(1)
}
const { database, dataDir } = env.config
if (database.kind !== 'sqlite' || database.file === ':memory:') {
  console.error('db:backup copies the SQLite database. For PostgreSQL use pg_dump: see docs/operations.md.')
  process.exit(1)
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const target = path.resolve(process.argv[2] ?? path.join(dataDir, 'backups', `longbar-${stamp}.sqlite`))
mkdirSync(path.dirname(target), { recursive: true })

const source = new Database(database.file, { readonly: true, fileMustExist: true })
const started = performance.now()
await source.backup(target)
source.close()

const copy = new Database(target, { readonly: true })
const check = copy.pragma('integrity_check', { simple: true })
const rows = (copy.prepare('select count(*) as n from contact_submissions').get() as { n: number }).n
copy.close()
if (check !== 'ok') {
  console.error(`The copy at ${target} failed its integrity check: ${String(check)}`)
  process.exit(1)
}
console.log(
  `Backed up ${database.file} to ${target}: ${rows} requests, integrity ok, ${(performance.now() - started).toFixed(0)} ms.`,
)
