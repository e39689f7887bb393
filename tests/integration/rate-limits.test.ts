// Rate-limit windows in the database, with the clock in the test's hands, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { countHit, pruneRateLimits, undoHit, type Window } from '../../src/server/db/rate-limits.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../helpers/storage.ts'

const MINUTE = 60_000
const fixed: Window = { bucket: 'fixed', windowMs: 15 * MINUTE, max: 5 }
const sliding: Window = { ...fixed, bucket: 'sliding', sliding: true }
const edge = 1_800_000_000_000 - (1_800_000_000_000 % (15 * MINUTE)) // a window boundary

describe.each(STORAGE_KINDS)('rate limits on %s', (kind) => {
  let storage: StorageTarget
  let db: Db
  beforeAll(async () => {
    storage = await createStorage(kind)
    db = await storage.open()
  })
  afterAll(async () => {
    await db.close()
    await storage.remove()
  })
  const hits = async (window: Window, key: string, times: number, at: number) => {
    const results = []
    for (let i = 0; i < times; i++) results.push(await countHit(db.k, key, [window], at))
    return results.map((r) => (r ? 'over' : 'ok'))
  }

  it('a fixed window lets max through, then refuses until it ends, with the seconds to wait', async () => {
    expect(await hits(fixed, 'a', 6, edge + MINUTE)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'over'])
    expect(await countHit(db.k, 'a', [fixed], edge + MINUTE)).toEqual({ window: fixed, retryAfterSeconds: 14 * 60 })
    expect(await hits(fixed, 'a', 1, edge + 15 * MINUTE)).toEqual(['ok'])
  })

  it('a fixed window allows a burst of twice the limit across its edge; a sliding one does not', async () => {
    const before = edge + 29 * MINUTE + 59_000
    const after = edge + 30 * MINUTE + 1_000
    expect([...(await hits(fixed, 'b', 5, before)), ...(await hits(fixed, 'b', 5, after))]).toEqual(Array(10).fill('ok'))
    expect([...(await hits(sliding, 'b', 5, before)), ...(await hits(sliding, 'b', 5, after))]).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'over', 'over', 'over', 'over', 'over'])
    // Half a window later, half of the previous window still counts.
    expect(await hits(sliding, 'c', 4, before)).toEqual(['ok', 'ok', 'ok', 'ok'])
    expect(await hits(sliding, 'c', 4, edge + 37 * MINUTE + 30_000)).toEqual(['ok', 'ok', 'ok', 'over'])
  })

  it('gives a hit back, and prunes old windows', async () => {
    await hits(fixed, 'd', 5, edge)
    await undoHit(db.k, 'd', [fixed], edge)
    expect(await hits(fixed, 'd', 2, edge)).toEqual(['ok', 'over'])
    expect(await pruneRateLimits(db.k, edge + 1)).toBeGreaterThan(0)
    expect(await hits(fixed, 'd', 1, edge)).toEqual(['ok'])
  })
})
