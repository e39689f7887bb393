// `npm run bench:alerts [-- --requests 200 --concurrency 1 --db sqlite|postgres|both]`: how long an
// alert takes to arrive (issue 13's goal: p99 under 2 s). Starts the built server (node
// src/server/main.ts) on a fresh SQLite file, then on a fresh PostgreSQL database, with each alert
// receiver of this script configured; sends N valid requests to POST /api/contact (one at a time
// by default, each from its own X-Forwarded-For address) and times each from the POST's start to
// its arrival at each receiver. Prints p50, p99 and max per receiver and database, and writes them
// to .reports/bench-alerts.json. A script that prints figures, not a test. Needs `npm run build`.
//
// A receiver is what a channel delivers to, run here: the webhook receiver (which checks each
// signature) is the first; another channel adds its own to RECEIVERS.
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ms } from './lib/report.ts'
import { projectRoot, startServer } from '../tests/helpers/server.ts'
import { createStorage } from '../tests/helpers/storage.ts'
import { startWebhookReceiver } from '../tests/helpers/webhook-receiver.ts'

const GOAL_P99_MS = 2_000

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '1' },
    db: { type: 'string', default: 'both' },
  },
})
const requests = Number(args.requests)
const concurrency = Number(args.concurrency)
if (!Number.isInteger(requests) || requests < 1) throw new Error('--requests must be a whole number ≥ 1')
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a whole number ≥ 1')
if (!['sqlite', 'postgres', 'both'].includes(args.db)) throw new Error('--db must be sqlite, postgres or both')
const databases: ('SQLite' | 'PostgreSQL')[] =
  args.db === 'both' ? ['SQLite', 'PostgreSQL'] : [args.db === 'sqlite' ? 'SQLite' : 'PostgreSQL']

/** A running receiver: the server's settings that point at it, and when each request's alert arrived (by name). */
type Receiver = {
  name: string
  env: Record<string, string>
  arrivals: Map<string, number>
  /** Arrivals that failed the receiver's own check (a bad signature…). */
  invalid(): number
  close(): Promise<void>
}

/** The receivers, started once per database run. */
const RECEIVERS: (() => Promise<Receiver>)[] = [
  async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`
    const hooks = await startWebhookReceiver(secret)
    const arrivals = new Map<string, number>()
    const seen = () => {
      for (const h of hooks.all) {
        const name = (h.json as { data?: { name?: string } } | undefined)?.data?.name
        if (name && !arrivals.has(name)) arrivals.set(name, h.at)
      }
    }
    return {
      name: 'webhook',
      env: { WEBHOOK_URLS: `${hooks.url}/bench`, WEBHOOK_SECRET: secret },
      get arrivals() {
        seen()
        return arrivals
      },
      invalid: () => hooks.all.filter((h) => !h.valid).length,
      close: () => hooks.close(),
    }
  },
]

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

type Figures = { receiver: string; arrived: number; invalid: number; p50Ms: number; p99Ms: number; maxMs: number }

async function run(kind: 'SQLite' | 'PostgreSQL'): Promise<Figures[]> {
  const storage = await createStorage(kind)
  const receivers = await Promise.all(RECEIVERS.map((start) => start()))
  const server = await startServer({
    DATABASE_URL: storage.databaseUrl,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    ...(Object.assign({}, ...receivers.map((r) => r.env)) as Record<string, string>),
  })
  const sentAt = new Map<string, number>()
  try {
    let next = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          const i = next++
          const name = `Bench ${kind} ${i}`
          sentAt.set(name, Date.now())
          const res = await fetch(`${server.url}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
            body: JSON.stringify({ name, phone: '(410) 555-0199', elapsedMs: 9000, page: '/contact' }),
          })
          if (res.status !== 201) throw new Error(`POST /api/contact answered ${res.status}: ${await res.text()}`)
          // One at a time means: until this one's alerts have arrived (or 10 s).
          if (concurrency === 1) {
            const until = Date.now() + 10_000
            while (receivers.some((r) => !r.arrivals.has(name)) && Date.now() < until)
              await new Promise((r) => setTimeout(r, 2))
          }
        }
      }),
    )
    const until = Date.now() + 30_000
    while (receivers.some((r) => r.arrivals.size < requests) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20))
  } finally {
    await server.stop()
    await Promise.all(receivers.map((r) => r.close()))
    await storage.remove()
  }
  return receivers.map((r) => {
    const times = [...r.arrivals].map(([name, at]) => at - sentAt.get(name)!).sort((a, b) => a - b)
    return {
      receiver: r.name,
      arrived: times.length,
      invalid: r.invalid(),
      p50Ms: percentile(times, 50),
      p99Ms: percentile(times, 99),
      maxMs: times.at(-1) ?? NaN,
    }
  })
}

const results: Record<string, Figures[]> = {}
for (const kind of databases) {
  results[kind] = await run(kind)
  for (const f of results[kind]) {
    const verdict = f.arrived === requests && f.invalid === 0 && f.p99Ms < GOAL_P99_MS ? 'goal met' : 'GOAL MISSED'
    console.log(
      `${kind} · ${f.receiver}: ${f.arrived}/${requests} arrived (${f.invalid} invalid), from POST to arrival p50 ${ms(f.p50Ms)} ms, p99 ${ms(f.p99Ms)} ms, max ${ms(f.maxMs)} ms (goal p99 < ${GOAL_P99_MS} ms: ${verdict})`,
    )
  }
}
mkdirSync(path.join(projectRoot, '.reports'), { recursive: true })
writeFileSync(
  path.join(projectRoot, '.reports/bench-alerts.json'),
  `${JSON.stringify({ requests, concurrency, goalP99Ms: GOAL_P99_MS, results }, null, 2)}\n`,
)
