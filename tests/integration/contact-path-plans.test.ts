// How SQLite runs the statements of a new request and of the alert worker's claim, as the server
// prepares them (src/server/db/planned-once.ts hides their bound values from the planner, so that
// each is planned once): every one reaches its rows through an index, none walks a table or sorts,
// and the claim commits with the batch of requests it came with (decision 066).
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { claimNext } from '../../src/server/db/outbox.ts'
import type { Db } from '../../src/server/db/client.ts'
import { watchStatements } from '../../scripts/lib/statements.ts'
import { suiteDb } from '../helpers/suite-db.ts'
import { addressOf, contactRequest } from '../../scripts/lib/seed.ts'

/** Every statement prepared on any SQLite connection of this process while `work` runs, with the values of its first run. */
async function statementsOf(work: () => Promise<unknown>): Promise<Map<string, unknown[]>> {
  const seen = new Map<string, unknown[]>()
  const stop = watchStatements((source, values, run) => {
    if (!seen.has(source)) seen.set(source, values.flat())
    return run()
  })
  try {
    await work()
  } finally {
    stop()
  }
  return seen
}

describe('the contact path on SQLite, statement by statement', () => {
  const suite = suiteDb('SQLite')

  it('seeks every row it reads or changes through an index, with its values hidden from the planner', async () => {
    // A database with customers to find, and events to claim; then requests and a claim recorded on a
    // connection of their own (the statement cache of `db` holds the statements prepared already).
    for (let i = 0; i < 60; i++)
      await storeContactRequest(suite.db, { message: contactRequest(i % 20), clientKey: addressOf(i) })
    await suite.db.close()
    const db = (suite.db = await suite.storage.open())
    const now = new Date().toISOString()
    const statements = await statementsOf(async () => {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          storeContactRequest(db, { message: contactRequest(i), clientKey: addressOf(1000 + i) }),
        ),
      )
      await claimNext(db, 'test-worker', now, now, { channels: ['push'], events: true })
    })
    const sources = [...statements.keys()].map((sql) => sql.replace(/\s+/g, ' '))
    expect(
      sources.some((sql) => sql.includes('"phone_key" = +?')),
      sources.join('\n'),
    ).toBe(true)
    expect(sources.some((sql) => sql.includes('update "notification_outbox" set "locked_until"'))).toBe(true)
    for (const sql of sources) expect(sql, 'a bound value the planner can see').not.toMatch(/(=|\bis|\blimit) \?/i)

    const file = suite.storage.databaseUrl.replace(/^file:/, '')
    const reader = new Database(file, { readonly: true })
    try {
      for (const [source, values] of statements) {
        if (/^\s*(begin|commit|savepoint|release|rollback)/i.test(source)) continue
        const plan = reader
          .prepare(`explain query plan ${source}`)
          .all(...values)
          .map((row) => (row as { detail: string }).detail)
        for (const step of plan) {
          expect(step, source).not.toMatch(/^SCAN (contact_submissions|notification_outbox|rate_limits)\b/)
          expect(step, source).not.toMatch(/USE TEMP B-TREE/)
        }
      }
    } finally {
      reader.close()
    }
  })

  it("commits the alert worker's claim with the batch it arrives with, not on its own", async () => {
    // A claim is a transaction of the group commit (one sync for the batch), not a statement that
    // commits and syncs by itself on the thread that answers the form.
    const db = suite.db
    let transactions = 0
    const counted: Db = {
      ...db,
      transact: (work) => {
        transactions++
        return db.transact(work)
      },
    }
    const now = new Date(Date.now() + 60_000).toISOString()
    const claimed = await claimNext(counted, 'test-worker', now, now, { channels: [], events: true })
    expect(claimed?.event).toBe('new')
    expect(transactions).toBe(1)
  })
})
