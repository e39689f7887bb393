// alert_tests: one row per office day on which the daily test alert went out
// (src/server/alerts/daily-test.ts): the first instance to write the day's row sends it; the tap
// on its push is recorded by its token; a missed tap is e-mailed once.
import { sql } from 'kysely'
import type { Db } from './client.ts'
import { toBool, toIso } from './schema.ts'

export type AlertTest = {
  day: string
  createdAt: string
  asksAck: boolean
  results: string[]
  ackedAt: string | null
  missedMailedAt: string | null
}

/** Writes the row of `day` unless there is one: true when this caller is to send the test. */
export async function claimTestDay(db: Db, day: string, token: string, at: string): Promise<boolean> {
  const row = await db.k
    .insertInto('alert_tests')
    .values({ day, token, created_at: at })
    .onConflict((oc) => oc.column('day').doNothing())
    .returning('day')
    .executeTakeFirst()
  return row !== undefined
}

/** What the test of `day` did: whether a push asked for a tap, and each channel's outcome. */
export async function recordTestSent(db: Db, day: string, asksAck: boolean, results: string[]): Promise<void> {
  await db.k
    .updateTable('alert_tests')
    .set({ asks_ack: asksAck, results: results.join('\n') })
    .where('day', '=', day)
    .execute()
}

/** The tap on a test push: recorded once; false when no test has this token. */
export async function acknowledgeTest(db: Db, token: string, at: string): Promise<boolean> {
  const found = await db.k
    .updateTable('alert_tests')
    .set({ acked_at: sql`coalesce(acked_at, ${at})` })
    .where('token', '=', token)
    .returning('day')
    .executeTakeFirst()
  return found !== undefined
}

/** The latest test sent since `since` (ISO 8601), if any. */
export async function latestTest(db: Db, since: string): Promise<AlertTest | undefined> {
  const row = await db.k
    .selectFrom('alert_tests')
    .selectAll()
    .where('created_at', '>=', since)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst()
  return (
    row && {
      day: row.day,
      createdAt: toIso(row.created_at),
      asksAck: toBool(row.asks_ack),
      results: row.results ? row.results.split('\n') : [],
      ackedAt: toIso(row.acked_at),
      missedMailedAt: toIso(row.missed_mailed_at),
    }
  )
}

/** The missed tap of `day` is being e-mailed (null: the mail failed, to be tried again): true for the one caller that changed it. */
export async function markMissedMailed(db: Db, day: string, at: string | null): Promise<boolean> {
  const row = await db.k
    .updateTable('alert_tests')
    .set({ missed_mailed_at: at })
    .where('day', '=', day)
    .where('missed_mailed_at', at === null ? 'is not' : 'is', null)
    .returning('day')
    .executeTakeFirst()
  return row !== undefined
}
