// `npm run db:drill`: the restore drill an operator runs weekly (docs/operations.md, Backups).
// On a throwaway database replicated to the replica of LITESTREAM_REPLICA_URL (in a folder of its
// own, drill-<time>, so the live replica is never touched) or of --replica URL: contact requests
// sent as fast as the server takes them, the server and its replicator killed with SIGKILL (a
// dead machine), the data folder wiped, the database restored from the replica, and every
// acknowledged request looked for. Litestream ships the log every sync interval (1 s) and a batch
// takes time to write, so the window of loss is the interval plus that time: the drill fails when
// a request acknowledged more than --max-loss-ms (twice the interval) before the kill is missing.
// Prints what was lost and when it had been acknowledged (the RPO), and the restore time.
//   npm run db:drill [-- --requests 10000] [--replica s3://…|sftp://…|/path] [--max-loss-ms 2000] [--json]
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { createLogger } from '../src/server/log.ts'
import { restoreIfMissing } from '../src/server/replica.ts'
import { SYNC_INTERVAL } from '../src/server/replica-url.ts'
import { startServer } from './lib/server.ts'

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    replica: { type: 'string' },
    concurrency: { type: 'string', default: '16' },
    json: { type: 'boolean', default: false },
    'max-loss-ms': { type: 'string' },
  },
})
const base = args.replica ?? process.env.LITESTREAM_REPLICA_URL
if (!base) {
  console.error('Name the replica: LITESTREAM_REPLICA_URL in the environment or .env, or --replica URL.')
  process.exit(1)
}
const run = `drill-${new Date().toISOString().replace(/[:.]/g, '-')}`
/** The drill's own folder in the replica. */
function drillReplica(url: string): string {
  if (path.isAbsolute(url)) return path.join(url, run)
  const u = new URL(url)
  u.pathname = `${u.pathname.replace(/\/$/, '')}/${run}`
  return u.toString()
}
const replica = drillReplica(base)
const wanted = Number(args.requests)
const syncMs = Number.parseFloat(SYNC_INTERVAL) * 1000
const maxLossMs = Number(args['max-loss-ms'] ?? 2 * syncMs)

/** The process and every process it started (the replicator), by id from /proc. */
function processTree(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid)
      } catch {
        return false
      }
    })
    .map(Number)
  return [pid, ...children.flatMap(processTree)]
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'longbar-drill-'))
const dbFile = path.join(dataDir, 'longbar.sqlite')
const server = await startServer({
  DATABASE_URL: `file:${dbFile}`,
  LITESTREAM_REPLICA_URL: replica,
  CONTACT_RATE_LIMIT: '999999/1m',
  LOG_LEVEL: 'warn',
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => /^(LITESTREAM_|AWS_|NODE_EXTRA_CA_CERTS)/.test(name) && name !== 'LITESTREAM_REPLICA_URL',
    ),
  ),
})

// Traffic until `wanted` requests are acknowledged (and for 5 sync intervals at least), then the kill, with requests still in flight.
const acked = new Map<string, number>()
let sent = 0
let killedAt = 0
const started = Date.now()
const tree = () => processTree(server.pid)
async function visitor(): Promise<void> {
  while (!killedAt) {
    const message = `${run} #${sent++}`
    try {
      const res = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Drill', phone: '410-555-0100', message }),
      })
      if (res.status === 201 && !killedAt) acked.set(message, Date.now())
      await res.arrayBuffer()
    } catch {
      return // the server is gone
    }
    // At least a few sync intervals of traffic: the replica has its first snapshot and log.
    if (acked.size >= wanted && Date.now() - started >= 5 * syncMs && !killedAt) {
      killedAt = Date.now()
      for (const pid of tree()) process.kill(pid, 'SIGKILL')
    }
  }
}
await Promise.all(Array.from({ length: Number(args.concurrency) }, visitor))
await server.stop('SIGKILL')
const trafficMs = killedAt - started

// A dead machine: its disk gone.
rmSync(dataDir, { recursive: true, force: true })
const restore = await restoreIfMissing(
  dbFile,
  replica,
  createLogger('error', () => undefined),
)
if (!restore.restored)
  throw new Error(
    `nothing to restore from ${replica}; the replicator said:\n${server.logs.filter((l) => l.includes('litestream')).join('\n')}`,
  )
const db = new Database(dbFile, { readonly: true })
const found = new Set(
  (db.prepare('select message from contact_submissions').all() as { message: string }[]).map((r) => r.message),
)
db.close()
const dbBytes = statSync(dbFile).size
rmSync(dataDir, { recursive: true, force: true })

const lost = [...acked].filter(([message]) => !found.has(message))
const lostOlderThanSync = lost.filter(([, at]) => killedAt - at > syncMs)
const lostBeyondMaxLoss = lost.filter(([, at]) => killedAt - at > maxLossMs)
const report = {
  replica: replica.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@'),
  acknowledged: acked.size,
  requestsPerSecond: Math.round((acked.size / trafficMs) * 1000),
  found: acked.size - lost.length,
  lost: lost.length,
  /** How long before the kill the oldest lost request had been acknowledged: the window of loss. */
  rpoMs: lost.length ? killedAt - Math.min(...lost.map(([, at]) => at)) : 0,
  syncIntervalMs: syncMs,
  lostOlderThanSyncInterval: lostOlderThanSync.length,
  maxLossMs,
  lostBeyondMaxLoss: lostBeyondMaxLoss.length,
  restoreMs: restore.ms,
  restoredMB: +(dbBytes / 1e6).toFixed(1),
  ok: lostBeyondMaxLoss.length === 0,
}
if (args.json) console.log(JSON.stringify(report))
else
  console.log(
    `${report.ok ? 'drill passed' : 'DRILL FAILED'}: ${report.acknowledged} requests acknowledged (${report.requestsPerSecond}/s), then kill -9 and the data wiped; ` +
      `restored from ${report.replica} in ${report.restoreMs} ms (${report.restoredMB} MB); ${report.found} found, ${report.lost} lost ` +
      `(window of loss ${report.rpoMs} ms; sync interval ${syncMs} ms, lost older than it: ${report.lostOlderThanSyncInterval}; allowed ${maxLossMs} ms, lost older than that: ${report.lostBeyondMaxLoss})`,
  )
process.exitCode = report.ok ? 0 : 1
