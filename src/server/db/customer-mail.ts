// The customer's automated e-mails beyond the confirmation (docs/decisions/051-customer-mail.md):
// the suppression list (addresses that unsubscribed), the review request written when a job is
// completed (at most once per customer in twelve months, never for how happy the customer seems)
// and the reminder written a few days before a client's next service visit (once per visit
// date). Each is an event in the outbox; the customer's channel (src/server/alerts/confirmation.ts)
// sends it, and checks the suppression list again just before.
import { sql, type Kysely, type Transaction } from 'kysely'
import type { CustomerEvent } from '../../lead/alerts.ts'
import type { Submission } from '../../lead/submission.ts'
import { FORM_EMAIL } from '../mail/notification.ts'
import { addressKey } from '../mail/unsubscribe.ts'
import { recordActivity } from './activity.ts'
import type { Db } from './client.ts'
import { enqueueEvent } from './outbox.ts'
import type { Tables } from './schema.ts'

type Reader = Kysely<Tables> | Transaction<Tables>

/** A customer is asked for a review at most once in this time. */
const REVIEW_EVERY_MS = 365 * 24 * 60 * 60_000

/** How an address came to be suppressed: the mail program's one-click button, or the link's page. */
export type SuppressionReason = 'one-click' | 'page'

/** Adds an address to the suppression list (kept as it was when it is there already). */
export async function suppress(db: Db, email: string, reason: SuppressionReason, now: string): Promise<void> {
  await db.k
    .insertInto('mail_suppressions')
    .values({ address: addressKey(email), reason, created_at: now })
    .onConflict((oc) => oc.column('address').doNothing())
    .execute()
}

/** Whether an address unsubscribed. */
export async function isSuppressed(k: Reader, email: string): Promise<boolean> {
  const row = await k
    .selectFrom('mail_suppressions')
    .select('address')
    .where('address', '=', addressKey(email))
    .executeTakeFirst()
  return row !== undefined
}

/** Whether a request's address can be mailed at all: one the form accepts, on a request that is not spam. */
const mailable = (s: Submission): s is Submission & { email: string } =>
  s.email !== null && FORM_EMAIL.test(s.email) && !s.is_spam && s.suspicion === null && s.deleted_at === null

/**
 * The customer a request belongs to (migration 028: every request of one customer carries its
 * first request's id; a row another program wrote without one is its own customer).
 */
const customerOf = (s: Pick<Submission, 'id' | 'customer_id'>): string => s.customer_id ?? s.id

/** Whether any request of the customer had a review request written since `since` (ISO 8601). */
async function askedSince(k: Reader, customer: string, since: string): Promise<boolean> {
  const row = await k
    .selectFrom('customer_mails as m')
    .innerJoin('contact_submissions as s', 's.id', 'm.submission_id')
    .select('m.submission_id')
    .where('m.kind', '=', 'review')
    .where('m.created_at', '>=', since)
    .where((eb) => eb.or([eb('s.customer_id', '=', customer), eb('s.id', '=', customer)]))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Records that a mail of `kind` was written for a request (and date); false when it was already. */
async function recordMail(
  trx: Reader,
  id: string,
  kind: CustomerEvent,
  visitDate: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .insertInto('customer_mails')
    .values({ submission_id: id, kind, visit_date: visitDate, created_at: now })
    .onConflict((oc) => oc.columns(['submission_id', 'kind', 'visit_date']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** What became of a completed job's review request. */
export type ReviewOutcome = 'queued' | 'no-email' | 'suppressed' | 'asked-recently'

/**
 * The review request of a request just completed, written to the outbox in the caller's
 * transaction: unless the customer gave no address, unsubscribed, or was asked (for any of their
 * requests) within REVIEW_EVERY_MS. How the job went is not asked: every completed job's
 * customer is asked alike (Google's review policy, the FTC's 2024 rule on reviews).
 */
export async function enqueueReview(
  trx: Reader,
  s: Submission,
  now: string,
  kind?: Db['kind'],
): Promise<ReviewOutcome> {
  if (!mailable(s)) return 'no-email'
  if (await isSuppressed(trx, s.email)) return 'suppressed'
  const since = new Date(Date.parse(now) - REVIEW_EVERY_MS).toISOString()
  if (await askedSince(trx, customerOf(s), since)) return 'asked-recently'
  if (!(await recordMail(trx, s.id, 'review', '', now))) return 'asked-recently'
  await enqueueEvent(trx, s.id, 'review', now, kind)
  return 'queued'
}

/** The next service visit as text (a PostgreSQL date, 'YYYY-MM-DD'), to compare with customer_mails.visit_date. */
const DATE_TEXT = sql`cast(s.next_delivery_date as text)`

/** A client's visit a reminder is due for. */
type DueVisit = { id: string; date: string }

/** The clients' visits from `today` to `until` (YYYY-MM-DD, both in) with an address and no reminder yet. */
async function visitsWithoutReminder(db: Db, today: string, until: string): Promise<DueVisit[]> {
  const rows = await db.k
    .selectFrom('contact_submissions as s')
    .select(['s.id', 's.next_delivery_date'])
    .where(sql<boolean>`s.is_client`)
    .where(sql<boolean>`not s.is_spam`)
    .where('s.deleted_at', 'is', null)
    .where('s.email', 'is not', null)
    .where('s.next_delivery_date', '>=', today)
    .where('s.next_delivery_date', '<=', until)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('customer_mails as m')
            .select('m.submission_id')
            .whereRef('m.submission_id', '=', 's.id')
            .where('m.kind', '=', 'visit')
            .where(sql<boolean>`m.visit_date = ${DATE_TEXT}`),
        ),
      ),
    )
    .orderBy('s.next_delivery_date')
    .limit(500)
    .execute()
  return rows.map((r) => ({ id: r.id, date: String(r.next_delivery_date) }))
}

/**
 * The reminders due: for each client whose next service visit is within `daysBefore` days of
 * `today` (the office's date), one reminder per visit date, written to the outbox with the date
 * as its detail. An address that unsubscribed is recorded as done and gets nothing. Returns how
 * many were written.
 */
export async function enqueueVisitReminders(
  db: Db,
  { today, daysBefore, now }: { today: string; daysBefore: number; now: string },
): Promise<number> {
  const until = new Date(Date.parse(`${today}T00:00:00Z`) + daysBefore * 86_400_000).toISOString().slice(0, 10)
  let written = 0
  for (const visit of await visitsWithoutReminder(db, today, until)) {
    const queued = await db.transact(async (trx) => {
      const s = await trx
        .selectFrom('contact_submissions')
        .select(['email', 'next_delivery_date', 'is_spam', 'suspicion', 'deleted_at'])
        .where('id', '=', visit.id)
        .executeTakeFirst()
      // Changed since it was listed: the next round sees it as it is now.
      if (s?.next_delivery_date === undefined || String(s.next_delivery_date) !== visit.date) return false
      if (!(await recordMail(trx, visit.id, 'visit', visit.date, now))) return false
      if (s.email === null || !FORM_EMAIL.test(s.email)) return false
      if (await isSuppressed(trx, s.email)) {
        await recordActivity(trx, visit.id, now, [
          { kind: 'customer_mail', detail: `No visit reminder for ${visit.date}: the address unsubscribed` },
        ])
        return false
      }
      await recordActivity(trx, visit.id, now, [
        { kind: 'customer_mail', detail: `Visit reminder e-mail queued for ${visit.date}` },
      ])
      return enqueueEvent(trx, visit.id, 'visit', now, db.kind, visit.date)
    })
    if (queued) written++
  }
  return written
}

/** A client's next service visit, as the inbox's "Visits due" lists it. */
export type VisitDue = {
  id: string
  name: string
  phone: string | null
  email: string | null
  /** The next service visit (YYYY-MM-DD). */
  date: string
  /** The maintenance plan, as the office wrote it. */
  plan: string | null
  /** Whether the customer was e-mailed a reminder of this date. */
  reminded: boolean
}

/** The clients' next service visits up to `until` (YYYY-MM-DD, overdue ones included), soonest first. */
export async function visitsDue(db: Db, until: string): Promise<VisitDue[]> {
  const rows = await db.k
    .selectFrom('contact_submissions as s')
    .leftJoin('customer_mails as m', (join) =>
      join
        .onRef('m.submission_id', '=', 's.id')
        .on('m.kind', '=', 'visit')
        .on(sql<boolean>`m.visit_date = ${DATE_TEXT}`),
    )
    .select(['s.id', 's.name', 's.phone', 's.email', 's.next_delivery_date', 's.delivery_frequency', 'm.created_at'])
    .where(sql<boolean>`s.is_client`)
    .where(sql<boolean>`not s.is_spam`)
    .where('s.deleted_at', 'is', null)
    .where('s.next_delivery_date', 'is not', null)
    .where('s.next_delivery_date', '<=', until)
    .orderBy('s.next_delivery_date')
    .orderBy('s.id')
    .limit(1000)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    phone: r.phone,
    email: r.email,
    date: String(r.next_delivery_date),
    plan: r.delivery_frequency,
    reminded: r.created_at !== null,
  }))
}
