// `npm run bench:booking [-- --db sqlite|postgres|both --rounds 40 --attempts 50]`: online booking's
// two costs (issue 24), in process against a fresh database of each kind (PostgreSQL on
// postgres://postgres@127.0.0.1:5432, dropped afterwards):
// - the windows query (what GET /api/booking/windows and /contact/book run: the days offered with
//   what is taken), on a database holding 10,000 requests and a booking in every other window;
// - booking under contention: per round, `--attempts` requests at once for one window with room
//   for 2, each stored with its window in one transaction (src/server/contact/store.ts); the time
//   of a round, each request's latency, and a check that every round booked exactly 2.
// A script that prints figures, not a test.
import { parseArgs } from 'node:util'
import { loadCatalogue } from '../src/catalogue/load.ts'
import { bookingDesk } from '../src/server/contact/booking.ts'
import { storeContactRequest } from '../src/server/contact/store.ts'

import { createStorage } from './lib/storage.ts'

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    rounds: { type: 'string', default: '40' },
    attempts: { type: 'string', default: '50' },
  },
})
const rounds = Number(args.rounds)
const attempts = Number(args.attempts)
const kinds =
  args.db === 'both'
    ? (['SQLite', 'PostgreSQL'] as const)
    : args.db === 'postgres'
      ? (['PostgreSQL'] as const)
      : (['SQLite'] as const)

const TIME_ZONE = 'America/New_York'
/** The `p`th percentile of sorted figures, in milliseconds with one decimal. */
const at = (sorted: number[], p: number) =>
  `${sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!.toFixed(1)} ms`
const rules = loadCatalogue().booking
if (!rules) throw new Error('content/booking.yaml is missing: nothing to book.')
// Sixty days of windows and no daily cap, so every round has a window of its own.
const desk = bookingDesk({ ...rules, daysAhead: 60, dailyCap: 500, visitsPerWindow: 2, closed: [] }, TIME_ZONE)!

const message = (i: number, window?: string) => ({
  name: `Bench ${i}`,
  phone: '(410) 555-0199',
  zip: '21014',
  service: 'heating-repair' as const,
  ...(window ? { window } : {}),
})

console.log(
  `Booking: the windows query, and ${rounds} rounds of ${attempts} requests at once for one window with room for 2.\n`,
)
for (const kind of kinds) {
  const storage = await createStorage(kind)
  const db = await storage.open()
  try {
    const now = Date.now()
    // 10,000 requests without a window, then one booking in every other window offered.
    for (let i = 0; i < 10_000; i += 500)
      await Promise.all(
        Array.from({ length: 500 }, (_, j) =>
          storeContactRequest(db, { message: message(i + j), clientKey: `seed-${i + j}`, overallLimits: [] }),
        ),
      )
    const offered = (await desk.offered(db, now)).flatMap((d) => d.windows)
    for (const [i, w] of offered.entries()) {
      if (i % 2 !== 0) continue
      const m = message(20_000 + i, w.id)
      await storeContactRequest(db, {
        message: m,
        clientKey: `seed-w-${i}`,
        overallLimits: [],
        booking: desk.asked(m, 'Bel Air', now),
      })
    }

    // The windows query.
    const held = await db.k
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const queryTimes: number[] = []
    for (let i = 0; i < 500; i++) {
      const start = performance.now()
      await desk.choices(db, now)
      queryTimes.push(performance.now() - start)
    }
    queryTimes.sort((a, b) => a - b)

    // Contention: each round on a window nobody holds yet (the odd ones).
    const free = offered.filter((_, i) => i % 2 === 1)
    if (free.length < rounds) throw new Error(`only ${free.length} free windows for ${rounds} rounds`)
    const roundTimes: number[] = []
    const latencies: number[] = []
    let exact = 0
    for (let r = 0; r < rounds; r++) {
      const w = free[r]!
      const start = performance.now()
      const results = await Promise.all(
        Array.from({ length: attempts }, async (_, i) => {
          const m = message(100_000 + r * attempts + i, w.id)
          const t = performance.now()
          const result = await storeContactRequest(db, {
            message: m,
            clientKey: `race-${r}-${i}`,
            overallLimits: [],
            booking: desk.asked(m, 'Bel Air', Date.now()),
          })
          latencies.push(performance.now() - t)
          return result
        }),
      )
      roundTimes.push(performance.now() - start)
      if (results.filter((x) => x.stored && x.booking?.booked).length === 2) exact++
    }
    roundTimes.sort((a, b) => a - b)
    latencies.sort((a, b) => a - b)
    console.log(
      `${kind}: ${offered.length} windows offered over 60 days, ${Number(held.n)} booked, 10,000 other requests`,
    )
    console.log(`  windows query: p50 ${at(queryTimes, 50)}, p99 ${at(queryTimes, 99)} (500 runs)`)
    console.log(
      `  ${attempts} at once for room 2: a round p50 ${at(roundTimes, 50)}, p99 ${at(roundTimes, 99)}; ` +
        `a request p50 ${at(latencies, 50)}, p99 ${at(latencies, 99)}; ` +
        `${(((attempts * rounds) / roundTimes.reduce((a, b) => a + b, 0)) * 1000).toFixed(0)} requests/s stored`,
    )
    console.log(`  rounds that booked exactly 2: ${exact} of ${rounds}\n`)
    if (exact !== rounds) process.exitCode = 1
  } finally {
    await db.close()
    await storage.remove()
  }
}
