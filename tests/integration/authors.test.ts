// Who did what (issue 26 step 3, decision 062) against the server, on SQLite and PostgreSQL: two
// people work one request and its timeline names each (the system's entries none); a request is
// assigned to a person, on the timeline, the card's answer naming them, never to a disabled or
// unknown account; "Mine" lists the requests assigned to whoever asks; everyone sets their own
// "On duty", the owner anyone's. Migration 038 leaves what was there before it: entries naming no
// one, requests assigned to no one, every account on duty.
import { randomBytes } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { triage } from '../../src/server/contact/triage.ts'
import { listActivity } from '../../src/server/db/activity.ts'
import { migrate, migratorFor } from '../../src/server/db/migrations.ts'
import { insertUser, listTeam, passwordOwner } from '../../src/server/db/users.ts'

const PASSWORD = 'authors owner password, long enough'
const PAT_PASSWORD = 'pat office password, long enough'

type Item = { id: string; name: string; assigned_to: number | null; assignee: string | null; is_read: boolean }
type Entry = { kind: string; detail: string | null; author: string | null }

describe.each(STORAGE_KINDS)('who did what on %s', (kind) => {
  const served = serveOn(kind, PASSWORD)
  let address = 10
  const tag = `auth${randomBytes(3).toString('hex')}`
  const client = () =>
    adminClient(served.server.url, { from: `203.0.113.${address++}`, origin: ORIGIN, password: PASSWORD })
  let owner: ReturnType<typeof client>
  let pat: ReturnType<typeof client>
  let patId: number
  let ownerId: number
  let goneId: number

  beforeAll(async () => {
    owner = client()
    pat = client()
    expect((await owner.login()).status).toBe(200)
    ownerId = (await passwordOwner(served.db))!.id
    const now = new Date().toISOString()
    const email = `pat.${kind.toLowerCase()}@example.com`
    patId = await insertUser(
      served.db,
      { name: 'Pat Office', email, role: 'office', passwordHash: await hash(PAT_PASSWORD) },
      now,
    )
    goneId = await insertUser(
      served.db,
      { name: 'Gil Gone', email: `gil.${kind.toLowerCase()}@example.com`, role: 'office', passwordHash: null },
      now,
    )
    await served.db.k.updateTable('users').set({ disabled: true }).where('id', '=', goneId).execute()
    expect((await pat.call('POST', '/api/admin/login', { email, password: PAT_PASSWORD })).status).toBe(200)
  })

  const send = async (name: string): Promise<Item> => {
    const res = await fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.7.${address++ % 250}` },
      body: JSON.stringify({
        name: `${tag} ${name}`,
        phone: `410555${String(address).padStart(4, '0')}`,
        message: 'No heat',
      }),
    })
    expect(res.status).toBe(201)
    const found = await owner.call('GET', `/api/admin/submissions?q=${encodeURIComponent(`${tag} ${name}`)}`)
    return (found.body.items as Item[])[0]!
  }
  const timeline = async (id: string) =>
    ((await owner.call('GET', `/api/admin/submissions/${id}/activity`)).body.items as Entry[]).reverse()
  const assign = (who: typeof owner, id: string, assigned_to: number | null) =>
    who.call('PATCH', `/api/admin/submissions/${id}/assignee`, { assigned_to })

  it('names the author of each timeline entry: two people on one request', async () => {
    const item = await send('Two People')
    expect((await pat.call('PATCH', `/api/admin/submissions/${item.id}`, { is_read: true })).status).toBe(200)
    expect((await pat.call('POST', `/api/admin/submissions/${item.id}/contacts`, { channel: 'call' })).status).toBe(200)
    expect(
      (await pat.call('POST', `/api/admin/submissions/${item.id}/notes`, { text: 'Left a voicemail' })).status,
    ).toBe(200)
    expect((await owner.call('PATCH', `/api/admin/submissions/${item.id}`, { status: 'scheduled' })).status).toBe(200)
    expect(
      (await owner.call('PUT', `/api/admin/submissions/${item.id}/job-outcome`, { lost_reason: null })).status,
    ).toBe(200)
    const entries = (await timeline(item.id)).map((e) => [e.author, e.kind, e.detail])
    expect(entries).toEqual([
      ['Pat Office', 'read', null],
      ['Pat Office', 'called', null],
      ['Pat Office', 'note', 'Left a voicemail'],
      ['Owner', 'status', 'new → scheduled'],
    ])
  })

  it('names each author when two people write at the same moment', async () => {
    const a = await send('Same Moment A')
    const b = await send('Same Moment B')
    // Together: on SQLite their transactions share one commit (group commit), each under its own author.
    await Promise.all(
      [0, 1, 2].flatMap((n) => [
        pat.call('POST', `/api/admin/submissions/${a.id}/notes`, { text: `Pat ${n}` }),
        owner.call('POST', `/api/admin/submissions/${b.id}/notes`, { text: `Owner ${n}` }),
        owner.call('POST', `/api/admin/submissions/${a.id}/notes`, { text: `Owner ${n}` }),
      ]),
    )
    for (const id of [a.id, b.id])
      for (const entry of (await timeline(id)).filter((e) => e.kind === 'note'))
        expect(entry.author, entry.detail!).toBe(entry.detail!.startsWith('Pat') ? 'Pat Office' : 'Owner')
  })

  it('assigns a request to a person, on the timeline and in the answers, and lists it in their "Mine"', async () => {
    const item = await send('Assigned')
    const other = await send('Not Assigned')
    const assigned = await assign(owner, item.id, patId)
    expect(assigned.status).toBe(200)
    expect(assigned.body.item).toMatchObject({
      id: item.id,
      assigned_to: patId,
      assignee: 'Pat Office',
      is_read: false,
    })
    const mine = async (who: typeof owner, query = '') =>
      ((await who.call('GET', `/api/admin/submissions?mine=1&q=${tag}${query}`)).body.items as Item[]).map((i) => i.id)
    expect(await mine(pat)).toEqual([item.id])
    expect(await mine(owner)).toEqual([])
    // "Mine" within a view and a search: Pat's, read or not.
    expect(await mine(pat, '&view=unread')).toEqual([item.id])
    expect((await pat.call('GET', `/api/admin/submissions?q=${tag}`)).body.items).toContainEqual(
      expect.objectContaining({ id: other.id, assignee: null }),
    )
    // "Mark all as read" in Mine marks Pat's only.
    const marked = await pat.call('POST', '/api/admin/submissions/mark-read', { view: 'unread', q: tag, mine: '1' })
    expect(marked.body.marked).toBe(1)
    expect(((await owner.call('GET', `/api/admin/submissions/${other.id}`)).body.item as Item).is_read).toBe(false)

    // Pat hands it back to the owner, then to no one.
    expect((await assign(pat, item.id, ownerId)).body.item).toMatchObject({ assignee: 'Owner' })
    expect((await assign(pat, item.id, null)).body.item).toMatchObject({ assigned_to: null, assignee: null })
    expect(await mine(pat)).toEqual([])
    const entries = (await timeline(item.id)).filter((e) => e.kind === 'assigned').map((e) => [e.author, e.detail])
    expect(entries).toEqual([
      ['Owner', 'Pat Office'],
      ['Pat Office', 'Owner'],
      ['Pat Office', null],
    ])
  })

  it('refuses an assignment to a disabled or unknown account, or that is not one', async () => {
    const item = await send('Refused')
    expect(await assign(owner, item.id, goneId)).toMatchObject({
      status: 400,
      body: { error: 'Gil Gone’s account is disabled: assign the request to someone else.' },
    })
    expect(await assign(owner, item.id, 999_999)).toMatchObject({
      status: 400,
      body: { error: 'There is no such person to assign this request to.' },
    })
    for (const assigned_to of ['Pat', -1, 1.5, undefined])
      expect(await assign(owner, item.id, assigned_to as unknown as number)).toMatchObject({
        status: 400,
        body: { error: 'Choose a person, or no one.' },
      })
    expect((await owner.call('GET', `/api/admin/submissions?mine=yes`)).status).toBe(400)
    expect((await timeline(item.id)).filter((e) => e.kind === 'assigned')).toEqual([])
  })

  it('lets everyone set their own "On duty", and only the owner anyone else\'s', async () => {
    const team = async (who: typeof owner) =>
      ((await who.call('GET', '/api/admin/team')).body.team as { id: number; name: string; onDuty: boolean }[]).map(
        (p) => [p.name, p.onDuty],
      )
    // Disabled accounts are not on the team; everyone is on duty to begin with.
    expect(await team(pat)).toEqual([
      ['Owner', true],
      ['Pat Office', true],
    ])
    expect((await pat.call('PUT', '/api/admin/me/on-duty', { onDuty: false })).status).toBe(200)
    expect((await pat.call('PUT', `/api/admin/users/${ownerId}/on-duty`, { onDuty: false })).status).toBe(403)
    expect((await owner.call('PUT', `/api/admin/users/${ownerId}/on-duty`, { onDuty: false })).status).toBe(200)
    expect(await team(owner)).toEqual([
      ['Owner', false],
      ['Pat Office', false],
    ])
    expect((await owner.call('PUT', `/api/admin/users/${patId}/on-duty`, { onDuty: true })).status).toBe(200)
    expect((await owner.call('PUT', `/api/admin/users/${goneId}/on-duty`, { onDuty: true })).status).toBe(404)
    expect((await owner.call('PUT', '/api/admin/me/on-duty', { onDuty: 'yes' })).status).toBe(400)
    expect(await team(pat)).toEqual([
      ['Owner', false],
      ['Pat Office', true],
    ])
  })
})

describe.each(STORAGE_KINDS)('migration 038 on %s', (kind) => {
  let storage: StorageTarget | undefined
  afterAll(async () => storage?.remove())

  it("keeps the entries written before it as the system's, requests unassigned, everyone on duty", async () => {
    storage = await createStorage(kind)
    const db = storage.connect()
    try {
      expect((await migratorFor(db).migrateTo('037_session_address')).error).toBeUndefined()
      const at = new Date().toISOString()
      await insertUser(
        db,
        { name: 'Pat Before', email: 'pat.before@example.com', role: 'office', passwordHash: null },
        at,
      )
      const message = { name: 'Dana Before', phone: '4105550111', message: 'No heat' }
      const stored = await storeContactRequest(db, {
        message,
        clientKey: 'migration-038',
        verdict: triage(message, {}, {}, Date.now()),
      })
      if (!stored.stored) throw new Error('not stored')
      await db.k
        .insertInto('submission_activity')
        .values({ submission_id: stored.id, at, kind: 'called', detail: null })
        .execute()

      const { results = [] } = await migrate(db)
      // 038 first; those after it (039…) follow in the same run.
      expect(results.map((r) => r.migrationName)[0]).toBe('038_authors')
      expect((await listActivity(db, stored.id)).map((e) => [e.kind, e.author])).toEqual([['called', null]])
      expect(await db.k.selectFrom('contact_submissions').select('assigned_to').execute()).toEqual([
        { assigned_to: null },
      ])
      expect(await listTeam(db)).toMatchObject([{ name: 'Pat Before', onDuty: true }])
    } finally {
      await db.close()
    }
  })
})
