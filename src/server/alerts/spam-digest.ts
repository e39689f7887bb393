// The daily spam digest (issue 13 item 1, decision 033): nothing filed as spam goes unseen. Each
// morning at 7:00 office time, if requests that arrived the previous office day were filed as spam
// (the honeypot; not those the office filed itself), one e-mail to NOTIFY_EMAIL lists them, each
// with its time, reason and a link that opens it in the inbox. Once per day with any number of
// instances: a row keyed by the day (spam_digests), taken under a lease, marked sent; a failed
// send is retried every 5 minutes until it goes out. Only the previous day is looked at: a server
// down all day does not send a batch of old digests.
import { localTime } from '../../lead/business-hours.ts'
import type { Db } from '../db/client.ts'
import { claimDigest, digestFailed, digestSent, markDigestSent, spamFiledSince } from '../db/spam-digests.ts'
import type { Notification } from '../mail/notification.ts'
import type { SendMail } from '../mail/transport.ts'

/** The office's hour at which yesterday's digest goes out. */
const DIGEST_HOUR = 7
const RETRY_MS = 5 * 60_000
const LEASE_MS = 2 * 60_000
const DAY_MS = 24 * 60 * 60_000

export type SpamItem = { id: string; name: string; createdAt: string; reason: string | null }

const pad = (n: number) => String(n).padStart(2, '0')
const dayOf = (instant: number, timeZone: string) => {
  const t = localTime(instant, timeZone)
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`
}

/** The office's previous day at `now` (YYYY-MM-DD), or null before DIGEST_HOUR. */
function digestDay(now: Date, timeZone: string): string | null {
  const t = localTime(now.getTime(), timeZone)
  if (t.minutes < DIGEST_HOUR * 60) return null
  const yesterday = new Date(Date.UTC(t.year, t.month - 1, t.day) - DAY_MS)
  return yesterday.toISOString().slice(0, 10)
}

/** The requests that arrived on `day` (office time) and were filed as spam on arrival, oldest first. */
async function spamOfDay(db: Db, day: string, now: Date, timeZone: string): Promise<SpamItem[]> {
  // Two days back covers the office's day whatever its zone; the day itself is checked below.
  const rows = await spamFiledSince(db, new Date(now.getTime() - 3 * DAY_MS).toISOString())
  return rows.filter((r) => dayOf(Date.parse(r.createdAt), timeZone) === day)
}

/** One line for a plain-text list: no line breaks or control characters, bounded. */
const oneLine = (text: string, max: number) =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .trim()
    .slice(0, max)

export function composeSpamDigest(
  day: string,
  items: SpamItem[],
  {
    company,
    publicOrigin,
    from,
    to,
    timeZone,
  }: { company: string; publicOrigin: string; from: string; to: string; timeZone: string },
): Notification {
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
  const date = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' })
  const when = date.format(new Date(`${day}T12:00:00Z`))
  const count = items.length === 1 ? '1 request' : `${items.length} requests`
  const text = [
    `${count} sent through the ${company} website on ${when} ${items.length === 1 ? 'was' : 'were'} filed as spam, without an alert.`,
    'If one is a real customer, open it and tap "Not spam": it moves to the inbox and is announced.',
    '',
    ...items.flatMap((item) => [
      `- ${time.format(new Date(item.createdAt))}  ${oneLine(item.name, 100)}${item.reason ? ` (${oneLine(item.reason, 100)})` : ''}`,
      `  ${publicOrigin}/admin?request=${encodeURIComponent(item.id)}`,
    ]),
    '',
    `Open the inbox: ${publicOrigin}/admin`,
    '',
  ].join('\n')
  return {
    from,
    to,
    subject: `Filed as spam on ${when}: ${count}`,
    text,
    messageId: `<spam-digest-${day}@${new URL(publicOrigin).hostname}>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
  }
}

export type DigestOutcome = 'early' | 'nothing' | 'taken' | 'sent' | 'failed'

/**
 * Sends the digest due at `now`, if any and not sent or being sent by another instance. Cheap when
 * there is nothing to do (one query over the spam of the last days).
 */
export async function runSpamDigest(
  db: Db,
  {
    now,
    timeZone,
    send,
    compose,
  }: {
    now: Date
    timeZone: string
    send: SendMail
    compose: (day: string, items: SpamItem[]) => Notification
  },
): Promise<DigestOutcome> {
  const day = digestDay(now, timeZone)
  if (day === null) return 'early'
  const at = now.toISOString()
  if (await digestSent(db, day)) return 'taken'
  const items = await spamOfDay(db, day, now, timeZone)
  if (items.length === 0) return 'nothing'
  if (!(await claimDigest(db, day, at, new Date(now.getTime() + LEASE_MS).toISOString()))) return 'taken'
  try {
    await send(compose(day, items))
  } catch (error) {
    const retryAt = new Date(now.getTime() + RETRY_MS).toISOString()
    await digestFailed(db, day, (error as Error).message ?? String(error), retryAt)
    return 'failed'
  }
  await markDigestSent(db, day, new Date().toISOString())
  return 'sent'
}
