// SQLite's group commit (src/server/db/group-commit.ts) on a real file: transactions that arrive
// together share one commit, yet each is all-or-nothing on its own, and other queries wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { createStorage, type StorageTarget } from '../../scripts/lib/storage.ts'

describe('group commit on SQLite', () => {
  let storage: StorageTarget
  let db: Db
  beforeAll(async () => {
    storage = await createStorage('SQLite')
    db = await storage.open()
  })
  afterAll(async () => {
    await db.close()
    await storage.remove()
  })

  const insert = (key: string) => (trx: Parameters<Parameters<Db['transact']>[0]>[0]) =>
    trx.insertInto('rate_limits').values({ bucket: 'test', key, window_start: 0, count: 1 }).execute()
  const keys = async () =>
    (await db.k.selectFrom('rate_limits').select('key').where('bucket', '=', 'test').orderBy('key').execute()).map(
      (r) => r.key,
    )

  it('keeps each transaction whole: a failing one rolls back alone, the others commit', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        db.transact(async (trx) => {
          await insert(`k${String(i).padStart(2, '0')}a`)(trx)
          if (i === 7) throw new Error('job 7 fails after its first insert')
          await insert(`k${String(i).padStart(2, '0')}b`)(trx)
          return i
        }),
      ),
    )
    expect(results.map((r) => r.status)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i === 7 ? 'rejected' : 'fulfilled')),
    )
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ])
    const stored = await keys()
    expect(stored).toHaveLength(38)
    expect(stored.filter((k) => k.startsWith('k07'))).toEqual([])
  })

  it('shares commits under load and lets other queries and transactions through between them', async () => {
    await db.k.deleteFrom('rate_limits').execute()
    const work = Array.from({ length: 200 }, (_, i) => db.transact((trx) => insert(`load${i}`)(trx)))
    const reads = Array.from({ length: 20 }, () =>
      db.k
        .selectFrom('rate_limits')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    )
    await Promise.all([...work, ...reads])
    expect(await keys()).toHaveLength(200)
  })

  it('tells every caller of a batch that could not commit', async () => {
    // A unique key taken twice in one batch: the second job fails alone; a duplicate of a stored
    // key fails alone too. Nothing else is lost.
    const results = await Promise.allSettled([
      db.transact(insert('dup')),
      db.transact(insert('dup')),
      db.transact(insert('load0')),
      db.transact(insert('fresh')),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled'])
    expect((await keys()).filter((k) => k === 'dup' || k === 'fresh')).toEqual(['dup', 'fresh'])
  })
})
