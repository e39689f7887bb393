// SQLite online backup and restore (docs/operations.md): a backup taken while requests come
// in is consistent and complete up to its moment; a restore puts it back and the server runs
// on it; a broken backup is refused without touching the database.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { projectRoot, startServer } from '../../scripts/lib/server.ts'

const run = promisify(execFile)
const dir = mkdtempSync(path.join(tmpdir(), 'longbar-backup-'))
const dbFile = path.join(dir, 'live.sqlite')
const env = { PATH: process.env.PATH ?? '', DATABASE_URL: `file:${dbFile}` }
const script = (name: string, ...args: string[]) =>
  run(process.execPath, [`scripts/${name}.ts`, ...args], { cwd: projectRoot, env })
const count = (file: string) => {
  const db = new Database(file, { readonly: true })
  const n = (db.prepare('select count(*) as n from contact_submissions').get() as { n: number }).n
  db.close()
  return n
}

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('SQLite backup and restore', () => {
  const backupFile = path.join(dir, 'backup.sqlite')
  let acknowledgedBefore = 0
  let acknowledgedTotal = 0

  it('backs up while requests are coming in: consistent, and holding everything acknowledged before it began', async () => {
    const server = await startServer({ DATABASE_URL: `file:${dbFile}`, TRUST_PROXY: '1' })
    let n = 0
    let stop = false
    const send = async () => {
      while (!stop) {
        const res = await fetch(`${server.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${n >> 8}.${n++ & 255}` },
          body: JSON.stringify({ name: `Backup ${n}`, phone: '4105550199' }),
        })
        if (res.status === 201) acknowledgedTotal++
      }
    }
    const load = Promise.all([send(), send(), send()])
    await new Promise((r) => setTimeout(r, 600))
    acknowledgedBefore = acknowledgedTotal
    const { stdout } = await script('db-backup', backupFile)
    await new Promise((r) => setTimeout(r, 300))
    stop = true
    await load
    await server.stop()

    expect(stdout).toMatch(/^Backed up .* to .*backup\.sqlite: \d+ requests, integrity ok, \d+ ms\.\n$/)
    const inBackup = count(backupFile)
    expect(acknowledgedBefore).toBeGreaterThan(10)
    expect(inBackup).toBeGreaterThanOrEqual(acknowledgedBefore)
    expect(inBackup).toBeLessThan(acknowledgedTotal)
    expect(count(dbFile)).toBe(acknowledgedTotal)
  })

  it('restores it in place of the database, keeps the old one beside it, and the server runs on it', async () => {
    const { stdout } = await script('db-restore', backupFile)
    expect(stdout).toMatch(/^Restored .* requests\. The previous database is at .*live\.sqlite\.before-restore-/)
    expect(count(dbFile)).toBe(count(backupFile))
    const kept = readdirSync(dir).find((f) => f.startsWith('live.sqlite.before-restore-'))!
    expect(count(path.join(dir, kept))).toBe(acknowledgedTotal)
    const server = await startServer({ DATABASE_URL: `file:${dbFile}` })
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      const res = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'After restore', phone: '4105550199' }),
      })
      expect(res.status).toBe(201)
    } finally {
      await server.stop()
    }
    expect(count(dbFile)).toBe(count(backupFile) + 1)
  })

  it('refuses a broken backup and leaves the database as it was', async () => {
    const broken = path.join(dir, 'broken.sqlite')
    writeFileSync(broken, 'this is not a database')
    const before = count(dbFile)
    await expect(script('db-restore', broken)).rejects.toMatchObject({ code: 1 })
    expect(count(dbFile)).toBe(before)
    expect(existsSync(`${dbFile}.restoring`)).toBe(false)
  })
})
