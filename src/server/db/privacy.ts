// What the privacy notice promises (content/pages/privacy.yaml, docs/decisions/032-attribution-calls-privacy.md):
// requests older than RETENTION_MONTHS go, with their timeline and notification; and everything
// of one person (every request with their phone number or e-mail address) can be erased at once.
// Their timeline goes with them (submission_activity cascades), so what remains of an erasure is
// the server's log line, which names no one.
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

/** Deletes the requests that arrived before `before` (an ISO instant); how many went. */
export function deleteRequestsBefore(db: Db, before: string): Promise<number> {
  return deleteRequests(db, (eb) => eb('created_at', '<', before))
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
 * address (any case). How many went.
 */
export function erasePerson(db: Db, person: Person): Promise<number> {
  const digits = person.phone ? phoneDigits(withoutExtension(person.phone)) : ''
  const email = person.email?.trim().toLowerCase() ?? ''
  if (!digits && !email) return Promise.resolve(0)
  return deleteRequests(db, (eb) =>
    eb.or([
      ...(digits ? [eb(sql`phone_digits`, 'in', [digits, `1${digits}`])] : []),
      // A full number also matches where it was written with an extension ("… ext. 12").
      ...(digits.length === 10
        ? [eb(sql`phone_digits`, 'like', `${digits}%`), eb(sql`phone_digits`, 'like', `1${digits}%`)]
        : []),
      ...(email ? [eb(sql`lower(email)`, '=', email)] : []),
    ]),
  )
}
