// `npm run bench:alerts [-- --requests 200 --rate 10 --db sqlite|postgres|both]`: how long an
// alert takes from the visitor's POST /api/contact to the owner's phone's push service and to a
// webhook (goal: p99 under 2 s). Starts the built server (node src/server/main.ts) on a fresh
// database, with one device subscribed at a push service run here (tests/helpers/push-receiver.ts:
// HTTPS, checks the VAPID signature, decrypts the payload) and WEBHOOK_URLS pointing at a webhook
// receiver run here (tests/helpers/webhook-receiver.ts: checks each Standard Webhooks signature),
// sends the requests at a steady rate, each from its own address, and times each one from just
// before its POST to the moment its push is decrypted and its webhook received. Prints p50, p90,
// p99 and the worst of each, and alerts missing or sent twice; writes .reports/bench-alerts.json.
// A script that prints figures, not a test. Needs `npm run build` first.
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { saveSubscription } from '../src/server/db/push.ts'
import { startPushReceiver } from './lib/push-receiver.ts'
import { startWebhookReceiver } from './lib/webhook-receiver.ts'
import { projectRoot, startServer } from './lib/server.ts'
import { createStorage } from './lib/storage.ts'
import { ms } from './lib/report.ts'
import { addressOf } from './lib/seed.ts'

const GOAL_P99_MS = 2_000

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '200' },
    rate: { type: 'string', default: '10' },
    db: { type: 'string', default: 'both' },
  },
})
const requests = Number(args.requests)
const rate = Number(args.rate)
if (!Number.isInteger(requests) || requests < 1) throw new Error('--requests must be a whole number above 0')
if (!(rate > 0)) throw new Error('--rate must be above 0 (requests per second)')
if (!['sqlite', 'postgres', 'both'].includes(args.db)) throw new Error('--db must be sqlite, postgres or both')
const databases =
  args.db === 'both'
    ? (['SQLite', 'PostgreSQL'] as const)
    : args.db === 'sqlite'
      ? (['SQLite'] as const)
      : (['PostgreSQL'] as const)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!

type Latency = { p50: number; p90: number; p99: number; max: number }
type Figures = {
  database: string
  requests: number
  ratePerSecond: number
  delivered: number
  missing: number
  duplicates: number
  refusedByReceiver: number
  pushMs: Latency
  webhook: { delivered: number; missing: number; duplicates: number; badSignatures: number; ms: Latency }
}

const latency = (sorted: number[]): Latency => ({
  p50: quantile(sorted, 0.5),
  p90: quantile(sorted, 0.9),
  p99: quantile(sorted, 0.99),
  max: sorted.at(-1)!,
})

async function run(kind: (typeof databases)[number]): Promise<Figures> {
  const storage = await createStorage(kind)
  const receiver = await startPushReceiver()
  const secret = `whsec_${randomBytes(32).toString('base64')}`
  const hooks = await startWebhookReceiver(secret)
  const server = await startServer({
    DATABASE_URL: storage.databaseUrl,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    NODE_EXTRA_CA_CERTS: receiver.certFile,
    PUSH_PRIVATE_HOSTS: '127.0.0.1',
    WEBHOOK_URLS: `${hooks.url}/bench`,
    WEBHOOK_SECRET: secret,
  })
  const db = await storage.open()
  try {
    const { public_key } = await db.k.selectFrom('push_keys').select('public_key').executeTakeFirstOrThrow()
    const phone = receiver.subscribe(public_key)
    await saveSubscription(db, { endpoint: phone.endpoint, ...phone.keys, device: 'Bench phone' })

    const sentAt = new Map<string, number>()
    const posts: Promise<void>[] = []
    const start = Date.now()
    for (let i = 0; i < requests; i++) {
      // A steady rate: request i leaves at start + i / rate seconds.
      const wait = start + (i * 1000) / rate - Date.now()
      if (wait > 0) await sleep(wait)
      const name = `Bench ${i}`
      sentAt.set(`New request: ${name}`, performance.timeOrigin + performance.now())
      posts.push(
        fetch(`${server.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) },
          body: JSON.stringify({ name, phone: '4105550199', service: 'ac-repair', message: 'Bench', elapsedMs: 9000 }),
        }).then(async (res) => {
          if (res.status !== 201) throw new Error(`POST /api/contact answered ${res.status}: ${await res.text()}`)
        }),
      )
    }
    await Promise.all(posts)
    await receiver.waitFor(requests, 60_000).catch(() => undefined)
    await hooks.waitFor(requests, 60_000).catch(() => undefined)
    // Anything sent twice would arrive now.
    await sleep(2_000)

    const arrivals = new Map<string, number>()
    let duplicates = 0
    for (const push of receiver.received) {
      const title = String(push.payload.title)
      if (arrivals.has(title)) duplicates++
      else arrivals.set(title, push.at)
    }
    const latencies = [...arrivals].map(([title, at]) => at - sentAt.get(title)!).sort((a, b) => a - b)
    // The webhooks, by the request's name (sentAt is keyed by the push's title, "New request: <name>").
    const hookArrivals = new Map<string, number>()
    let hookDuplicates = 0
    for (const hook of hooks.delivered()) {
      const key = `New request: ${(hook.json as { data: { name: string } }).data.name}`
      if (hookArrivals.has(key)) hookDuplicates++
      else hookArrivals.set(key, hook.at)
    }
    const hookLatencies = [...hookArrivals].map(([key, at]) => at - sentAt.get(key)!).sort((a, b) => a - b)
    return {
      database: kind,
      requests,
      ratePerSecond: rate,
      delivered: arrivals.size,
      missing: requests - arrivals.size,
      duplicates,
      refusedByReceiver: receiver.rejected.length,
      pushMs: latency(latencies),
      webhook: {
        delivered: hookArrivals.size,
        missing: requests - hookArrivals.size,
        duplicates: hookDuplicates,
        badSignatures: hooks.all.filter((h) => !h.valid).length,
        ms: latency(hookLatencies),
      },
    }
  } finally {
    await server.stop()
    await receiver.close()
    await hooks.close()
    await db.close()
    await storage.remove()
  }
}

const results: Figures[] = []
for (const kind of databases) {
  const f = await run(kind)
  results.push(f)
  console.log(
    `${f.database}: ${f.requests} requests at ${f.ratePerSecond}/s → pushes delivered ${f.delivered}, missing ${f.missing}, twice ${f.duplicates}, refused ${f.refusedByReceiver}; ` +
      `POST → push at the receiver: p50 ${ms(f.pushMs.p50)} ms, p90 ${ms(f.pushMs.p90)} ms, p99 ${ms(f.pushMs.p99)} ms, max ${ms(f.pushMs.max)} ms ` +
      `(goal p99 < ${GOAL_P99_MS} ms: ${f.pushMs.p99 < GOAL_P99_MS && f.missing === 0 && f.duplicates === 0 ? 'met' : 'NOT met'})`,
  )
  const w = f.webhook
  console.log(
    `${f.database}: webhooks delivered ${w.delivered}, missing ${w.missing}, twice ${w.duplicates}, bad signatures ${w.badSignatures}; ` +
      `POST → webhook at the receiver: p50 ${ms(w.ms.p50)} ms, p90 ${ms(w.ms.p90)} ms, p99 ${ms(w.ms.p99)} ms, max ${ms(w.ms.max)} ms ` +
      `(goal p99 < ${GOAL_P99_MS} ms: ${w.ms.p99 < GOAL_P99_MS && w.missing === 0 && w.duplicates === 0 && w.badSignatures === 0 ? 'met' : 'NOT met'})`,
  )
}
mkdirSync(path.join(projectRoot, '.reports'), { recursive: true })
writeFileSync(path.join(projectRoot, '.reports/bench-alerts.json'), `${JSON.stringify(results, null, 2)}\n`)
