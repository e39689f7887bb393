// `npm run bench:store [-- --requests 10000 --in-flight 50]`: where a stored contact request's time
// goes on SQLite, without HTTP. Stores valid requests through storeContactRequest (the contact
// path's own function: triage, customer, rate limits, row, event, group commit) on a fresh SQLite
// file, 50 in flight, after a tenth as many to warm up, and prints the main thread's CPU time per
// request, then each SQL statement's CPU time per run (better-sqlite3 runs them on this thread).
// CPU time, not wall time: it moves far less when other processes share the machine, so two
// trees can be compared on a busy one (`node scripts/bench-store.ts` in each). A script that
// prints figures, not a test.
import { parseArgs } from 'node:util'
import { storeContactRequest } from '../src/server/contact/store.ts'
import { parseRateLimits, type Window } from '../src/server/db/rate-limits.ts'
import type { ContactMessage } from '../src/lead/message.ts'
import { n0, n1 } from './lib/report.ts'
import { addressOf, contactRequest } from './lib/seed.ts'
import { watchStatements } from './lib/statements.ts'
import { createStorage } from './lib/storage.ts'

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    'in-flight': { type: 'string', default: '50' },
  },
})
const REQUESTS = Number(args.requests)
const IN_FLIGHT = Number(args['in-flight'])
if (!(REQUESTS >= 100) || !(IN_FLIGHT >= 1)) throw new Error('--requests must be at least 100, --in-flight at least 1')

// Each statement's CPU time, by its SQL: every statement prepared from here on is timed.
const bySql = new Map<string, { cpuUs: number; runs: number }>()
watchStatements((source, _values, run) => {
  const before = process.threadCpuUsage()
  try {
    return run()
  } finally {
    const spent = process.threadCpuUsage(before)
    const entry = bySql.get(source) ?? { cpuUs: 0, runs: 0 }
    entry.cpuUs += spent.user + spent.system
    entry.runs++
    bySql.set(source, entry)
  }
})

const VARIANTS = 997 // as bench:contact: the same people come back, the customer lookup finds them
const messages: ContactMessage[] = Array.from({ length: VARIANTS }, (_, i) => contactRequest(i))
// The visitor's limits as shipped (each request has its own address), the overall one lifted.
const overallLimits = parseRateLimits('contact-all', '999999/1h') as Window[]

const storage = await createStorage('SQLite')
const db = await storage.open()
let next = 0
const storeUntil = async (end: number) => {
  while (next < end) {
    const i = next++
    const result = await storeContactRequest(db, {
      message: messages[i % VARIANTS]!,
      clientKey: addressOf(i),
      overallLimits,
      foldWindowMs: 0,
    })
    if (!result.stored) throw new Error(`request ${i} was refused`)
  }
}
try {
  const warmup = Math.round(REQUESTS / 10)
  await Promise.all(Array.from({ length: IN_FLIGHT }, () => storeUntil(warmup)))
  bySql.clear()
  const before = process.threadCpuUsage()
  const startedAt = performance.now()
  await Promise.all(Array.from({ length: IN_FLIGHT }, () => storeUntil(warmup + REQUESTS)))
  const spent = process.threadCpuUsage(before)
  const wallMs = performance.now() - startedAt
  const perRequest = (spent.user + spent.system) / REQUESTS
  console.log(
    `storeContactRequest on SQLite: ${n0(REQUESTS)} requests, ${IN_FLIGHT} in flight, after ${n0(warmup)} to warm up; Node ${process.version}`,
  )
  console.log(`  main thread CPU per request   ${n1(perRequest)} µs  (wall ${n1((wallMs * 1000) / REQUESTS)} µs)`)
  console.log('  per statement (CPU µs per run, runs, share of the CPU):')
  const total = spent.user + spent.system
  for (const [source, { cpuUs, runs }] of [...bySql].sort((a, b) => b[1].cpuUs - a[1].cpuUs).slice(0, 10))
    console.log(
      `  ${n1(cpuUs / runs).padStart(9)} µs ${n0(runs).padStart(7)} ${`${Math.round((100 * cpuUs) / total)}%`.padStart(4)}  ${source.replace(/\s+/g, ' ').slice(0, 100)}`,
    )
} finally {
  await db.close()
  await storage.remove()
}
