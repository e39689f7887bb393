// The daily proof that alerts arrive (issue 21 item 7, docs/decisions/047-daily-test-alert.md).
// Once per office day, at the first look within opening hours, a test alert goes out on every
// configured channel that tells the office (e-mail, webhooks, each subscribed device; not the
// customer's confirmation), with the channels' own senders. The push asks the owner to tap it; the
// tap (the service worker's notificationclick) sends the test's token back and is recorded. A
// test whose push was not tapped within ACK_WITHIN_MS shows in the inbox's banner
// (src/server/alerts/health.ts) and is e-mailed once to NOTIFY_EMAIL when e-mail is set up. Once
// per day with any number of instances: the first to write the day's row sends it.
import { randomBytes } from 'node:crypto'
import { isOpen, localTime } from '../../lead/business-hours.ts'
import type { AlertChannel } from '../../lead/alerts.ts'
import type { Db } from '../db/client.ts'
import { claimTestDay, latestTest, markMissedMailed, recordTestSent, type AlertTest } from '../db/alert-tests.ts'
import type { Office } from '../office.ts'

/** How long the owner has to tap the test push before the banner says so. */
const ACK_WITHIN_MS = 8 * 60 * 60_000
/** A test older than this says nothing any more (the test was turned off; a long weekend is shorter). */
const RELEVANT_MS = 4 * 24 * 60 * 60_000

/** One target's outcome: what it was ("E-mail to office@example.com") and the error, if it failed. */
export type TestOutcome = { what: string; error?: string }

/** A channel's part in the test: sends it to each of its targets; the push's outcomes ask for a tap. */
export type TestSender = {
  channel: AlertChannel
  send(test: { day: string; token: string }): Promise<TestOutcome[]>
}

export type DailyTestOutcome = 'closed' | 'taken' | 'sent'

const pad = (n: number) => String(n).padStart(2, '0')

/** The test waiting for a tap longer than ACK_WITHIN_MS at `now`, if the latest one is. */
export async function unconfirmedTest(db: Db, now: Date): Promise<AlertTest | undefined> {
  const test = await latestTest(db, new Date(now.getTime() - RELEVANT_MS).toISOString())
  if (!test || !test.asksAck || test.ackedAt) return undefined
  return now.getTime() - Date.parse(test.createdAt) >= ACK_WITHIN_MS ? test : undefined
}

/** The e-mail of a missed tap, once per test, if e-mail is set up; tried again at the next look if it failed. */
async function mailMissed(db: Db, now: Date, mailMissedTap: ((test: AlertTest) => Promise<void>) | undefined) {
  const missed = mailMissedTap && (await unconfirmedTest(db, now))
  if (!missed || missed.missedMailedAt || !(await markMissedMailed(db, missed.day, now.toISOString()))) return
  try {
    await mailMissedTap(missed)
  } catch (error) {
    await markMissedMailed(db, missed.day, null)
    throw error
  }
}

/** Sends today's test if it is due at `now` and nobody sent it yet; e-mails a missed tap first. */
export async function runDailyTest(
  db: Db,
  {
    now,
    office,
    senders,
    mailMissedTap,
  }: {
    now: Date
    office: Office
    senders: readonly TestSender[]
    mailMissedTap?: ((test: AlertTest) => Promise<void>) | undefined
  },
): Promise<DailyTestOutcome> {
  await mailMissed(db, now, mailMissedTap)
  if (!isOpen(office.hours, office.timeZone, now.getTime())) return 'closed'
  const t = localTime(now.getTime(), office.timeZone)
  const day = `${t.year}-${pad(t.month)}-${pad(t.day)}`
  const token = randomBytes(18).toString('base64url')
  if (!(await claimTestDay(db, day, token, now.toISOString()))) return 'taken'
  const lines: string[] = []
  let asksAck = false
  for (const sender of senders) {
    const outcomes = await sender
      .send({ day, token })
      .catch((error: unknown) => [{ what: sender.channel, error: (error as Error).message ?? String(error) }])
    if (sender.channel === 'push' && outcomes.length > 0) asksAck = true
    for (const o of outcomes) lines.push(`${o.what}: ${o.error ? `not sent (${o.error.slice(0, 200)})` : 'sent'}`)
  }
  await recordTestSent(db, day, asksAck, lines)
  return 'sent'
}
