// `npm run bench:contact [-- --connections 50 --seconds 10 --warmup 2 --db sqlite|postgres|both --cpu-prof]`:
// the contact form's throughput (goal: 1,000 stored per second with p99 under 50 ms at 50 connections). Starts the built server (node src/server/main.ts) on a
// fresh SQLite file, then on a fresh PostgreSQL database (created on
// postgres://postgres@127.0.0.1:5432, dropped afterwards), sends valid requests to
// POST /api/contact from N concurrent connections, and prints requests per second, latencies,
// answers by status, transport errors and the rows stored, which must equal the 2xx answers.
// Each request comes from its own X-Forwarded-For address (TRUST_PROXY=1), so each goes through
// the real rate limit without being refused. Writes the figures to .reports/bench-contact.json.
// --cpu-prof runs the server under `node --cpu-prof` and leaves its profiles in .reports/cpu-prof/
// (open them in Chrome DevTools). A script that prints figures, not a test. Needs `npm run build` first.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { countSubmissions } from '../src/server/db/submissions.ts'
import { measureLoad, type Cpu } from './lib/cpu.ts'
import { checkLoadFlags, LOAD_FLAGS, type LoadResult } from './lib/load.ts'
import { counts, ms, n0, n1, non2xx, pct, sum2xx } from './lib/report.ts'
import { addressOf, contactRequestBody } from './lib/seed.ts'
import { projectRoot, startServer } from './lib/server.ts'
import { createStorage } from './lib/storage.ts'

const PROFILE_DIR = path.join(projectRoot, '.reports', 'cpu-prof')
/** Above this share of a core used by other processes, a run's figures are not the server's own. */
const BUSY_MACHINE_PERCENT = 25
const GOAL = { storedPerSecond: 1_000, p99Ms: 50, connections: 50 }

const { values: args } = parseArgs({
  options: {
    ...LOAD_FLAGS,
    db: { type: 'string', default: 'both' },
  },
})
const { connections, seconds, warmupSeconds } = checkLoadFlags(args)
if (!['sqlite', 'postgres', 'both'].includes(args.db)) throw new Error('--db must be sqlite, postgres or both')
const databases = (args.db === 'both' ? ['sqlite', 'postgres'] : [args.db]) as Kind[]

type Kind = 'sqlite' | 'postgres'

// ---- Requests: realistic, varied, valid; bodies serialized once, only the address changes. ----

const VARIANTS = 997 // bodies serialized once; a prime, so they do not repeat in step with anything
const bodies: Buffer[] = Array.from({ length: VARIANTS }, (_, i) => Buffer.from(contactRequestBody(i)))

const makeRequest = (i: number) => ({
  method: 'POST',
  path: '/api/contact',
  headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': addressOf(i) },
  body: bodies[i % VARIANTS]!,
})

/** A stored request's answer: `{"success":true,…}` with the confirmation's words after it. */
const SUCCESS_START = '{"success":true,'

// ---- One run: a server on a fresh database, the load, the rows counted afterwards. ----

type RunFigures = {
  database: Kind
  load: LoadResult
  /** 201 answers whose body did not start {"success":true, (counted in the 2xx all the same). */
  unexpected201Bodies: number
  /** A few answers that were not 201, to say why. */
  sampleFailures: string[]
  twoXx: { measured: number; warmup: number; total: number }
  stored: { submissions: number; outbox: number }
  storedEqualsTwoXx: boolean
  storedPerSecond: number
  cpu: Cpu
  serverLogLines: { warn: number; error: number; other: number }
}

async function benchmark(kind: Kind): Promise<RunFigures> {
  const storage = await createStorage(kind === 'postgres' ? 'PostgreSQL' : 'SQLite')
  try {
    const server = await startServer(
      {
        DATABASE_URL: storage.databaseUrl,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
      },
      {
        nodeArgs: args['cpu-prof']
          ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=server-${kind}-${Date.now()}.cpuprofile`]
          : [],
      },
    )
    const logsBefore = server.logs.length
    let unexpected201Bodies = 0
    const sampleFailures: string[] = []
    let load: LoadResult
    let cpu: Cpu
    try {
      ;({ load, cpu } = await measureLoad(
        {
          url: server.url,
          connections,
          durationMs: seconds * 1000,
          warmupMs: warmupSeconds * 1000,
          makeRequest,
          onResponse: (_i, status, body) => {
            if (status === 201) {
              if (!body.toString().startsWith(SUCCESS_START)) unexpected201Bodies++
            } else if (sampleFailures.length < 3) sampleFailures.push(`${status} ${body.toString().slice(0, 200)}`)
          },
        },
        () => [server.pid],
      ))
    } finally {
      await server.stop()
    }

    // Count what the database holds, with the server stopped (every answer was already sent).
    const db = await storage.open()
    let stored: RunFigures['stored']
    try {
      const outbox = await db.k
        .selectFrom('notification_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('channel', 'is', null)
        .executeTakeFirstOrThrow()
      stored = { submissions: await countSubmissions(db), outbox: Number(outbox.n) }
    } finally {
      await db.close()
    }

    const serverLogLines = { warn: 0, error: 0, other: 0 }
    for (const line of server.logs.slice(logsBefore)) {
      const level = /"level":"(\w+)"/.exec(line)?.[1]
      if (level === 'warn' || level === 'error') serverLogLines[level]++
      else serverLogLines.other++
    }
    const twoXx = { measured: sum2xx(load), warmup: sum2xx(load.warmup), total: 0 }
    twoXx.total = twoXx.measured + twoXx.warmup
    return {
      database: kind,
      load,
      unexpected201Bodies,
      sampleFailures,
      twoXx,
      stored,
      storedEqualsTwoXx: twoXx.total === stored.submissions,
      storedPerSecond: load.elapsedMs > 0 ? (twoXx.measured * 1000) / load.elapsedMs : 0,
      cpu,
      serverLogLines,
    }
  } finally {
    await storage.remove()
  }
}

// ---- Printing ----

const LABEL: Record<Kind, string> = {
  sqlite: 'SQLite (file, WAL, synchronous=FULL)',
  postgres: 'PostgreSQL (127.0.0.1:5432, pool of 10)',
}

function printRun(r: RunFigures): void {
  const { load } = r
  const row = (label: string, value: string) => console.log(`  ${label.padEnd(22)}${value}`)
  console.log(
    `\n${LABEL[r.database]}: ${connections} connections, ${seconds} s measured after ${warmupSeconds} s of warm-up`,
  )
  row(
    'requests/s',
    `${n1(load.requestsPerSecond)}  (${n0(load.count)} requests in ${(load.elapsedMs / 1000).toFixed(2)} s)`,
  )
  row('stored/s', n1(r.storedPerSecond))
  row(
    'latency (ms)',
    `p50 ${ms(load.latency.p50)}  p90 ${ms(load.latency.p90)}  p99 ${ms(load.latency.p99)}  max ${ms(load.latency.max)}  (mean ${ms(load.latency.mean)})`,
  )
  row(
    'latency histogram',
    load.histogram.map((h) => `≤${Number.isFinite(h.upToMs) ? h.upToMs : '∞'}ms: ${n0(h.count)}`).join('  '),
  )
  row('2xx', `${n0(r.twoXx.measured)} measured + ${n0(r.twoXx.warmup)} in warm-up = ${n0(r.twoXx.total)}`)
  if (r.unexpected201Bodies > 0) row('201 with other body', n0(r.unexpected201Bodies))
  row('non-2xx', `${counts(non2xx(load))}  (warm-up: ${counts(non2xx(load.warmup))})`)
  row('transport errors', `${counts(load.errors)}  (warm-up: ${counts(load.warmup.errors)})`)
  for (const f of r.sampleFailures) row('e.g.', f)
  row(
    'rows stored',
    `${n0(r.stored.submissions)} in contact_submissions, ${n0(r.stored.outbox)} events in notification_outbox`,
  )
  console.log(
    `  2xx = stored: ${r.storedEqualsTwoXx ? 'yes' : `NO (${n0(r.twoXx.total)} 2xx, ${n0(r.stored.submissions)} rows)`}`,
  )
  const c = r.cpu
  row(
    'CPU (% of one core)',
    `server ${pct(c.server)}, load generator ${pct(c.loadGenerator)}, postgres ${pct(c.postgres)}, interrupts ${pct(c.interrupts)}, everything else ${pct(c.everythingElse)}; machine ${pct(c.machineBusy)} busy + ${pct(c.machineIowait)} iowait of ${c.cores * 100}%`,
  )
  if ((c.everythingElse ?? 0) > BUSY_MACHINE_PERCENT)
    console.log(
      `  Warning: other processes used ${pct(c.everythingElse)} of a core meanwhile: these figures understate what the server can do.`,
    )
  if (r.serverLogLines.warn + r.serverLogLines.error + r.serverLogLines.other > 0)
    row('server log lines', counts(r.serverLogLines))
}

function goalVerdict(sqlite: RunFigures | undefined): { met: boolean | null; line: string } {
  const goal = `Goal (SQLite, ${GOAL.connections} connections): ≥ ${n0(GOAL.storedPerSecond)} stored/s with p99 < ${GOAL.p99Ms} ms`
  if (!sqlite) return { met: null, line: `${goal}: not judged (SQLite not run)` }
  if (connections !== GOAL.connections)
    return { met: null, line: `${goal}: not judged (this run used ${connections} connections)` }
  const met =
    sqlite.storedPerSecond >= GOAL.storedPerSecond && sqlite.load.latency.p99 < GOAL.p99Ms && sqlite.storedEqualsTwoXx
  return {
    met,
    line: `${goal}: ${met ? 'met' : 'NOT met'} (${n1(sqlite.storedPerSecond)} stored/s, p99 ${ms(sqlite.load.latency.p99)} ms)`,
  }
}

// ---- Main ----

console.log(
  `POST /api/contact benchmark, ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s per database; Node ${process.version}`,
)
const results: RunFigures[] = []
for (const kind of databases) {
  const r = await benchmark(kind)
  printRun(r)
  results.push(r)
}

console.log('\nSummary')
console.log(
  `  ${'database'.padEnd(11)}${'req/s'.padStart(9)}${'stored/s'.padStart(10)}${'p50'.padStart(8)}${'p90'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}   2xx = stored`,
)
for (const r of results) {
  const l = r.load.latency
  console.log(
    `  ${r.database.padEnd(11)}${n1(r.load.requestsPerSecond).padStart(9)}${n1(r.storedPerSecond).padStart(10)}${ms(l.p50).padStart(8)}${ms(l.p90).padStart(8)}${ms(l.p99).padStart(8)}${ms(l.max).padStart(8)}   ${r.storedEqualsTwoXx ? 'yes' : 'NO'}`,
  )
}
const verdict = goalVerdict(results.find((r) => r.database === 'sqlite'))
console.log(`\n${verdict.line}`)

const reportFile = path.join(projectRoot, '.reports', 'bench-contact.json')
mkdirSync(path.dirname(reportFile), { recursive: true })
writeFileSync(
  reportFile,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, connections, seconds, warmupSeconds, goal: { ...GOAL, met: verdict.met }, results }, null, 2)}\n`,
)
console.log(`Figures written to ${path.relative(process.cwd(), reportFile)}`)
if (args['cpu-prof']) console.log(`Server CPU profiles in ${path.relative(process.cwd(), PROFILE_DIR)}`)
if (results.some((r) => !r.storedEqualsTwoXx)) process.exitCode = 1
