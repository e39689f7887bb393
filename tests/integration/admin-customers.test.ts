// Customers in the inbox (issue 25, decision 052) against the server, on SQLite and PostgreSQL:
// each card's customer line (how many requests, this one's place, client since; a request sent
// again), the customer view (GET /api/admin/customers/:id: names, phones, e-mails, requests, client
// details, notes, visits), a merge of two customers and its undo (exactly the requests it moved go
// back, also after a new request came in), "Erase this person" taking their whole customer, and
// retention keeping a customer's requests consistent. Requests are stored with their own arrival
// times (storeContactRequest), as the contact form stores them.
import { describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { triage } from '../../src/server/contact/triage.ts'
import { deleteRequestsBefore } from '../../src/server/db/privacy.ts'
import type { ContactMessage } from '../../src/lead/message.ts'
import type { CustomerLine } from '../../src/lead/customer.ts'
import type { CustomerView } from '../../src/server/db/customers.ts'

const PASSWORD = 'customers password, long enough'
const DAY = 86_400_000
const MINUTE = 60_000
type Item = { id: string; name: string; folded_into: string | null; customer: CustomerLine | null }

describe.each(STORAGE_KINDS)('customers in the inbox on %s', (kind) => {
  const served = serveOn(kind, PASSWORD)
  let n = 0
  let address = 10
  const office = () => {
    const client = adminClient(served.server.url, {
      from: `203.0.113.${address++}`,
      origin: ORIGIN,
      password: PASSWORD,
    })
    return client
  }
  const signedIn = async () => {
    const client = office()
    expect((await client.login()).status).toBe(200)
    return client
  }

  /** A request as the contact form stores it, arriving at `at` (ms); its id. */
  const send = async (message: Partial<ContactMessage> & { name: string }, at: number) => {
    const full: ContactMessage = { phone: '(410) 555-0100', elapsedMs: 8_000, ...message }
    const result = await storeContactRequest(served.db, {
      message: full,
      clientKey: `admin-customers-${kind}-${n++}`,
      now: new Date(at),
      overallLimits: [],
      verdict: triage(full, {}, {}, at),
    })
    if (!result.stored) throw new Error('not stored')
    return result.id
  }
  const listed = async (client: ReturnType<typeof office>, q: string): Promise<Item[]> => {
    const res = await client.call('GET', `/api/admin/submissions?q=${encodeURIComponent(q)}`)
    expect(res.status).toBe(200)
    return res.body.items as Item[]
  }
  const customer = async (client: ReturnType<typeof office>, id: string) => {
    const res = await client.call('GET', `/api/admin/customers/${id}`)
    expect(res.status).toBe(200)
    return res.body.customer as CustomerView
  }
  const customerIdOf = async (id: string) =>
    (
      await served.db.k
        .selectFrom('contact_submissions')
        .select('customer_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).customer_id
  const timeline = async (id: string) =>
    (
      await served.db.k
        .selectFrom('submission_activity')
        .select(['kind', 'detail'])
        .where('submission_id', '=', id)
        .execute()
    ).map((e) => e.kind)

  it("gives each card its customer's line: how many requests, this one's place, client since; a second send points to the first", async () => {
    const client = await signedIn()
    const start = Date.parse('2025-03-02T15:00:00Z')
    const first = await send({ name: 'Linecard Ortiz', phone: '410-555-2001' }, start)
    const second = await send(
      { name: 'Linecard Ortiz', phone: '(410) 555-2001', email: 'lc@example.com' },
      start + 40 * DAY,
    )
    const again = await send({ name: 'Linecard Ortiz', phone: '410 555 2001' }, start + 40 * DAY + 5 * MINUTE)
    const third = await send(
      { name: 'Linecard Ortiz', phone: '443-555-2002', email: 'LC@example.com' },
      start + 300 * DAY,
    )
    const stranger = await send({ name: 'Linecard Stranger', phone: '410-555-2003' }, start + 301 * DAY)
    // The office made the second one a client since 2024.
    const patched = await client.call('PATCH', `/api/admin/submissions/${second}`, {
      is_client: true,
      client_since: '2024-05-01',
    })
    expect(patched.status).toBe(200)
    expect((patched.body.item as Item).customer).toEqual({
      id: first,
      requests: 3,
      ordinal: 2,
      clientSince: '2024-05-01',
    })

    const items = await listed(client, 'Linecard')
    const byId = new Map(items.map((i) => [i.id, i]))
    expect(byId.get(first)!.customer).toEqual({ id: first, requests: 3, ordinal: 1, clientSince: '2024-05-01' })
    expect(byId.get(third)!.customer).toEqual({ id: first, requests: 3, ordinal: 3, clientSince: '2024-05-01' })
    // Sent again: not counted, and it names the request it was sent again into.
    expect(byId.get(again)!.folded_into).toBe(second)
    expect(byId.get(again)!.customer).toMatchObject({ id: first, requests: 3, ordinal: null })
    expect(byId.get(stranger)!.customer).toEqual({ id: stranger, requests: 1, ordinal: 1, clientSince: null })
    // A request in the trash is no longer counted.
    expect((await client.call('DELETE', `/api/admin/submissions/${second}`)).status).toBe(200)
    const after = new Map((await listed(client, 'Linecard')).map((i) => [i.id, i]))
    expect(after.get(third)!.customer).toEqual({ id: first, requests: 2, ordinal: 2, clientSince: null })
    // One request read alone (a notification's link) carries its line too.
    const one = await client.call('GET', `/api/admin/submissions/${third}`)
    expect((one.body.item as Item).customer).toMatchObject({ requests: 2, ordinal: 2 })
  })

  it('shows a customer: names, phones, e-mails, every request, client details, notes and visits', async () => {
    const client = await signedIn()
    const start = Date.parse('2025-04-01T15:00:00Z')
    const first = await send({ name: 'Viewer Quinn', phone: '410-555-3001', service: 'heating-repair' }, start)
    const second = await send(
      { name: 'Viewer Q. Quinn', phone: '+1 410 555 3001', email: 'vq@example.com', service: 'ac-repair' },
      start + 10 * DAY,
    )
    expect(
      (await client.call('POST', `/api/admin/submissions/${first}/notes`, { text: 'Two dogs; call before.' })).status,
    ).toBe(200)
    expect(
      (
        await client.call('PATCH', `/api/admin/submissions/${second}`, {
          is_client: true,
          client_since: '2023-06-01',
          delivery_frequency: 'Twice a year',
        })
      ).status,
    ).toBe(200)
    const now = new Date().toISOString()
    await served.db.k
      .insertInto('bookings')
      .values({
        submission_id: second,
        window_date: '2025-04-15',
        window_start: '08:00',
        window_end: '10:00',
        starts_at: '2025-04-15T12:00:00.000Z',
        ends_at: '2025-04-15T14:00:00.000Z',
        status: 'confirmed',
        created_at: now,
        updated_at: now,
      })
      .execute()

    const view = await customer(client, first)
    expect(view.id).toBe(first)
    expect(view.name).toBe('Viewer Quinn')
    expect(view.names).toEqual(['Viewer Q. Quinn', 'Viewer Quinn'])
    expect(view.phones).toEqual(['+1 410 555 3001'])
    expect(view.emails).toEqual(['vq@example.com'])
    expect(view.requests.map((r) => [r.id, r.service, r.status])).toEqual([
      [second, 'ac-repair', 'new'],
      [first, 'heating-repair', 'new'],
    ])
    expect(view.client).toEqual({
      client_since: '2023-06-01',
      next_delivery_date: null,
      delivery_frequency: 'Twice a year',
      delivery_notes: null,
    })
    expect(view.notes).toEqual([expect.objectContaining({ submissionId: first, text: 'Two dogs; call before.' })])
    expect(view.visits).toEqual([
      { submissionId: second, date: '2025-04-15', start: '08:00', end: '10:00', status: 'confirmed' },
    ])
    // Named by any of its requests' ids, the same customer.
    expect((await customer(client, second)).id).toBe(first)
    expect((await client.call('GET', '/api/admin/customers/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await client.call('GET', '/api/admin/customers/not-an-id')).status).toBe(404)
    // Signed out: refused.
    expect((await office().call('GET', `/api/admin/customers/${first}`)).status).toBe(401)
  })

  it('merges two customers and undoes exactly that merge, after a new request came in too', async () => {
    const client = await signedIn()
    const start = Date.parse('2025-05-01T15:00:00Z')
    const a1 = await send({ name: 'Merger Ames', phone: '410-555-4001' }, start)
    const a2 = await send({ name: 'Merger Ames', phone: '410-555-4001' }, start + 20 * DAY)
    const b1 = await send({ name: 'Merger B. Ames', phone: '443-555-4002' }, start + 5 * DAY)
    const b2 = await send({ name: 'Merger B. Ames', phone: '443-555-4002' }, start + 30 * DAY)

    // Origin-checked, and refusals.
    const noOrigin = adminClient(served.server.url, { from: '203.0.113.250', origin: null, password: PASSWORD })
    expect((await noOrigin.login()).status).not.toBe(200)
    noOrigin.cookie = client.cookie
    expect((await noOrigin.call('POST', `/api/admin/customers/${a1}/merge`, { customer: b1 })).status).toBe(403)
    expect((await client.call('POST', `/api/admin/customers/${a1}/merge`, { customer: a2 })).status).toBe(409)
    expect((await client.call('POST', `/api/admin/customers/${a1}/merge`, { customer: 'nope' })).status).toBe(400)
    expect(
      (
        await client.call('POST', `/api/admin/customers/${a1}/merge`, {
          customer: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
    ).toBe(404)
    expect(await customerIdOf(b2)).toBe(b1)

    const merged = await client.call('POST', `/api/admin/customers/${a1}/merge`, { customer: b2 })
    expect(merged.status).toBe(200)
    expect(merged.body).toMatchObject({ kept: a1, merged: b1, moved: 2 })
    expect((merged.body.customer as CustomerView).requests.map((r) => r.id)).toEqual([b2, a2, b1, a1])
    for (const id of [a1, a2, b1, b2]) {
      expect(await customerIdOf(id)).toBe(a1)
      expect(await timeline(id)).toContain('customer_merged')
    }
    const lines = new Map((await listed(client, 'Merger')).map((i) => [i.id, i.customer]))
    expect(lines.get(b2)).toEqual({ id: a1, requests: 4, ordinal: 4, clientSince: null })
    expect(lines.get(b1)).toMatchObject({ ordinal: 2 })
    // The kept customer's view offers the undo.
    const mergeId = merged.body.merge as number
    expect((await customer(client, a1)).merges).toEqual([
      expect.objectContaining({ id: mergeId, mergedCustomer: b1, requests: 2, names: ['Merger B. Ames'] }),
    ])

    // A new request with the merged customer's phone joins the kept customer; the undo leaves it there.
    const b3 = await send({ name: 'Merger B. Ames', phone: '443-555-4002' }, start + 60 * DAY)
    expect(await customerIdOf(b3)).toBe(a1)
    expect((await noOrigin.call('POST', `/api/admin/customers/merges/${mergeId}/undo`)).status).toBe(403)
    const undone = await client.call('POST', `/api/admin/customers/merges/${mergeId}/undo`)
    expect(undone.status).toBe(200)
    expect(undone.body).toMatchObject({ kept: a1, merged: b1, moved: 2 })
    expect(await customerIdOf(b1)).toBe(b1)
    expect(await customerIdOf(b2)).toBe(b1)
    expect(await customerIdOf(b3)).toBe(a1)
    expect(await customerIdOf(a2)).toBe(a1)
    for (const id of [a1, b1, b2]) expect(await timeline(id)).toContain('merge_undone')
    const row = await served.db.k
      .selectFrom('customer_merges')
      .select(['undone_at', 'request_ids'])
      .where('id', '=', mergeId)
      .executeTakeFirstOrThrow()
    expect(row.undone_at).not.toBeNull()
    expect((JSON.parse(row.request_ids) as string[]).sort()).toEqual([b1, b2].sort())
    expect((await customer(client, a1)).merges).toEqual([])
    expect((await client.call('POST', `/api/admin/customers/merges/${mergeId}/undo`)).status).toBe(409)
    expect((await client.call('POST', '/api/admin/customers/merges/999999/undo')).status).toBe(404)
  })

  it('merging the customer who came first into a later one keeps the first: the report counts one first-time request', async () => {
    const client = await signedIn()
    const start = Date.parse('2025-08-04T15:00:00Z')
    const early = await send({ name: 'Early Byrd', phone: '410-555-4101' }, start)
    const late = await send({ name: 'Late Byrd', phone: '443-555-4102', email: 'late.byrd@example.com' }, start + DAY)
    // Asked from the later customer's view: merge the earlier one into it.
    const merged = await client.call('POST', `/api/admin/customers/${late}/merge`, { customer: early })
    expect(merged.status).toBe(200)
    expect(merged.body).toMatchObject({ kept: early, merged: late, moved: 1 })
    expect(await customerIdOf(early)).toBe(early)
    expect(await customerIdOf(late)).toBe(early)
    expect((merged.body.customer as CustomerView).requests.map((r) => r.id)).toEqual([late, early])
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    const report = await client.call('GET', `/api/admin/sources/outcomes?from=${day(start)}&to=${day(start + DAY)}`)
    expect(report.status).toBe(200)
    const direct = (
      report.body.bySource as { key: string; firstTime: { requests: number }; returning: { requests: number } }[]
    ).find((r) => r.key === 'Direct')
    expect(direct).toMatchObject({ firstTime: { requests: 1 }, returning: { requests: 1 } })
    // Undone, each is its own first again.
    expect((await client.call('POST', `/api/admin/customers/merges/${merged.body.merge as number}/undo`)).status).toBe(
      200,
    )
    expect(await customerIdOf(late)).toBe(late)
  })

  it("erases a person's whole customer: every request grouped or merged with theirs, and the merge's record", async () => {
    const client = await signedIn()
    const start = Date.parse('2025-06-01T15:00:00Z')
    const byPhone = await send({ name: 'Eraser Kim', phone: '410-555-5001' }, start)
    const byEmail = await send({ name: 'Eraser Kim', phone: '443-555-5002', email: 'ek@example.com' }, start + 2 * DAY)
    const grouped = await send({ name: 'Eraser K.', phone: '443-555-5002' }, start + 4 * DAY)
    const other = await send({ name: 'Eraser Partner', phone: '667-555-5003' }, start + 6 * DAY)
    const bystander = await send({ name: 'Eraser Bystander', phone: '410-555-5009' }, start + 7 * DAY)
    // byPhone and byEmail are apart (no shared key) until the office merges them; `other` merged too.
    expect(await customerIdOf(byEmail)).toBe(byEmail)
    expect((await client.call('POST', `/api/admin/customers/${byPhone}/merge`, { customer: byEmail })).status).toBe(200)
    expect((await client.call('POST', `/api/admin/customers/${byPhone}/merge`, { customer: other })).status).toBe(200)

    const erased = await client.call('POST', '/api/admin/erase', { phone: '410-555-5001' })
    expect(erased.status).toBe(200)
    expect(erased.body.erased).toBe(4)
    const left = await served.db.k
      .selectFrom('contact_submissions')
      .select('id')
      .where('id', 'in', [byPhone, byEmail, grouped, other, bystander])
      .execute()
    expect(left.map((r) => r.id)).toEqual([bystander])
    const merges = await served.db.k
      .selectFrom('customer_merges')
      .select('id')
      .where((eb) => eb.or([eb('kept_customer', '=', byPhone), eb('merged_customer', 'in', [byEmail, other])]))
      .execute()
    expect(merges).toEqual([])
  })

  it('retention deletes each old request on its date, a request sent again with the one it was folded into, old merges', async () => {
    const start = Date.parse('2020-01-10T15:00:00Z')
    const old = await send({ name: 'Retainer Lee', phone: '410-555-6001' }, start)
    const again = await send({ name: 'Retainer Lee', phone: '410-555-6001' }, start + 30 * MINUTE)
    const recent = await send({ name: 'Retainer Lee', phone: '410-555-6001' }, start + 400 * DAY)
    expect(await customerIdOf(again)).toBe(old)
    await served.db.k
      .insertInto('customer_merges')
      .values({
        kept_customer: old,
        merged_customer: recent,
        request_ids: JSON.stringify([recent]),
        at: new Date(start).toISOString(),
        undone_at: new Date(start + MINUTE).toISOString(),
      })
      .execute()
    // The cut falls between the first and its second send.
    const deleted = await deleteRequestsBefore(served.db, new Date(start + 10 * MINUTE).toISOString())
    expect(deleted).toBeGreaterThanOrEqual(2)
    const left = await served.db.k
      .selectFrom('contact_submissions')
      .select(['id', 'customer_id'])
      .where('id', 'in', [old, again, recent])
      .execute()
    // The later request stays, with its customer's id (a label: the customer is still one).
    expect(left).toEqual([{ id: recent, customer_id: old }])
    const merges = await served.db.k
      .selectFrom('customer_merges')
      .select('id')
      .where('kept_customer', '=', old)
      .execute()
    expect(merges).toEqual([])
  })
})
