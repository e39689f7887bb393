// Group commit for SQLite. SQLite syncs its log once per commit (synchronous=FULL: ~0.25 ms
// here), and commits one at a time; under load that sync, not the work, caps the requests per
// second. So write transactions that arrive together share one real transaction: each runs in
// its own savepoint (a failing one rolls back alone, as if it had been a transaction of its
// own), then one COMMIT makes them all durable, and only then does each caller hear back.
// Before the COMMIT, `beforeCommit` runs in the batch's transaction, after every job: on SQLite the
// client indexes the batch's new requests there in one statement (search-index.ts), one full-text
// segment per batch where FTS5 wrote one per request (decision 037's amendment "the batch's rows
// indexed in one statement"). If it fails, the batch fails whole.
// PostgreSQL needs none of this: its commits run in parallel in its own processes.
import { AsyncResource } from 'node:async_hooks'
import { CompiledQuery, type Kysely } from 'kysely'
import type { Tables } from './schema.ts'

type Job = {
  work: (trx: Kysely<Tables>) => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}
type Settled = { ok: true; value: unknown } | { ok: false; error: unknown }

/** The batch's own statements, compiled once. */
const BEGIN = CompiledQuery.raw('begin immediate')
const SAVEPOINT = CompiledQuery.raw('savepoint job')
const RELEASE = CompiledQuery.raw('release job')
const ROLLBACK_TO = CompiledQuery.raw('rollback to job')
const COMMIT = CompiledQuery.raw('commit')
const ROLLBACK = CompiledQuery.raw('rollback')

export function groupCommit(k: Kysely<Tables>, beforeCommit?: (trx: Kysely<Tables>) => Promise<void>) {
  let queue: Job[] = []

  async function flush() {
    // Holding Kysely's connection lock keeps every other query out until the COMMIT.
    await k.connection().execute(async (conn) => {
      const jobs = queue
      queue = []
      if (jobs.length === 0) return
      const settled: Settled[] = []
      try {
        await conn.executeQuery(BEGIN)
        for (const job of jobs) {
          await conn.executeQuery(SAVEPOINT)
          try {
            settled.push({ ok: true, value: await job.work(conn) })
            await conn.executeQuery(RELEASE)
          } catch (error) {
            await conn.executeQuery(ROLLBACK_TO)
            await conn.executeQuery(RELEASE)
            settled.push({ ok: false, error })
          }
        }
        await beforeCommit?.(conn)
        await conn.executeQuery(COMMIT)
      } catch (error) {
        // The batch could not be made durable: nobody may hear "done".
        await conn.executeQuery(ROLLBACK).catch(() => undefined)
        for (const job of jobs) job.reject(error)
        return
      }
      jobs.forEach((job, i) => {
        const result = settled[i]!
        if (result.ok) job.resolve(result.value)
        else job.reject(result.error)
      })
    })
  }

  /** Runs `work` as a transaction of its own, committed together with those that came with it. */
  return function transact<T>(work: (trx: Kysely<Tables>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Run in its caller's async context, not the batch's first caller's: the timeline's author
      // (author.ts) is the one whose request this work is.
      queue.push({ work: AsyncResource.bind(work), resolve: resolve as (value: unknown) => void, reject })
      // The first of a batch schedules the flush; those arriving before it runs join it.
      if (queue.length === 1)
        setImmediate(() => void flush().catch((error: unknown) => queue.splice(0).forEach((job) => job.reject(error))))
    })
  }
}
