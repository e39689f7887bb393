// The lead desk through the admin API, against the built server on SQLite and PostgreSQL: urgent
// requests on top until contacted, after-hours marks, calls and texts recorded, every change
// marking the request read and kept on its timeline, notes, follow-ups due, the trash and its
// purge, "mark all as read", response times in business hours.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { businessMillisBetween, isOpen } from '../../src/lead/business-hours.ts'
import { purgeTrash } from '../../src/server/db/changes.ts'
import { adminClient } from '../helpers/admin.ts'
import { projectRoot } from '../../scripts/lib/server.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'

const PASSWORD = 'lead desk password, long enough'
const { office } = JSON.parse(readFileSync(path.join(projectRoot, 'dist/build-info.json'), 'utf8')) as {
  office: { hours: Parameters<typeof isOpen>[0]; timeZone: string }
}

type Item = Record<string, unknown> & { id: string; name: string; created_at: string }
type Entry = { id: number; at: string; kind: string; detail: string | null }

describe.each(STORAGE_KINDS)('the lead desk on %s', (kind) => {
  const served = serveOn(kind, PASSWORD)
  let address = 10
  const tag = `desk${randomBytes(3).toString('hex')}`
  const admin = () =>
    adminClient(served.server.url, { from: `203.0.113.${address++}`, origin: ORIGIN, password: PASSWORD })
  let office_: ReturnType<typeof admin>

  beforeAll(async () => {
    office_ = admin()
    expect((await office_.login()).status).toBe(200)
  })

  /** Sends a request as a visitor and returns it as the inbox sees it. */
  const send = async (fields: Record<string, unknown>): Promise<Item> => {
    const name = `${tag} ${String(fields.name)}`
    const res = await fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${address}.${address++ % 250}` },
      body: JSON.stringify({ phone: '4105550100', ...fields, name }),
    })
    expect(res.status).toBe(201)
    const found = await office_.call('GET', `/api/admin/submissions?q=${encodeURIComponent(name)}`)
    return (found.body.items as Item[])[0]!
  }
  const list = async (view: string, q = tag) =>
    (
      (await office_.call('GET', `/api/admin/submissions?view=${view}&q=${encodeURIComponent(q)}`)).body.items as Item[]
    ).map((i) => i.name.slice(tag.length + 1))
  const timeline = async (id: string) =>
    (await office_.call('GET', `/api/admin/submissions/${id}/activity`)).body.items as Entry[]

  it('marks an emergency urgent, from its service or its words, and after hours by the office clock', async () => {
    const byService = await send({ name: 'By Service', service: 'emergency', message: 'Please call' })
    const byWords = await send({
      name: 'By Words',
      service: 'heating-repair',
      message: 'Furnace out, two kids, the house is down to 58°F',
    })
    const plain = await send({ name: 'Plain', service: 'maintenance', message: 'Spring tune-up' })
    expect(byService).toMatchObject({ urgency: 'Emergency Service', urgent_open: true })
    expect(byWords).toMatchObject({ urgency: 'No heat: “furnace out”', urgent_open: true })
    expect(plain).toMatchObject({ urgency: null, urgent_open: false })
    for (const item of [byService, byWords, plain]) {
      expect(item.after_hours).toBe(!isOpen(office.hours, office.timeZone, Date.parse(item.created_at)))
    }
  })

  it('keeps urgent requests on top of All and Unread until someone calls or texts', async () => {
    const older = await send({ name: 'Urgent Older', service: 'emergency' })
    await send({ name: 'Newer Plain' })
    const top = async (view: string) => (await list(view)).slice(0, 3)
    expect((await top('all')).slice(0, 3).every((n) => n.startsWith('Urgent') || n.startsWith('By'))).toBe(true)
    expect(await list('unread')).toContain('Urgent Older')
    const called = await office_.call('POST', `/api/admin/submissions/${older.id}/contacts`, { channel: 'call' })
    expect(called.status).toBe(200)
    expect(called.body.item).toMatchObject({ is_read: true, urgent_open: false, first_contact_at: expect.any(String) })
    const all = await list('all')
    expect(all.indexOf('Urgent Older')).toBeGreaterThan(all.indexOf('Newer Plain'))
  })

  it('orders All and Unread as a triage queue: open urgent requests longest-waiting first, then the rest newest first, page by page', async () => {
    const first = await send({ name: 'Queue Heat', message: 'Heat is out, 58 °F inside, two kids at home' })
    await send({ name: 'Queue Tuneup', service: 'maintenance' })
    await send({ name: 'Queue Gas', message: 'Gas smell near the water heater' })
    await send({ name: 'Queue Quote', service: 'installation' })
    const q = `${tag} queue`
    const queue = ['Queue Heat', 'Queue Gas', 'Queue Quote', 'Queue Tuneup']
    expect(await list('all', q)).toEqual(queue)
    expect(await list('unread', q)).toEqual(queue)
    const paged: string[] = []
    let cursor: string | null = null
    do {
      const res = await office_.call(
        'GET',
        `/api/admin/submissions?view=all&q=${encodeURIComponent(q)}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      )
      paged.push(...(res.body.items as Item[]).map((i) => i.name.slice(tag.length + 1)))
      cursor = res.body.nextCursor as string | null
    } while (cursor)
    expect(paged).toEqual(queue)
    // Called: no longer waiting, it takes its place among the rest by its age.
    await office_.call('POST', `/api/admin/submissions/${first.id}/contacts`, { channel: 'call' })
    expect(await list('all', q)).toEqual(['Queue Gas', 'Queue Quote', 'Queue Tuneup', 'Queue Heat'])
  })

  it('records a call or a text, marks read, and measures the first response in business hours', async () => {
    const item = await send({ name: 'Text Me', service: 'ac-repair' })
    const texted = await office_.call('POST', `/api/admin/submissions/${item.id}/contacts`, { channel: 'text' })
    const after = texted.body.item as Item & { first_contact_at: string; response_ms: number }
    expect(after.is_read).toBe(true)
    expect(after.response_ms).toBe(
      businessMillisBetween(
        office.hours,
        office.timeZone,
        Date.parse(item.created_at),
        Date.parse(after.first_contact_at),
      ),
    )
    // A second call is on the timeline but is not the first contact.
    await office_.call('POST', `/api/admin/submissions/${item.id}/contacts`, { channel: 'call' })
    const again = (await office_.call('GET', `/api/admin/submissions?q=${encodeURIComponent(item.name)}`)).body
      .items as Item[]
    expect(again[0]!.first_contact_at).toBe(after.first_contact_at)
    expect((await timeline(item.id)).map((e) => e.kind)).toEqual(['called', 'texted', 'read'])
    expect((await office_.call('POST', `/api/admin/submissions/${item.id}/contacts`, { channel: 'fax' })).status).toBe(
      400,
    )
  })

  it("keeps the last action and the latest note on the request, and a call's outcome sets the status", async () => {
    const item = await send({ name: 'Outcome' })
    await office_.call('POST', `/api/admin/submissions/${item.id}/contacts`, { channel: 'call' })
    const noAnswer = await office_.call('POST', `/api/admin/submissions/${item.id}/outcome`, { outcome: 'no_answer' })
    expect(noAnswer.body.item).toMatchObject({
      status: 'new',
      last_action: 'call_outcome',
      last_action_detail: 'no_answer',
      last_action_at: expect.any(String),
      last_note: null,
    })
    await office_.call('POST', `/api/admin/submissions/${item.id}/notes`, { text: 'No answer, try 5 pm' })
    const reached = await office_.call('POST', `/api/admin/submissions/${item.id}/outcome`, { outcome: 'reached' })
    expect(reached.body.item).toMatchObject({
      status: 'contacted',
      last_action: 'call_outcome',
      last_action_detail: 'reached',
      last_note: 'No answer, try 5 pm',
    })
    const listed = (await office_.call('GET', `/api/admin/submissions?q=${encodeURIComponent(item.name)}`)).body
      .items as Item[]
    expect(listed[0]).toMatchObject({ last_action: 'call_outcome', last_note: 'No answer, try 5 pm' })
    expect((await timeline(item.id)).map((e) => [e.kind, e.detail])).toEqual([
      ['call_outcome', 'reached'],
      ['status', 'new → contacted'],
      ['note', 'No answer, try 5 pm'],
      ['call_outcome', 'no_answer'],
      ['called', null],
      ['read', null],
    ])
    expect((await office_.call('POST', `/api/admin/submissions/${item.id}/outcome`, { outcome: 'maybe' })).status).toBe(
      400,
    )
  })

  it('marks a request read on any change, and keeps each on the timeline in the office’s words', async () => {
    const item = await send({ name: 'Changes' })
    const status = await office_.call('PATCH', `/api/admin/submissions/${item.id}`, { status: 'scheduled' })
    expect(status.body.item).toMatchObject({ status: 'scheduled', is_read: true, first_contact_at: expect.any(String) })
    await office_.call('PATCH', `/api/admin/submissions/${item.id}`, { is_read: false })
    const client = await office_.call('PATCH', `/api/admin/submissions/${item.id}`, {
      is_client: true,
      client_since: '2026-11-20',
      delivery_frequency: 'Twice a year',
    })
    expect(client.body.item).toMatchObject({ is_client: true, is_read: true })
    const entries = await timeline(item.id)
    expect(entries.map((e) => [e.kind, e.detail])).toEqual([
      ['client', 'Client: yes · Client since: 2026-11-20 · Maintenance plan: Twice a year'],
      ['read', null],
      ['unread', null],
      ['status', 'new → scheduled'],
      ['read', null],
    ])
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a))
  })

  it('keeps notes on the timeline, refusing an empty, long or control-character one', async () => {
    const item = await send({ name: 'Notes' })
    const noted = await office_.call('POST', `/api/admin/submissions/${item.id}/notes`, {
      text: '  Called, left voicemail\r\nTry again at 5  ',
    })
    expect(noted.status).toBe(200)
    expect(noted.body.item).toMatchObject({ is_read: true })
    expect((await timeline(item.id))[0]).toMatchObject({
      kind: 'note',
      detail: 'Called, left voicemail\nTry again at 5',
    })
    for (const [text, error] of [
      ['   ', 'Write the note first.'],
      ['x'.repeat(2001), 'At most 2000 characters.'],
      ['bell\u0007', 'Remove the control characters.'],
    ] as const) {
      const refused = await office_.call('POST', `/api/admin/submissions/${item.id}/notes`, { text })
      expect(refused).toMatchObject({ status: 400, body: { success: false, error, fields: { text: error } } })
    }
    expect(
      (await office_.call('GET', '/api/admin/submissions/00000000-0000-4000-8000-000000000000/activity')).status,
    ).toBe(404)
  })

  it('lists follow-ups, the most overdue first, and counts those due', async () => {
    const later = await send({ name: 'Follow Later' })
    const overdue = await send({ name: 'Follow Overdue' })
    const before = (await office_.call('GET', '/api/admin/counts')).body.counts as Record<string, number>
    await office_.call('PATCH', `/api/admin/submissions/${later.id}`, { follow_up_on: '2099-01-01' })
    const set = await office_.call('PATCH', `/api/admin/submissions/${overdue.id}`, { follow_up_on: '2020-01-01' })
    expect(set.body.item).toMatchObject({ follow_up_on: '2020-01-01', is_read: true })
    expect(await list('followups')).toEqual(['Follow Overdue', 'Follow Later'])
    const counts = set.body.counts as Record<string, number>
    expect(counts.due).toBe(before.due! + 1)
    expect(counts.followups).toBe(before.followups! + 2)
    expect((await timeline(overdue.id))[0]).toMatchObject({ kind: 'follow_up', detail: '2020-01-01' })
    const bad = await office_.call('PATCH', `/api/admin/submissions/${later.id}`, { follow_up_on: '2026-02-30' })
    expect(bad.body).toMatchObject({ success: false, fields: { follow_up_on: expect.any(String) } })
  })

  it('pages a view in its own order with the cursor it gives', async () => {
    const names = await list('all')
    const pages: string[] = []
    let cursor: string | null = null
    do {
      const res = await office_.call(
        'GET',
        `/api/admin/submissions?view=all&q=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      )
      pages.push(...(res.body.items as Item[]).map((i) => i.name.slice(tag.length + 1)))
      cursor = res.body.nextCursor as string | null
    } while (cursor)
    expect(pages).toEqual(names)
    expect((await office_.call('GET', '/api/admin/submissions?view=followups&cursor=WyJ4Il0')).status).toBe(400)
  })

  it('marks every unread request of a view read at once, each on its timeline', async () => {
    const one = await send({ name: 'Bulk One' })
    await send({ name: 'Bulk Two' })
    const marked = await office_.call('POST', '/api/admin/submissions/mark-read', { view: 'unread', q: `${tag} bulk` })
    expect(marked.body).toMatchObject({ success: true, marked: 2 })
    expect(await list('unread', `${tag} bulk`)).toEqual([])
    expect((await timeline(one.id))[0]).toMatchObject({ kind: 'read', detail: 'Mark all as read' })
    expect((await office_.call('POST', '/api/admin/submissions/mark-read', { view: 'nope' })).status).toBe(400)
  })

  it('undoes a "Mark all as read": the requests it marked are unread again, those read before stay read', async () => {
    const one = await send({ name: 'Undo One' })
    await send({ name: 'Undo Two' })
    const before = await send({ name: 'Undo Read Before' })
    await office_.call('PATCH', `/api/admin/submissions/${before.id}`, { is_read: true })
    const q = `${tag} undo`
    const marked = await office_.call('POST', '/api/admin/submissions/mark-read', { view: 'all', q })
    expect(marked.body).toMatchObject({ success: true, marked: 2, batch: expect.any(String) })
    expect(await list('unread', q)).toEqual([])
    const undone = await office_.call('POST', '/api/admin/submissions/mark-read/undo', { batch: marked.body.batch })
    expect(undone.body).toMatchObject({ success: true, unmarked: 2 })
    expect((undone.body.counts as { unread: number }).unread).toBe(
      (marked.body.counts as { unread: number }).unread + 2,
    )
    expect(await list('unread', q)).toEqual(['Undo Two', 'Undo One'])
    expect((await timeline(one.id)).map((e) => [e.kind, e.detail])).toEqual([
      ['unread', 'Mark all as read undone'],
      ['read', 'Mark all as read'],
    ])
    // Once is enough: a second undo finds nothing left to undo.
    const again = await office_.call('POST', '/api/admin/submissions/mark-read/undo', { batch: marked.body.batch })
    expect(again.body).toMatchObject({ unmarked: 0 })
    expect((await office_.call('POST', '/api/admin/submissions/mark-read/undo', { batch: 'yesterday' })).status).toBe(
      400,
    )
  })

  it('undoes a delete: the request comes back from the trash where it was', async () => {
    const item = await send({ name: 'Undo Delete' })
    expect((await office_.call('DELETE', `/api/admin/submissions/${item.id}`)).status).toBe(200)
    expect(await list('all', `${tag} undo delete`)).toEqual([])
    const restored = await office_.call('POST', `/api/admin/submissions/${item.id}/restore`)
    expect(restored.body.item).toMatchObject({ deleted_at: null })
    expect(await list('all', `${tag} undo delete`)).toEqual(['Undo Delete'])
  })

  it('purges what has been in the trash for 30 days, with its timeline', async () => {
    const old = await send({ name: 'Purge Me' })
    const recent = await send({ name: 'Keep Me' })
    await office_.call('DELETE', `/api/admin/submissions/${old.id}`)
    await office_.call('DELETE', `/api/admin/submissions/${recent.id}`)
    expect((await timeline(old.id)).map((e) => e.kind)).toEqual(['deleted'])
    await sql`update contact_submissions set deleted_at = ${new Date(Date.now() - 31 * 86_400_000).toISOString()} where id = ${old.id}`.execute(
      served.db.k,
    )
    expect(await purgeTrash(served.db, new Date(Date.now() - 30 * 86_400_000).toISOString())).toBe(1)
    expect(await list('trash')).toEqual(['Keep Me'])
    const left = await served.db.k
      .selectFrom('submission_activity')
      .select('id')
      .where('submission_id', '=', old.id)
      .execute()
    expect(left).toEqual([])
  })

  it('gives the median first response over 7 and 30 days, and how many still wait', async () => {
    const res = await office_.call('GET', '/api/admin/response-times')
    expect(res.status).toBe(200)
    const periods = res.body.periods as { days: number; medianMs: number | null; answered: number; waiting: number }[]
    expect(periods.map((p) => p.days)).toEqual([7, 30])
    const answered = await served.db.k
      .selectFrom('contact_submissions')
      .select('response_ms')
      .where('response_ms', 'is not', null)
      .where('deleted_at', 'is', null)
      .where('is_spam', '=', false)
      .orderBy('response_ms')
      .execute()
    const values = answered.map((r) => Number(r.response_ms))
    expect(periods[0]).toMatchObject({ answered: values.length, medianMs: values[Math.floor((values.length - 1) / 2)] })
    expect(periods[0]!.waiting).toBeGreaterThan(0)
  })
})
