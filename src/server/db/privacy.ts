// What the privacy notice promises (content/pages/privacy.yaml, docs/decisions/032-attribution-calls-privacy.md):
// requests older than RETENTION_MONTHS go, with their timeline and notification; and everything
// of one person (every request with their phone number or e-mail address, and every other request
// of their customer, decision 052) can be erased at once. Their timeline goes with them
// (submission_activity cascades), and so do the records of their customer's merges, so what
// remains of an erasure is the server's log line, which names no one.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Db } from './client.ts'
import type { Tables } from './schema.ts'

type Where = (eb: ExpressionBuilder<Tables, 'contact_submissions'>) => Expression<SqlBool>

async function deleteRequests(db: Db, where: Where): Promise<number> {
  return db.transact(async (trx) => {
    const ids = trx.selectFrom('contact_submissions').select('id').where(where)
    await trx.deleteFrom('notification_outbox').where('submission_id', 'in', ids).execute()
    // SQLite's foreign keys are on and PostgreSQL's cascade: the activity goes with its request.
    await trx.deleteFrom('submission_activity').where('submission_id', 'in', ids).execute()
    const result = await trx.deleteFrom('contact_submissions').where(where).executeTakeFirst()
    return Number(result.numDeletedRows)
  })
}

/**
 * Deletes the requests that arrived before `before` (an ISO instant), each on its own date (the
 * privacy notice's promise: a customer's later requests stay, and keep their customer's id), with
 * any request sent again into one of them (it came within the hour after), and the records of
 * merges made before then; how many requests went.
 */
export async function deleteRequestsBefore(db: Db, before: string): Promise<number> {
  const deleted = await deleteRequests(db, (eb) =>
    eb.or([
      eb('created_at', '<', before),
      eb(
        'folded_into',
        'in',
        eb.selectFrom('contact_submissions as first').select('first.id').where('first.created_at', '<', before),
      ),
    ]),
  )
  await db.k.deleteFrom('customer_merges').where('at', '<', before).execute()
  return deleted
}

/** The instant `months` months before `now`. */
export function monthsAgo(now: Date, months: number): Date {
  const then = new Date(now)
  then.setUTCMonth(then.getUTCMonth() - months)
  return then
}

export type Person = { phone?: string; email?: string }

/** The digits of a phone number, without the US country code, as the stored phone_digits compare. */
const phoneDigits = (phone: string) => phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')

/** A phone number without an extension written after it: "410-555-0199 ext. 12", "x12", "#12". */
const withoutExtension = (phone: string) => phone.replace(/\s*(?:ext\.?|extension|x|#)\s*\d{1,6}\s*$/i, '')

/**
 * Deletes every request of one person: each with the same phone number (its digits, however it
 * was written; with or without the leading 1; with or without an extension) or the same e-mail
 * address (any case), and every other request of their customers (grouped by phone or e-mail, or
 * merged by the office), with the records of those customers' merges. How many requests went.
 */
export async function erasePerson(db: Db, person: Person): Promise<number> {
  const digits = person.phone ? phoneDigits(withoutExtension(person.phone)) : ''
  const email = person.email?.trim().toLowerCase() ?? ''
  if (!digits && !email) return 0
  const theirs: Where = (eb) =>
    eb.or([
      ...(digits ? [eb(sql`phone_digits`, 'in', [digits, `1${digits}`])] : []),
      // A full number also matches where it was written with an extension ("… ext. 12").
      ...(digits.length === 10
        ? [eb(sql`phone_digits`, 'like', `${digits}%`), eb(sql`phone_digits`, 'like', `1${digits}%`)]
        : []),
      ...(email ? [eb(sql`lower(email)`, '=', email)] : []),
    ])
  // Their customers (decision 052): every request grouped or merged with theirs goes too.
  const customers = [
    ...new Set(
      (await db.k.selectFrom('contact_submissions').select(['id', 'customer_id']).where(theirs).execute()).map(
        (r) => r.customer_id ?? r.id,
      ),
    ),
  ]
  if (customers.length === 0) return 0
  const erased = await deleteRequests(db, (eb) =>
    eb.or([
      theirs(eb),
      eb('customer_id', 'in', customers),
      eb.and([eb('customer_id', 'is', null), eb('id', 'in', customers)]),
    ]),
  )
  await db.k
    .deleteFrom('customer_merges')
    .where((eb) => eb.or([eb('kept_customer', 'in', customers), eb('merged_customer', 'in', customers)]))
    .execute()
  return erased
}
