// Continuous off-machine copies of the SQLite database with Litestream (docs/operations.md,
// "Backups"; the binary ships in the npm package @flydotio/litestream-linux-x64). One variable,
// LITESTREAM_REPLICA_URL, names the replica: s3://bucket/path (S3 or any S3-compatible storage:
// ?endpoint=https://…&region=…), sftp://user@host/path, or a path on this machine. At start, a
// database file that is not there (a new machine, an empty container volume) is restored from
// the replica first; then `litestream replicate` runs beside the server, shipping each change of
// the write-ahead log within SYNC_INTERVAL, and is stopped after the database is closed.
import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Logger } from './log.ts'
import { litestreamConfig, SYNC_INTERVAL } from './replica-url.ts'

/** The Litestream binary of the npm package (LITESTREAM_BIN names another). */
function litestreamBinary(): string {
  if (process.env.LITESTREAM_BIN) return process.env.LITESTREAM_BIN
  const pkg = createRequire(import.meta.url).resolve('@flydotio/litestream-linux-x64/package.json')
  return path.join(path.dirname(pkg), 'litestream')
}

export type Replica = { stop(): Promise<void> }

const run = promisify(execFile)

/**
 * Restores `dbFile` from the replica when the file is not there (and the replica holds a
 * copy); says how long it took. Nothing when the file exists: a database is never overwritten.
 */
export async function restoreIfMissing(
  dbFile: string,
  replica: string,
  log: Logger,
): Promise<{ restored: boolean; ms: number }> {
  if (existsSync(dbFile)) return { restored: false, ms: 0 }
  mkdirSync(path.dirname(dbFile), { recursive: true })
  const config = writeConfig(dbFile, replica)
  const started = performance.now()
  await run(litestreamBinary(), ['restore', '-config', config, '-if-replica-exists', dbFile])
  const ms = Math.round(performance.now() - started)
  const restored = existsSync(dbFile)
  if (restored) log.info('database restored from the replica', { file: dbFile, ms })
  else log.info('no replica to restore from yet; starting with a new database', { file: dbFile })
  return { restored, ms }
}

function writeConfig(dbFile: string, replica: string): string {
  const file = path.join(tmpdir(), `longbar-litestream-${process.pid}.yml`)
  writeFileSync(file, litestreamConfig(dbFile, replica), { mode: 0o600 })
  return file
}

/** Runs `litestream replicate` for `dbFile` until stopped; a replicator that dies is logged and started again. */
export function replicate(dbFile: string, replica: string, log: Logger): Replica {
  const config = writeConfig(dbFile, replica)
  let child: ChildProcess | undefined
  let stopping = false
  let startedAt = 0
  const start = () => {
    startedAt = Date.now()
    child = spawn(litestreamBinary(), ['replicate', '-config', config], { stdio: ['ignore', 'ignore', 'pipe'] })
    let lastError = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      if (/error/i.test(text)) {
        lastError = text.trim().slice(0, 500)
        log.warn('litestream', { message: lastError })
      }
    })
    child.on('exit', (code, signal) => {
      if (stopping) return
      log.error('litestream stopped; restarting it in 5 s', { code, signal, lastError })
      setTimeout(start, 5_000).unref()
    })
  }
  start()
  log.info('replicating the database', { file: dbFile, replica: redacted(replica), syncInterval: SYNC_INTERVAL })
  return {
    stop: async () => {
      stopping = true
      // Litestream ships what it has not yet shipped when it is stopped, but only once it has
      // opened the database, at its first check a second after it starts: a server stopped sooner
      // (a deploy replaced at once, a crash loop) would leave its last requests unshipped.
      await settled(dbFile, startedAt, () => child?.exitCode !== null)
      await new Promise<void>((resolve) => {
        if (child?.exitCode !== null) return resolve()
        // SIGTERM: Litestream ships what it has not yet shipped, then exits.
        const timer = setTimeout(() => child?.kill('SIGKILL'), 10_000)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
        child.kill('SIGTERM')
      })
    },
  }
}

/** Litestream's first check of the database, after it starts (its monitor interval), with a margin. */
const FIRST_CHECK_MS = 1_500
/** How long a stop waits at most for it. */
const INIT_WAIT_MS = 5_000

/**
 * Resolves once Litestream, started at `startedAt`, has had its first check of `dbFile` (its
 * generation file, kept beside the database, exists), the process is gone (`exited`), or the wait
 * is over.
 */
async function settled(dbFile: string, startedAt: number, exited: () => boolean): Promise<void> {
  const generation = path.join(path.dirname(dbFile), `.${path.basename(dbFile)}-litestream`, 'generation')
  const opened = () => Date.now() - startedAt >= FIRST_CHECK_MS && existsSync(generation)
  while (!opened() && !exited() && Date.now() - startedAt < INIT_WAIT_MS) await new Promise((r) => setTimeout(r, 50))
}

/** The replica's address without a password, for the log. */
const redacted = (replica: string) => replica.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@')
