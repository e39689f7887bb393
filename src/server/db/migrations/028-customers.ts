// 028: customers (issue 25, docs/decisions/052-customers.md). Every request carries the keys of its
// phone number and e-mail address (src/lead/customer.ts) and the id of its customer: the id of the
// customer's first request, shared by every request with the same phone or e-mail (transitively).
// `folded_into`: a request sent again within an hour, folded into the earlier one. The requests
// already stored are grouped here, once, in the program (the keys are the program's own rules);
// new ones as they are stored (src/server/contact/store.ts). `customer_merges`: what a merge moved,
// so it can be undone exactly.
import { sql, type Kysely } from 'kysely'
import { emailKey, phoneKey } from '../../../lead/customer.ts'
import { addColumns, types, type Kind, type KindMigration } from './shared.ts'
import { withTriggersOff } from '../adopt.ts'

export const customers: KindMigration = {
  name: '028_customers',
  async up(db, kind) {
    const t = types(kind)
    await addColumns(db, kind, 'contact_submissions', [
      ['phone_key', 'text'],
      ['email_key', 'text'],
      ['customer_id', t.uuid],
      ['folded_into', t.uuid],
    ])
    // On an adopted table, the old system's triggers (an updated_at "touch") are held off: the
    // keys are ours, not a change to the requests.
    if (kind === 'postgres') await withTriggersOff(db, () => groupStoredRequests(db, kind))
    else await groupStoredRequests(db, kind)
    for (const column of ['phone_key', 'email_key'] as const)
      await db.schema
        .createIndex(`contact_submissions_${column}`)
        .ifNotExists()
        .on('contact_submissions')
        .columns([column, 'created_at'])
        .execute()
    await db.schema
      .createIndex('contact_submissions_customer')
      .ifNotExists()
      .on('contact_submissions')
      .columns(['customer_id', 'created_at'])
      .execute()
    await db.schema
      .createTable('customer_merges')
      .ifNotExists()
      .addColumn('id', t.serial, (c) => c.primaryKey())
      .addColumn('kept_customer', t.uuid, (c) => c.notNull())
      .addColumn('merged_customer', t.uuid, (c) => c.notNull())
      /** The ids of the requests the merge moved, as a JSON array (an undo moves exactly these back). */
      .addColumn('request_ids', 'text', (c) => c.notNull())
      .addColumn('at', t.timestamp, (c) => c.notNull())
      .addColumn('undone_at', t.timestamp)
      .execute()
  },
}

type Stored = { id: string; phone: string | null; email: string | null }

/**
 * Keys every stored request and groups them: requests that share a phone or an e-mail key, directly
 * or through another request, are one customer, whose id is its oldest request's.
 */
async function groupStoredRequests(db: Kysely<unknown>, kind: Kind): Promise<void> {
  const { rows } = await sql<Stored>`select id, phone, email from contact_submissions order by created_at, id`.execute(
    db,
  )
  // Union-find over the rows' positions (oldest first); a group's root is its oldest row.
  const root = rows.map((_, i) => i)
  const find = (i: number): number => {
    while (root[i] !== i) i = root[i] = root[root[i]!]!
    return i
  }
  const firstWith = new Map<string, number>()
  const keyed = rows.map((row, i) => {
    const keys = { id: String(row.id), phone: phoneKey(row.phone), email: emailKey(row.email) }
    for (const key of [keys.phone && `p:${keys.phone}`, keys.email && `e:${keys.email}`]) {
      if (!key) continue
      const first = firstWith.get(key)
      if (first === undefined) firstWith.set(key, i)
      else {
        const [a, b] = [find(first), find(i)]
        root[Math.max(a, b)] = Math.min(a, b)
      }
    }
    return keys
  })
  const updates = keyed.map((row, i) => ({ ...row, customer: keyed[find(i)]!.id }))
  for (let at = 0; at < updates.length; at += 500) {
    const chunk = updates.slice(at, at + 500)
    if (kind === 'postgres') {
      const values = sql.join(chunk.map((u) => sql`(${u.id}, ${u.phone}, ${u.email}, ${u.customer})`))
      await sql`update contact_submissions as c set phone_key = v.phone_key, email_key = v.email_key, customer_id = v.customer::uuid
        from (values ${values}) as v(id, phone_key, email_key, customer) where c.id = v.id::uuid`.execute(db)
    } else {
      for (const u of chunk)
        await sql`update contact_submissions set phone_key = ${u.phone}, email_key = ${u.email}, customer_id = ${u.customer} where id = ${u.id}`.execute(
          db,
        )
    }
  }
}
