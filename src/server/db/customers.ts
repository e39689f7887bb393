// Customers (migration 028, docs/decisions/052-customers.md): requests grouped by the keys of their
// phone number and e-mail address (src/lead/customer.ts). A new request joins the customer of the
// latest request with either key; sent again within an hour, it folds into that request.
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely'
import type { ActivityKind } from '../../lead/activity.ts'
import { emailKey, FOLD_WINDOW_MS, phoneKey, type CustomerLine } from '../../lead/customer.ts'
import type { ClientField, Status } from '../../lead/submission.ts'
import { currentAuthor } from './author.ts'
import type { Db } from './client.ts'
import { compiledOnce } from './compiled.ts'
import { toBool, toIso, type Tables } from './schema.ts'

type Reader = Kysely<Tables> | Transaction<Tables>

/** The customer a new request belongs to, and the request it folds into when it is a second send. */
export type CustomerOfNew = {
  /** The customer's id: its first request's id, or null when the request starts a new customer. */
  customerId: string | null
  /** The earlier request (not spam, not deleted, not itself folded) it was sent again into, within the fold window (FOLD_WINDOW_MS unless set). */
  foldInto: string | null
}

type Keys = { phoneKey: string | null; emailKey: string | null }
type Seek = { column: 'phone_key' | 'email_key'; key: string }

/**
 * The latest request with one key: one seek down its (key, created_at) index, compiled once per
 * column (compiled.ts). Two of these cost about a third of one query with `phone_key = ? or
 * email_key = ?`, which collects every request of both keys and sorts them (and a union of the
 * two seeks in one statement cost more than the two apart): `npm run bench:contact`.
 */
const latestWith = compiledOnce({
  shape: ({ column }: Seek) => column,
  parameters: ({ key }: Seek) => [key, 1],
  build: (trx, { column, key }: Seek) =>
    trx
      .selectFrom('contact_submissions')
      .select(['id', 'customer_id', 'created_at', 'folded_into', 'is_spam', 'deleted_at'])
      .where(column, '=', key)
      .orderBy('created_at', 'desc')
      .limit(1),
})

/** Who sends a new request with these keys at `now` (ms): the latest request with either key decides. */
export async function customerOfNew(
  trx: Reader,
  kind: Db['kind'],
  keys: Keys,
  now: number,
  foldWindowMs = FOLD_WINDOW_MS,
): Promise<CustomerOfNew> {
  const [byPhone, byEmail] = [
    keys.phoneKey ? (await latestWith(trx, kind, { column: 'phone_key', key: keys.phoneKey })).rows[0] : undefined,
    keys.emailKey ? (await latestWith(trx, kind, { column: 'email_key', key: keys.emailKey })).rows[0] : undefined,
  ]
  const latest =
    byPhone && byEmail
      ? toIso(byEmail.created_at) > toIso(byPhone.created_at)
        ? byEmail
        : byPhone
      : (byPhone ?? byEmail)
  if (!latest) return { customerId: null, foldInto: null }
  const first = latest.folded_into ?? latest.id
  // A send a moment before with a later time (two at once, stored in the other order) is within
  // any window; a window of 0 never folds.
  const recent = foldWindowMs > 0 && now - Date.parse(toIso(latest.created_at)) < foldWindowMs
  const live = !toBool(latest.is_spam) && latest.deleted_at === null
  return { customerId: latest.customer_id ?? latest.id, foldInto: recent && live ? first : null }
}

// ---------------------------------------------------------------------------------------------
// The inbox's side (docs/admin-api.md "Customers"): what a card says of its customer, the customer
// view, merges and their undo. A request another program wrote may have no customer_id: it is its
// own customer (coalesce(customer_id, id)).

/** The requests of these customers: their customer_id, or (another program's row) their own id. */
const ofCustomers = (customers: readonly string[]) => (eb: ExpressionBuilder<Tables, 'contact_submissions'>) =>
  eb.or([eb('customer_id', 'in', customers), eb.and([eb('customer_id', 'is', null), eb('id', 'in', customers)])])

/** A request's customer: its customer_id, or its own id. */
const customerOf = (row: { id: string; customer_id: string | null }) => row.customer_id ?? row.id

/**
 * The customer line of each request of a page, in one query over the page's customers (the index
 * on customer_id, created_at): their live requests' arrivals and client dates.
 */
export async function customerLines(
  db: Db,
  items: readonly { id: string; customer_id: string | null }[],
): Promise<Map<string, CustomerLine>> {
  const lines = new Map<string, CustomerLine>()
  if (items.length === 0) return lines
  const customers = [...new Set(items.map(customerOf))]
  const rows = await db.k
    .selectFrom('contact_submissions')
    .select(['id', 'customer_id', 'created_at', 'client_since'])
    .where(ofCustomers(customers))
    .where('is_spam', '=', false)
    .where('deleted_at', 'is', null)
    .where('folded_into', 'is', null)
    .execute()
  const byCustomer = new Map<string, { id: string; at: string; clientSince: string | null }[]>()
  for (const row of rows) {
    const key = customerOf(row)
    const entry = { id: row.id, at: toIso(row.created_at), clientSince: row.client_since }
    const list = byCustomer.get(key)
    if (list) list.push(entry)
    else byCustomer.set(key, [entry])
  }
  for (const item of items) {
    const id = customerOf(item)
    const requests = (byCustomer.get(id) ?? []).sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
    const at = requests.findIndex((r) => r.id === item.id)
    const since = requests.map((r) => r.clientSince).filter((d): d is string => d !== null)
    lines.set(item.id, {
      id,
      requests: requests.length,
      ordinal: at === -1 ? null : at + 1,
      clientSince: since.length > 0 ? since.sort()[0]! : null,
    })
  }
  return lines
}

/** The customer an id names: a customer's id, or any request's id (its customer); null when neither. */
async function resolveCustomer(db: Reader, id: string): Promise<string | null> {
  const member = await db
    .selectFrom('contact_submissions')
    .select('id')
    .where(ofCustomers([id]))
    .limit(1)
    .executeTakeFirst()
  if (member) return id
  const request = await db
    .selectFrom('contact_submissions')
    .select(['id', 'customer_id'])
    .where('id', '=', id)
    .executeTakeFirst()
  return request ? customerOf(request) : null
}

/** One customer as the customer view shows it. */
export type CustomerView = {
  id: string
  /** The name on the customer's first request: what the view is headed with. */
  name: string
  /** Every name on their requests, the latest first. */
  names: string[]
  phones: string[]
  emails: string[]
  /** Every request (not in the trash, not spam), newest first; `folded_into` set on a second send. */
  requests: {
    id: string
    created_at: string
    name: string
    service: string | null
    status: Status
    is_read: boolean
    folded_into: string | null
  }[]
  /** The client details: each field's latest value among the requests; null when none has any. */
  client: Record<ClientField, string | null> | null
  /** The notes on any of the requests, newest first. */
  notes: { submissionId: string; at: string; text: string }[]
  /** The visits booked for any of the requests (cancelled ones included), the latest first. */
  visits: { submissionId: string; date: string; start: string; end: string; status: string }[]
  /** The merges into this customer that can still be undone, newest first. */
  merges: { id: number; at: string; mergedCustomer: string; requests: number; names: string[] }[]
}

const NOTES_MAX = 200

/** The customer view of `id` (a customer's or a request's id); null when there is no such customer. */
export async function customerView(db: Db, id: string): Promise<CustomerView | null> {
  const customer = await resolveCustomer(db.k, id)
  if (!customer) return null
  const rows = await db.k
    .selectFrom('contact_submissions')
    .select([
      'id',
      'customer_id',
      'created_at',
      'name',
      'phone',
      'email',
      'service',
      'status',
      'is_read',
      'folded_into',
      'is_spam',
      'deleted_at',
      ...CLIENT_COLUMNS,
    ])
    .where(ofCustomers([customer]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  const live = rows.filter((r) => customerOf(r) === customer && !toBool(r.is_spam) && r.deleted_at === null)
  const ids = live.map((r) => r.id)
  const [notes, visits, merges] = await Promise.all([
    ids.length === 0
      ? []
      : db.k
          .selectFrom('submission_activity')
          .select(['submission_id', 'at', 'detail'])
          .where('submission_id', 'in', ids)
          .where('kind', '=', 'note')
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(NOTES_MAX)
          .execute(),
    ids.length === 0
      ? []
      : db.k
          .selectFrom('bookings')
          .select(['submission_id', 'window_date', 'window_start', 'window_end', 'status'])
          .where('submission_id', 'in', ids)
          .orderBy('window_date', 'desc')
          .orderBy('window_start', 'desc')
          .execute(),
    db.k
      .selectFrom('customer_merges')
      .select(['id', 'at', 'merged_customer', 'request_ids'])
      .where('kept_customer', '=', customer)
      .where('undone_at', 'is', null)
      .orderBy('id', 'desc')
      .execute(),
  ])
  const distinct = (values: (string | null)[], key: (v: string) => string) => {
    const seen = new Map<string, string>()
    for (const v of values) if (v && !seen.has(key(v))) seen.set(key(v), v)
    return [...seen.values()]
  }
  let client: CustomerView['client'] = null
  for (const field of CLIENT_COLUMNS) {
    const value = live.find((r) => r[field] !== null && r[field] !== '')?.[field] ?? null
    if (value !== null) client = { ...(client ?? EMPTY_CLIENT), [field]: value }
  }
  if (client && live.some((r) => r.client_since))
    client.client_since = live
      .map((r) => r.client_since)
      .filter((d): d is string => d !== null)
      .sort()[0]!
  const nameOf = new Map(rows.map((r) => [r.id, r.name]))
  return {
    id: customer,
    name: (live.at(-1) ?? rows.at(-1))?.name ?? '',
    names: distinct(
      live.map((r) => r.name),
      (v) => v.trim().toLowerCase(),
    ),
    phones: distinct(
      live.map((r) => r.phone),
      (v) => phoneKey(v) ?? v,
    ),
    emails: distinct(
      live.map((r) => r.email),
      (v) => emailKey(v) ?? v,
    ),
    requests: live.map((r) => ({
      id: r.id,
      created_at: toIso(r.created_at),
      name: r.name,
      service: r.service,
      status: r.status,
      is_read: toBool(r.is_read),
      folded_into: r.folded_into,
    })),
    client,
    notes: notes.map((n) => ({ submissionId: n.submission_id, at: toIso(n.at), text: n.detail ?? '' })),
    visits: visits.map((v) => ({
      submissionId: v.submission_id,
      date: v.window_date,
      start: v.window_start,
      end: v.window_end,
      status: v.status,
    })),
    merges: merges.map((m) => {
      const moved = JSON.parse(m.request_ids) as string[]
      return {
        id: Number(m.id),
        at: toIso(m.at),
        mergedCustomer: m.merged_customer,
        requests: moved.length,
        names: distinct(
          moved.map((r) => nameOf.get(r) ?? null),
          (v) => v.trim().toLowerCase(),
        ),
      }
    }),
  }
}

const CLIENT_COLUMNS = ['client_since', 'next_delivery_date', 'delivery_frequency', 'delivery_notes'] as const
const EMPTY_CLIENT: Record<ClientField, string | null> = {
  client_since: null,
  next_delivery_date: null,
  delivery_frequency: null,
  delivery_notes: null,
}

/** Why a merge or its undo was refused. */
export class CustomerRefusal extends Error {
  readonly status: 404 | 409
  constructor(status: 404 | 409, message: string) {
    super(message)
    this.name = 'CustomerRefusal'
    this.status = status
  }
}

/** The first name among a customer's requests, for the timeline ("Dana Whitaker"). */
async function nameOfCustomer(trx: Reader, customer: string): Promise<string> {
  const row = await trx
    .selectFrom('contact_submissions')
    .select('name')
    .where(ofCustomers([customer]))
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst()
  return row?.name ?? 'a customer'
}

/** The ids of every request of `customer` (spam and the trash included). */
const requestsOf = async (trx: Reader, customer: string) =>
  (
    await trx
      .selectFrom('contact_submissions')
      .select('id')
      .where(ofCustomers([customer]))
      .execute()
  ).map((r) => r.id)

/** Writes one timeline entry on each of `ids`, at `at`. */
async function onTimelines(trx: Reader, ids: readonly string[], at: string, kind: ActivityKind, detail: string) {
  for (let from = 0; from < ids.length; from += 500)
    await trx
      .insertInto('submission_activity')
      .values(
        ids.slice(from, from + 500).map((id) => ({ submission_id: id, at, kind, detail, by_user_id: currentAuthor() })),
      )
      .execute()
}

/** Whether customer `a`'s first request came before customer `b`'s (the earlier id first on a tie). */
async function cameFirst(trx: Reader, a: string, b: string): Promise<boolean> {
  const first = (customer: string) =>
    trx
      .selectFrom('contact_submissions')
      .select(['id', 'created_at'])
      .where(ofCustomers([customer]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
  const [x, y] = [await first(a), await first(b)]
  const [at, bt] = [toIso(x.created_at), toIso(y.created_at)]
  return at < bt || (at === bt && x.id < y.id)
}

/**
 * Merges two customers (each named by a customer's or a request's id) into one: every request of
 * the one that came later takes the id of the one that came first (`kept`, usually the first
 * named), a customer_merges row records which ones moved, and the requests of both say so on
 * their timelines. Returns the merge's id and the two customers.
 */
export async function mergeCustomers(
  db: Db,
  keptId: string,
  mergedId: string,
  now: Date,
): Promise<{ merge: number; kept: string; merged: string; moved: number }> {
  return db.transact(async (trx) => {
    const [asked, other] = await Promise.all([resolveCustomer(trx, keptId), resolveCustomer(trx, mergedId)])
    if (!asked || !other) throw new CustomerRefusal(404, 'Customer not found')
    if (asked === other) throw new CustomerRefusal(409, 'These requests are one customer already.')
    // The merged customer goes on as the one who came first: its id stays the id of its first
    // request, so "returning" (every request but the first, sources.ts) holds after the merge too.
    const [kept, merged] = (await cameFirst(trx, other, asked)) ? [other, asked] : [asked, other]
    const [moved, keptIds] = [await requestsOf(trx, merged), await requestsOf(trx, kept)]
    const at = now.toISOString()
    const detail = `${await nameOfCustomer(trx, merged)} into ${await nameOfCustomer(trx, kept)}`
    await trx
      .updateTable('contact_submissions')
      .set({ customer_id: kept })
      .where(ofCustomers([merged]))
      .execute()
    const row = await trx
      .insertInto('customer_merges')
      .values({ kept_customer: kept, merged_customer: merged, request_ids: JSON.stringify(moved), at })
      .returning('id')
      .executeTakeFirstOrThrow()
    await onTimelines(trx, [...keptIds, ...moved], at, 'customer_merged', detail)
    return { merge: Number(row.id), kept, merged, moved: moved.length }
  })
}

/**
 * Undoes a merge: exactly the requests it moved, those still with the customer they were merged
 * into, go back to their own customer (a request that came in since stays); on their timelines.
 */
export async function undoMerge(
  db: Db,
  mergeId: number,
  now: Date,
): Promise<{ kept: string; merged: string; moved: number }> {
  return db.transact(async (trx) => {
    const merge = await trx.selectFrom('customer_merges').selectAll().where('id', '=', mergeId).executeTakeFirst()
    if (!merge) throw new CustomerRefusal(404, 'Merge not found')
    if (merge.undone_at !== null) throw new CustomerRefusal(409, 'This merge was undone already.')
    const ids = JSON.parse(merge.request_ids) as string[]
    const at = now.toISOString()
    let back: string[] = []
    for (let from = 0; from < ids.length; from += 500) {
      const chunk = ids.slice(from, from + 500)
      const still = await trx
        .selectFrom('contact_submissions')
        .select('id')
        .where('id', 'in', chunk)
        .where('customer_id', '=', merge.kept_customer)
        .execute()
      back = back.concat(still.map((r) => r.id))
      await trx
        .updateTable('contact_submissions')
        .set({ customer_id: merge.merged_customer })
        .where('id', 'in', chunk)
        .where('customer_id', '=', merge.kept_customer)
        .execute()
    }
    await trx.updateTable('customer_merges').set({ undone_at: at }).where('id', '=', mergeId).execute()
    const keptIds = await requestsOf(trx, merge.kept_customer)
    const detail = `${await nameOfCustomer(trx, merge.merged_customer)} apart from ${await nameOfCustomer(trx, merge.kept_customer)}`
    await onTimelines(trx, [...keptIds, ...back], at, 'merge_undone', detail)
    return { kept: merge.kept_customer, merged: merge.merged_customer, moved: back.length }
  })
}
