// `npm run db:restore -- <backup file>`: puts a backup made by `npm run db:backup` in place of
// the SQLite database. Stop the server first. The backup is checked before anything is touched;
// the current database is kept beside it as <file>.before-restore-<time>; the copy lands under a
// temporary name and is renamed into place, so a crash half-way leaves the old database whole.
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs'
import Database from 'better-sqlite3'
import { parseEnv } from '../src/server/env.ts'

const env = parseEnv(process.env)
if (!env.ok) {
  console.error(`Fix these environment variables:\n${env.errors.map((e) => `  - ${e}`).join('\n')}`)
  process.exit(1)
}
const { database } = env.config
const backup = process.argv[2]
if (database.kind !== 'sqlite' || database.file === ':memory:') {
  console.error(
    'db:restore restores the SQLite database. For PostgreSQL use pg_restore or psql: see docs/operations.md.',
  )
  process.exit(1)
}
if (!backup || !existsSync(backup)) {
  console.error('Name the backup file: npm run db:restore -- data/backups/longbar-….sqlite')
  process.exit(1)
}

const copy = new Database(backup, { readonly: true, fileMustExist: true })
const check = copy.pragma('integrity_check', { simple: true })
const rows = (copy.prepare('select count(*) as n from contact_submissions').get() as { n: number }).n
copy.close()
if (check !== 'ok') {
  console.error(`${backup} failed its integrity check (${String(check)}); nothing was changed.`)
  process.exit(1)
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-')
if (existsSync(database.file)) {
  // Fold the write-ahead log into the current file so the kept copy is whole.
  const current = new Database(database.file)
  current.pragma('wal_checkpoint(TRUNCATE)')
  current.close()
  copyFileSync(database.file, `${database.file}.before-restore-${stamp}`)
}
const incoming = `${database.file}.restoring`
copyFileSync(backup, incoming)
for (const suffix of ['-wal', '-shm']) rmSync(`${database.file}${suffix}`, { force: true })
renameSync(incoming, database.file)
console.log(
  `Restored ${backup} to ${database.file}: ${rows} requests. The previous database is at ${database.file}.before-restore-${stamp}.`,
)
