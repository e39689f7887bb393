// Litestream beside the server (src/server/replica.ts), with the real binary and a replica folder:
// a request stored just before the server stops is in the replica, even when the server lived
// less than a second (Litestream ships on stop only once it has opened the database, at its first
// check a second after it starts; a container replaced at once lost its requests so).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { replicate, restoreIfMissing } from '../../src/server/replica.ts'
import { createLogger } from '../../src/server/log.ts'

const log = createLogger('error', () => undefined)
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function database() {
  const dir = mkdtempSync(path.join(tmpdir(), 'longbar-replica-'))
  dirs.push(dir)
  const file = path.join(dir, 'data', 'longbar.sqlite')
  const replica = path.join(dir, 'replica')
  return { dir, file, replica }
}

const rowsIn = (file: string) => {
  const db = new Database(file, { readonly: true })
  try {
    return (db.prepare('select name from requests order by id').all() as { name: string }[]).map((r) => r.name)
  } finally {
    db.close()
  }
}

describe('the replica', () => {
  it('holds what a server that lived a few hundred milliseconds wrote just before it stopped', async () => {
    const { dir, file, replica } = database()
    mkdirSync(path.dirname(file), { recursive: true })
    const db = new Database(file)
    db.pragma('journal_mode = WAL')
    db.exec('create table requests (id integer primary key, name text)')
    const running = replicate(file, replica, log)
    await new Promise((r) => setTimeout(r, 200))
    db.prepare('insert into requests (name) values (?)').run('stored just before the stop')
    db.close()
    await running.stop()

    const restored = path.join(dir, 'new-machine', 'longbar.sqlite')
    expect(await restoreIfMissing(restored, replica, log)).toEqual(expect.objectContaining({ restored: true }))
    expect(rowsIn(restored)).toEqual(['stored just before the stop'])
  }, 20_000)

  it('ships a second life of the same database, stopped at once, too', async () => {
    const { dir, file, replica } = database()
    mkdirSync(path.dirname(file), { recursive: true })
    const db = new Database(file)
    db.pragma('journal_mode = WAL')
    db.exec('create table requests (id integer primary key, name text)')
    db.prepare('insert into requests (name) values (?)').run('first life')
    const first = replicate(file, replica, log)
    await first.stop()
    const second = replicate(file, replica, log)
    db.prepare('insert into requests (name) values (?)').run('second life')
    db.close()
    await second.stop()

    const restored = path.join(dir, 'new-machine', 'longbar.sqlite')
    await restoreIfMissing(restored, replica, log)
    expect(rowsIn(restored)).toEqual(['first life', 'second life'])
  }, 30_000)
})
