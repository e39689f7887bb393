// Window counters in the database, so a limit holds across every instance that shares it.
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Tables } from './schema.ts'

export type Window = {
  bucket: string
  windowMs: number
  max: number
  /**
   * Also count the previous window, weighted by how much of it still lies within the last
   * `windowMs` (a sliding window, approximately). Without it, `max` hits at the end of one
   * window and `max` more at the start of the next pass: twice the limit in a moment.
   */
  sliding?: boolean
}

/**
 * Counts one more hit for `key` in each window and returns the first window it goes over, if any
 * (with the seconds until that window ends). Call it inside the transaction of the action it
 * limits: rolled back together, a refused action costs nothing.
 */
export async function countHit(
  trx: Kysely<Tables> | Transaction<Tables>,
  key: string,
  windows: readonly Window[],
  now: number,
): Promise<{ window: Window; retryAfterSeconds: number } | undefined> {
  for (const window of windows) {
    const windowStart = Math.floor(now / window.windowMs) * window.windowMs
    const { count } = await trx
      .insertInto('rate_limits')
      .values({ bucket: window.bucket, key, window_start: windowStart, count: 1 })
      .onConflict((oc) => oc.columns(['bucket', 'key', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow()
    let weighed = count
    if (window.sliding) {
      const previous = await trx
        .selectFrom('rate_limits')
        .select('count')
        .where('bucket', '=', window.bucket)
        .where('key', '=', key)
        .where('window_start', '=', windowStart - window.windowMs)
        .executeTakeFirst()
      weighed += Math.ceil((previous?.count ?? 0) * (1 - (now - windowStart) / window.windowMs))
    }
    if (weighed > window.max) return { window, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + window.windowMs - now) / 1000)) }
  }
  return undefined
}

/** Over a limit: `retryAfterSeconds` until the window that refused ends. */
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
 * does not extend the wait).
 */
export async function takeHit(trx: Kysely<Tables> | Transaction<Tables>, key: string, windows: readonly Window[], now: number): Promise<void> {
  const over = await countHit(trx, key, windows, now)
  if (over) throw new RateLimited(over.retryAfterSeconds)
}

/** Deletes windows that ended before `before` (ms since the epoch). */
export async function pruneRateLimits(db: Kysely<Tables>, before: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('window_start', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Takes back one hit counted at `now` (a login that turned out right does not count as a failure). */
export async function undoHit(db: Kysely<Tables>, key: string, windows: readonly Window[], now: number): Promise<void> {
  for (const window of windows) {
    const windowStart = Math.floor(now / window.windowMs) * window.windowMs
    await db
      .updateTable('rate_limits')
      .set({ count: sql<number>`count - 1` })
      .where('bucket', '=', window.bucket)
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .where('count', '>', 0)
      .execute()
  }
}
