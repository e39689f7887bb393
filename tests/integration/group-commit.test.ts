// SQLite's group commit (src/server/db/group-commit.ts) on a real file: transactions that arrive
// together share one commit, yet each is all-or-nothing on its own, and other queries wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { Db } from '../../src/server/db/client.ts'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { insertSubmission, listSubmissions } from '../../src/server/db/submissions.ts'
import { migrate, migratorFor } from '../../src/server/db/migrations.ts'
import { createStorage, type StorageTarget } from '../../scripts/lib/storage.ts'
import { requestRow } from '../helpers/request-row.ts'

/** A request as another writer than the contact path stores it. */
const request = (name: string, message: string) => requestRow({ name, message })

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
  /** The names of the requests the full-text index finds (the index alone, not the tail search also reads). */
  const found = async (words: string) =>
    (
      await sql<{
        name: string
      }>`select s.name from contact_search join contact_submissions s on s.rowid = contact_search.rowid
        where contact_search match ${`"${words}"`} order by s.name`.execute(db.k)
    ).rows.map((r) => r.name)
  /** FTS5's check of the index against the table itself (rank 1): a row not indexed fails it too. */
  const integrityCheck = () =>
    sql`insert into contact_search(contact_search, rank) values ('integrity-check', 1)`.execute(db.k)
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

  it('stores a batch of contact requests whole but the one that fails, and indexes only those stored', async () => {
    // The 4th request fails after its row (and the row's full-text entry) is written: the
    // notification's insert is refused. Its savepoint takes all of it back; the batch commits.
    await sql`create temp trigger refuse_one after insert on notification_outbox
      when (select name from contact_submissions where id = new.submission_id) = 'Refused Quokka'
      begin select raise(abort, 'refused by the test'); end`.execute(db.k)
    const names = Array.from({ length: 8 }, (_, i) => (i === 3 ? 'Refused Quokka' : `Batchmate Wombat ${i}`))
    const results = await Promise.allSettled(
      names.map((name, i) =>
        storeContactRequest(db, {
          message: { name, phone: `(410) 555-01${String(i).padStart(2, '0')}`, message: 'No heat', elapsedMs: 8_000 },
          clientKey: `batch-${i}`,
          overallLimits: [],
        }),
      ),
    )
    await sql`drop trigger temp.refuse_one`.execute(db.k)
    expect(results.map((r) => r.status)).toEqual(names.map((_, i) => (i === 3 ? 'rejected' : 'fulfilled')))
    expect(String((results[3] as PromiseRejectedResult).reason)).toMatch(/refused by the test/)
    const stored = await db.k
      .selectFrom('contact_submissions')
      .select('name')
      .where('name', 'in', names)
      .orderBy('name')
      .execute()
    expect(stored.map((r) => r.name)).toEqual(names.filter((n) => n !== 'Refused Quokka').sort())
    expect(await found('Wombat')).toHaveLength(7)
    expect(await found('Quokka')).toEqual([])
    // The index holds exactly the rows stored, nothing left to index (SQLite raises an error otherwise).
    await integrityCheck()
  })

  it('writes one full-text segment per batch: its new requests indexed in one statement before the COMMIT', async () => {
    // The insert trigger is gone (migration 041): the group commit indexes the batch's new rows in
    // one statement before committing, so FTS5 writes one segment for the batch where it wrote
    // one per request (decision 037's amendments "one full-text segment per batch: measured, not
    // done" and "the batch's rows indexed in one statement"). Merging is off here so that the
    // segments can be counted.
    await sql`insert into contact_search(contact_search, rank) values ('automerge', 0)`.execute(db.k)
    await sql`insert into contact_search(contact_search, rank) values ('crisismerge', 1000)`.execute(db.k)
    const segments = async () =>
      (
        await sql<{
          n: number
        }>`select count(distinct id >> 37) as n from contact_search_data where id >= (1 << 37)`.execute(db.k)
      ).rows[0]!.n
    const before = await segments()
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        storeContactRequest(db, {
          message: { name: `Segment Numbat ${i}`, phone: '(410) 555-0177', message: 'No heat', elapsedMs: 8_000 },
          clientKey: `segment-${i}`,
          overallLimits: [],
          foldWindowMs: 0,
        }),
      ),
    )
    expect(results.filter((r) => r.stored)).toHaveLength(20)
    expect((await segments()) - before).toBe(1)
    expect(await found('Numbat')).toHaveLength(20)
    await integrityCheck()
    // Why not through a trigger: 20 inserts that each reach the index through a trigger, in one
    // transaction with no savepoint between them, write 20 segments (FTS5 writes its pending terms
    // when a later statement opens a statement journal, as an insert that fires a trigger does);
    // 20 inserts straight into the index, one.
    await sql`create temp table probe_rows (body text)`.execute(db.k)
    await sql`create virtual table temp.probe using fts5(body, tokenize = 'trigram')`.execute(db.k)
    await sql`insert into temp.probe(probe, rank) values ('automerge', 0)`.execute(db.k)
    await sql`insert into temp.probe(probe, rank) values ('crisismerge', 1000)`.execute(db.k)
    await sql`create temp trigger probe_insert after insert on probe_rows begin
      insert into probe(body) values (new.body); end`.execute(db.k)
    const probeSegments = async () =>
      (
        await sql<{
          n: number
        }>`select count(distinct id >> 37) as n from temp.probe_data where id >= (1 << 37)`.execute(db.k)
      ).rows[0]!.n
    await db.transact(async (trx) => {
      for (let i = 0; i < 20; i++) await sql`insert into probe_rows (body) values (${`no heat ${i}`})`.execute(trx)
    })
    expect(await probeSegments()).toBe(20)
    await db.transact(async (trx) => {
      for (let i = 0; i < 20; i++) await sql`insert into probe (body) values (${`no heat ${i}`})`.execute(trx)
    })
    expect(await probeSegments()).toBe(21)
    await sql`drop table temp.probe`.execute(db.k)
    await sql`drop table temp.probe_rows`.execute(db.k)
    await sql`insert into contact_search(contact_search, rank) values ('automerge', 4)`.execute(db.k)
    await sql`insert into contact_search(contact_search, rank) values ('crisismerge', 16)`.execute(db.k)
  })

  const rowidOf = async (id: string) =>
    (await sql<{ r: number }>`select rowid as r from contact_submissions where id = ${id}`.execute(db.k)).rows[0]?.r

  it('indexes a request changed or deleted in the transaction that stores it as it is at the COMMIT', async () => {
    // Before its COMMIT a new row is not in the index: a change to it must not take its old words
    // out of the index, nor a deletion (an FTS5 'delete' of a row never indexed corrupts the
    // index). The triggers of migration 041 leave such rows to the indexing before the COMMIT.
    const changed = request('Changeling Dingo', 'Furnace hums')
    const dropped = request('Fleeting Potoroo', 'Gone before the commit')
    await db.transact(async (trx) => {
      await insertSubmission(trx, changed)
      await insertSubmission(trx, dropped)
      await trx
        .updateTable('contact_submissions')
        .set({ name: 'Settled Bilby', message: 'Boiler ticks' })
        .where('id', '=', changed.id)
        .execute()
      await trx.deleteFrom('contact_submissions').where('id', '=', dropped.id).execute()
    })
    expect(await found('Dingo')).toEqual([])
    expect(await found('Boiler ticks')).toEqual(['Settled Bilby'])
    expect(await found('Potoroo')).toEqual([])
    await integrityCheck()
    // The newest row, indexed, deleted, and a new one stored in the same transaction: SQLite gives
    // the new row the deleted one's rowid, which the deletion took out of the index with it.
    const top = request('Topmost Quoll', 'Heat pump ices up')
    await db.transact((trx) => insertSubmission(trx, top))
    const topRowid = await rowidOf(top.id)
    const next = request('Successor Quoll', 'Thermostat blank')
    await db.transact(async (trx) => {
      await trx.deleteFrom('contact_submissions').where('id', '=', top.id).execute()
      await insertSubmission(trx, next)
    })
    expect(await rowidOf(next.id)).toBe(topRowid)
    expect(await found('Quoll')).toEqual(['Successor Quoll'])
    // And changed once indexed: the trigger moves its words.
    await db.transact((trx) =>
      trx.updateTable('contact_submissions').set({ name: 'Renamed Quokka' }).where('id', '=', next.id).execute(),
    )
    expect(await found('Quoll')).toEqual([])
    expect(await found('Renamed Quokka')).toEqual(['Renamed Quokka'])
    await integrityCheck()
  })

  it('finds a request another program wrote at once, and indexes it at the next start or write', async () => {
    // Written outside any of this code's writers (which all index before they commit): not in the
    // index yet, yet the inbox's search finds it among the rows above the index's last one.
    const stray = request('Stray Bandicoot', 'Written by another program')
    await insertSubmission(db.k, stray)
    expect(await found('Bandicoot')).toEqual([])
    const searched = async (word: string) =>
      (await listSubmissions(db, { view: 'all', words: [word], limit: 10 })).items.map((i) => i.name)
    expect(await searched('bandicoot')).toEqual(['Stray Bandicoot'])
    expect(await searched('Written by another')).toEqual(['Stray Bandicoot'])
    expect(await searched('Wombat')).toHaveLength(7)
    await expect(integrityCheck()).rejects.toThrow(/malformed/)
    // The start's migrate indexes it.
    await migrate(db)
    expect(await found('Bandicoot')).toEqual(['Stray Bandicoot'])
    expect(await searched('bandicoot')).toEqual(['Stray Bandicoot'])
    await integrityCheck()
    // So does the next write, whatever it is.
    const second = request('Second Bandicoot', 'Also written elsewhere')
    await insertSubmission(db.k, second)
    await db.transact(insert('after-stray'))
    expect(await found('Bandicoot')).toEqual(['Second Bandicoot', 'Stray Bandicoot'])
    await integrityCheck()
  })
})

describe('migration 041 on SQLite: the full-text index fed per transaction', () => {
  it('keeps the requests indexed before it, and indexes each batch once after', async () => {
    const storage = await createStorage('SQLite')
    const db = storage.connect()
    try {
      expect((await migratorFor(db).migrateTo('039_audit_totp')).error).toBeUndefined()
      for (const name of ['Early Echidna', 'Early Platypus']) await insertSubmission(db.k, request(name, 'Before 041'))
      await migrate(db)
      const triggers = await sql<{
        name: string
      }>`select name from sqlite_master where type = 'trigger' and tbl_name = 'contact_submissions' order by name`.execute(
        db.k,
      )
      expect(triggers.rows.map((r) => r.name)).toEqual(['contact_search_delete', 'contact_search_update'])
      await db.transact((trx) => insertSubmission(trx, request('Late Echidna', 'After 041')))
      const names = await sql<{
        name: string
      }>`select s.name from contact_search join contact_submissions s on s.rowid = contact_search.rowid
        where contact_search match '"Echidna"' order by s.name`.execute(db.k)
      expect(names.rows.map((r) => r.name)).toEqual(['Early Echidna', 'Late Echidna'])
      await sql`insert into contact_search(contact_search, rank) values ('integrity-check', 1)`.execute(db.k)
    } finally {
      await db.close()
      await storage.remove()
    }
  })
})
