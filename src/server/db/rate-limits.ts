// Window counters in the database, so a limit holds across every instance that shares it.
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Db } from './client.ts'
import { compiledOnce } from './compiled.ts'
import type { Tables } from './schema.ts'

export type Window = {
  bucket: string
  windowMs: number
  max: number
  /**
   * At most `max` in ANY span of `windowMs` (decision 040), not only in each fixed window: hits
   * are counted in slices of a tenth of the window, and a hit passes when the slices that reach
   * back a whole window (this one and the ten before) hold fewer than `max`. Never more than
   * `max` in any window; at worst a tenth of a window stricter. Without it, `max` hits at the
   * end of one window and `max` more at the start of the next pass: twice the limit in a moment.
   */
  sliding?: boolean
}

const UNITS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/**
 * Limits written as the environment takes them, `5/10m,20/1d`: at most 5 in any 10 minutes and 20
 * in any day (units s, m, h, d). Each is a sliding window named `<name>:<span>`. An error
 * sentence (what to write) when the text is not such a list.
 */
export function parseRateLimits(name: string, text: string): Window[] | string {
  const windows: Window[] = []
  for (const part of text.split(',')) {
    const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*([smhd])\s*$/.exec(part)
    const span = match ? Number(match[2]) * UNITS[match[3] as keyof typeof UNITS] : 0
    if (!match || Number(match[1]) < 1 || span < 1_000 || span > 31 * UNITS.d)
      return `"${part.trim()}" is not a limit. Write how many per how long, e.g. 5/10m,20/1d (s, m, h or d; at most 31 days).`
    windows.push({ bucket: `${name}:${match[2]}${match[3]}`, windowMs: span, max: Number(match[1]), sliding: true })
  }
  return windows
}

/** A sliding window is counted in this many slices (plus the one now). */
const SLICES = 10

/** The span one stored counter covers: the whole window when fixed, a slice when sliding. */
const spanOf = (window: Window) => (window.sliding ? window.windowMs / SLICES : window.windowMs)

type Writer = Kysely<Tables> | Transaction<Tables>

/** The start of the counter `now` falls in: its fixed window, or its slice of a sliding one. */
const windowStart = (window: Window, now: number) => Math.floor(now / spanOf(window)) * spanOf(window)

/** One hit to count: `key` (a visitor, a recipient, everyone) in `window`. */
export type Hit = { key: string; window: Window }

type Hits = { hits: readonly Hit[]; now: number }

/** The hits whose windows also read the slices before. */
const slidingOf = (hits: readonly Hit[]) => hits.filter((hit) => hit.window.sliding)

/**
 * One more hit for each (each window its own bucket, whatever its key), in one statement that also
 * reads, for a sliding window, the count of the slices before (they are not the one written).
 * Compiled once per set of windows (compiled.ts): the values below are its parameters, in order.
 */
const upsertHits = compiledOnce({
  shape: ({ hits }: Hits) =>
    hits.map(({ window }) => `${window.bucket}/${window.windowMs}/${window.sliding === true}`).join(','),
  parameters: ({ hits, now }: Hits) => [
    ...hits.flatMap(({ key, window }) => [window.bucket, key, windowStart(window, now), 1]),
    ...slidingOf(hits).flatMap(({ window }) => [
      window.bucket,
      windowStart(window, now) - window.windowMs,
      windowStart(window, now),
    ]),
  ],
  build: (trx, { hits, now }: Hits) => {
    const sliding = slidingOf(hits)
    return trx
      .insertInto('rate_limits')
      .values(
        hits.map(({ key, window }) => ({
          bucket: window.bucket,
          key,
          window_start: windowStart(window, now),
          count: 1,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['bucket', 'key', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + 1` }),
      )
      .returning((eb) => [
        'bucket',
        'count',
        (sliding.length === 0
          ? sql<number | string | null>`null`
          : eb
              .selectFrom('rate_limits as before')
              .select((eb) => eb.fn.sum<number | string>('before.count').as('sum'))
              .whereRef('before.key', '=', 'rate_limits.key')
              .whereRef('before.bucket', '=', 'rate_limits.bucket')
              .where((w) =>
                w.or(
                  sliding.map(({ window }) =>
                    w.and([
                      w('before.bucket', '=', window.bucket),
                      w('before.window_start', '>=', windowStart(window, now) - window.windowMs),
                      w('before.window_start', '<', windowStart(window, now)),
                    ]),
                  ),
                ),
              )
        ).as('previous'),
      ])
  },
})

/**
 * One more hit for each, in one statement per run of distinct buckets (one for the usual case): for
 * each, the hits its window holds now, this one included (a sliding window's slices within reach
 * added up), in their order. With the database's `kind`, the statement is compiled once.
 */
async function hitTotals(
  trx: Writer,
  kind: Db['kind'] | undefined,
  hits: readonly Hit[],
  now: number,
): Promise<number[]> {
  const totals: number[] = []
  for (const run of distinctRuns(hits)) {
    const { rows } = await upsertHits(trx, kind, { hits: run, now })
    const byBucket = new Map(rows.map((row) => [row.bucket, row]))
    for (const { window } of run) {
      const row = byBucket.get(window.bucket)!
      totals.push(Number(row.count) + (window.sliding ? Number(row.previous ?? 0) : 0))
    }
  }
  return totals
}

/** `hits` in runs that name each bucket once (a bucket named twice is counted twice, in order). */
function distinctRuns(hits: readonly Hit[]): Hit[][] {
  const runs: Hit[][] = []
  let run: Hit[] = []
  for (const hit of hits) {
    if (run.some((h) => h.window.bucket === hit.window.bucket)) {
      runs.push(run)
      run = []
    }
    run.push(hit)
  }
  if (run.length > 0) runs.push(run)
  return runs
}

/** The first of `hits` whose window its total (from hitTotals) goes over, with the seconds until it lets one more through. */
async function firstOver(
  trx: Writer,
  hits: readonly Hit[],
  totals: readonly number[],
  now: number,
): Promise<{ window: Window; retryAfterSeconds: number } | undefined> {
  const i = hits.findIndex(({ window }, i) => totals[i]! > window.max)
  if (i === -1) return undefined
  const { key, window } = hits[i]!
  return {
    window,
    retryAfterSeconds: window.sliding
      ? await slidingRetryAfterSeconds(trx, key, window, now)
      : Math.max(1, Math.ceil((windowStart(window, now) + window.windowMs - now) / 1000)),
  }
}

/** Each window counted as sliding (the counts that never refuse: tally). */
const asSliding = (hits: readonly Hit[]): Hit[] =>
  hits.map((hit) => ({ ...hit, window: { ...hit.window, sliding: true } }))

/**
 * Counts one more hit for `key` in each window and returns the first window it goes over, if any
 * (with the seconds until that window lets one more through). Call it inside the transaction of
 * the action it limits: rolled back together, a refused action costs nothing.
 */
export async function countHit(
  trx: Writer,
  key: string,
  windows: readonly Window[],
  now: number,
  kind?: Db['kind'],
): Promise<{ window: Window; retryAfterSeconds: number } | undefined> {
  const hits = windows.map((window) => ({ key, window }))
  return firstOver(trx, hits, await hitTotals(trx, kind, hits, now), now)
}

/**
 * Counts one more hit for each, as sliding windows that never refuse, and returns how many each
 * holds now, in their order (one statement, compiled once with the database's `kind`).
 */
export async function tally(trx: Writer, hits: readonly Hit[], now: number, kind?: Db['kind']): Promise<number[]> {
  return hitTotals(trx, kind, asSliding(hits), now)
}

/**
 * The whole seconds until a sliding window lets one more hit through, after it refused one at
 * `now` (that hit not counted: it is rolled back). The slices' counts are read, and the first
 * slice boundary at which those still within reach hold fewer than `max` is the answer: checked
 * with the very arithmetic of the check, so a client that waits this long is let through, and a
 * second earlier is not.
 */
async function slidingRetryAfterSeconds(trx: Writer, key: string, window: Window, now: number): Promise<number> {
  const slice = spanOf(window)
  const current = windowStart(window, now)
  const rows = await trx
    .selectFrom('rate_limits')
    .select(['window_start', 'count'])
    .where('bucket', '=', window.bucket)
    .where('key', '=', key)
    .where('window_start', '>=', current - window.windowMs)
    .where('window_start', '<=', current)
    .execute()
  const slices = rows.map((r) => ({
    start: Number(r.window_start),
    count: Number(r.count) - (Number(r.window_start) === current ? 1 : 0),
  }))
  for (let j = 1; j <= SLICES + 1; j++) {
    const at = current + j * slice
    const inReach = slices.filter((x) => x.start >= at - window.windowMs).reduce((n, x) => n + x.count, 0)
    if (inReach + 1 <= window.max) return Math.max(1, Math.ceil((at - now) / 1000))
  }
  return Math.ceil((current + (SLICES + 1) * slice - now) / 1000)
}

/** Over a limit: `retryAfterSeconds` until the window that refused lets one more through. */
export class RateLimited extends Error {
  retryAfterSeconds: number
  constructor(retryAfterSeconds: number) {
    super('rate limited')
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * `countHit` inside the transaction of the action it limits: over a limit it throws
 * RateLimited, which rolls the whole transaction back, the count included (a refused action
 * does not extend the wait). With the database's `kind`, its statement is compiled once.
 */
export async function takeHit(
  trx: Writer,
  key: string,
  windows: readonly Window[],
  now: number,
  kind?: Db['kind'],
): Promise<void> {
  await takeHits(
    trx,
    windows.map((window) => ({ key, window })),
    now,
    kind,
  )
}

/**
 * `takeHit` for several keys at once (a visitor's address and its wider network), and with them
 * the hits of `tallied` (tally: never refusing), all in one statement: returns the tallied totals.
 */
export async function takeHits(
  trx: Writer,
  hits: readonly Hit[],
  now: number,
  kind?: Db['kind'],
  tallied: readonly Hit[] = [],
): Promise<number[]> {
  const totals = await hitTotals(trx, kind, [...hits, ...asSliding(tallied)], now)
  const over = await firstOver(trx, hits, totals, now)
  if (over) throw new RateLimited(over.retryAfterSeconds)
  return totals.slice(hits.length)
}

/**
 * `takeHits` with no transaction around it (PostgreSQL's contact path, contact/store.ts): the hits
 * are counted in one statement that commits by itself, and those of a refused request are taken
 * back by a second (the tallied ones stay: a refused request still counts there). The wait it is
 * told is read before they are taken back, as in a transaction that is then rolled back.
 */
export async function takeHitsCommitted(
  db: Kysely<Tables>,
  hits: readonly Hit[],
  now: number,
  kind: Db['kind'],
  tallied: readonly Hit[] = [],
): Promise<number[]> {
  const totals = await hitTotals(db, kind, [...hits, ...asSliding(tallied)], now)
  const over = await firstOver(db, hits, totals, now)
  if (over) {
    await undoHits(db, hits, now)
    throw new RateLimited(over.retryAfterSeconds)
  }
  return totals.slice(hits.length)
}

/** Deletes windows that ended before `before` (ms since the epoch). */
export async function pruneRateLimits(db: Kysely<Tables>, before: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('window_start', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Takes back each hit counted at `now` (a login that turned out right does not count as a failure). */
export async function undoHits(db: Kysely<Tables>, hits: readonly Hit[], now: number): Promise<void> {
  for (const { key, window } of hits) {
    await db
      .updateTable('rate_limits')
      .set({ count: sql<number>`count - 1` })
      .where('bucket', '=', window.bucket)
      .where('key', '=', key)
      .where('window_start', '=', windowStart(window, now))
      .where('count', '>', 0)
      .execute()
  }
}
