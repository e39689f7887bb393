// Customers (migration 028, docs/decisions/052-customers.md): requests grouped by the keys of their
// phone number and e-mail address (src/lead/customer.ts). A new request joins the customer of the
// latest request with either key; sent again within an hour, it folds into that request.
import type { Kysely, Transaction } from 'kysely'
import { FOLD_WINDOW_MS } from '../../lead/customer.ts'
import { toBool, toIso, type Tables } from './schema.ts'

type Reader = Kysely<Tables> | Transaction<Tables>

/** The customer a new request belongs to, and the request it folds into when it is a second send. */
export type CustomerOfNew = {
  /** The customer's id: its first request's id, or null when the request starts a new customer. */
  customerId: string | null
  /** The earlier request (not spam, not deleted, not itself folded) it was sent again into, within the fold window (FOLD_WINDOW_MS unless set). */
  foldInto: string | null
}

/** Who sends a new request with these keys at `now` (ms): the latest request with either key decides. */
export async function customerOfNew(
  trx: Reader,
  keys: { phoneKey: string | null; emailKey: string | null },
  now: number,
  foldWindowMs = FOLD_WINDOW_MS,
): Promise<CustomerOfNew> {
  if (!keys.phoneKey && !keys.emailKey) return { customerId: null, foldInto: null }
  const latest = await trx
    .selectFrom('contact_submissions')
    .select(['id', 'customer_id', 'created_at', 'folded_into', 'is_spam', 'deleted_at'])
    .where((eb) =>
      eb.or([
        ...(keys.phoneKey ? [eb('phone_key', '=', keys.phoneKey)] : []),
        ...(keys.emailKey ? [eb('email_key', '=', keys.emailKey)] : []),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!latest) return { customerId: null, foldInto: null }
  const first = latest.folded_into ?? latest.id
  const recent = now - Date.parse(toIso(latest.created_at)) < foldWindowMs
  const live = !toBool(latest.is_spam) && latest.deleted_at === null
  return { customerId: latest.customer_id ?? latest.id, foldInto: recent && live ? first : null }
}
