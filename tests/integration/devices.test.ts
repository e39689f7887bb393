// "Your devices" and disabling an account (issue 26, step 4), against the server on SQLite and
// PostgreSQL: each account lists its signed-in browsers (the browser from the user agent, the
// address it signed in from, last seen, which one is this) and ends any of them, never another
// account's; the owner disables an account, and its sessions and push subscriptions end at once.
import { hash } from '@node-rs/argon2'
import { describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { insertUser } from '../../src/server/db/users.ts'

const PASSWORD = 'devices owner password, long enough'
const OFFICE_PASSWORD = 'devices office password, long enough'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0'

type Listed = { id: string; browser: string; address: string | null; lastSeenAt: string; current: boolean }

describe.each(STORAGE_KINDS)('devices and disabled accounts on %s', (kind) => {
  const served = serveOn(kind, PASSWORD)
  let address = 10
  const client = () =>
    adminClient(served.server.url, { from: `203.0.113.${address++}`, origin: ORIGIN, password: PASSWORD })
  const signIn = async (userAgent: string, body: Record<string, string> = { password: PASSWORD }) => {
    const who = client()
    expect((await who.call('POST', '/api/admin/login', body, { 'user-agent': userAgent })).status).toBe(200)
    return who
  }
  const sessions = async (who: ReturnType<typeof client>) =>
    ((await who.call('GET', '/api/admin/sessions')).body as { sessions: Listed[] }).sessions

  it("lists the account's signed-in browsers and ends any of them, not another account's", async () => {
    const phone = await signIn(IPHONE)
    const desk = await signIn(WINDOWS)
    const seen = await sessions(phone)
    expect(seen).toHaveLength(2)
    const mine = seen.find((s) => s.current)!
    const other = seen.find((s) => !s.current)!
    expect(mine).toMatchObject({ browser: 'Safari on iPhone', address: expect.stringMatching(/^203\.0\.113\.\d+$/) })
    expect(other).toMatchObject({ browser: 'Edge on Windows', current: false })
    expect(Date.parse(other.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000)

    // An office account sees only its own, and cannot end the owner's.
    const email = `robin.${kind.toLowerCase()}@example.com`
    await insertUser(
      served.db,
      { name: 'Robin', email, role: 'office', passwordHash: await hash(OFFICE_PASSWORD) },
      new Date().toISOString(),
    )
    const robin = await signIn(IPHONE, { email, password: OFFICE_PASSWORD })
    expect((await sessions(robin)).map((s) => s.id)).not.toContain(other.id)
    expect((await robin.call('DELETE', `/api/admin/sessions/${other.id}`)).status).toBe(404)
    expect((await desk.call('GET', '/api/admin/session')).status).toBe(200)

    // The phone ends the desk's session: signed out there at once.
    expect((await phone.call('DELETE', `/api/admin/sessions/${other.id}`)).status).toBe(200)
    expect((await desk.call('GET', '/api/admin/session')).status).toBe(401)
    expect((await sessions(phone)).map((s) => s.id)).toEqual([mine.id])
    // Its own: as a logout.
    expect((await phone.call('DELETE', `/api/admin/sessions/${mine.id}`)).status).toBe(200)
    expect((await phone.call('GET', '/api/admin/session')).status).toBe(401)
    // Each written to the audit log (decision 063), the owner's own ending first, newest on top.
    const owner = await signIn(WINDOWS)
    const log = (await owner.call('GET', '/api/admin/audit')).body.entries as { action: string; detail: object }[]
    expect(log.slice(1, 3).map((e) => [e.action, e.detail])).toEqual([
      ['session-ended', { own: true }],
      ['session-ended', { own: false }],
    ])
  })

  it('disables an account: its sessions and push subscriptions end at once, and it cannot sign in', async () => {
    const owner = await signIn(WINDOWS)
    const email = `casey.${kind.toLowerCase()}@example.com`
    const id = await insertUser(
      served.db,
      { name: 'Casey', email, role: 'office', passwordHash: await hash(OFFICE_PASSWORD) },
      new Date().toISOString(),
    )
    const casey = await signIn(IPHONE, { email, password: OFFICE_PASSWORD })
    const caseyToo = await signIn(WINDOWS, { email, password: OFFICE_PASSWORD })
    await served.db.k
      .insertInto('push_subscriptions')
      .values({
        endpoint: `https://push.example/${kind}/casey`,
        p256dh: 'k',
        auth: 'a',
        device: 'Casey’s phone',
        created_at: new Date().toISOString(),
        user_id: id,
      })
      .execute()
    // The office may not; the owner may not disable themselves.
    expect((await casey.call('POST', `/api/admin/users/${id}/disable`)).status).toBe(403)
    const ownerId = ((await owner.call('GET', '/api/admin/session')).body as { user: { id: number } }).user.id
    expect((await owner.call('POST', `/api/admin/users/${ownerId}/disable`)).status).toBe(409)
    expect((await owner.call('POST', '/api/admin/users/999999/disable')).status).toBe(404)

    expect((await owner.call('POST', `/api/admin/users/${id}/disable`)).status).toBe(200)
    expect((await casey.call('GET', '/api/admin/session')).status).toBe(401)
    expect((await caseyToo.call('GET', '/api/admin/session')).status).toBe(401)
    expect(
      await served.db.k.selectFrom('admin_sessions').select('id_hash').where('user_id', '=', id).execute(),
    ).toEqual([])
    expect(
      await served.db.k.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', id).execute(),
    ).toEqual([])
    expect(await client().call('POST', '/api/admin/login', { email, password: OFFICE_PASSWORD })).toMatchObject({
      status: 401,
      body: { error: 'Invalid password' },
    })
    const listed = (
      (await owner.call('GET', '/api/admin/users')).body as { users: { id: number; disabled: boolean }[] }
    ).users
    expect(listed.find((u) => u.id === id)).toMatchObject({ disabled: true })
    // The account activity: the disabling, by the owner, naming the account (decision 063).
    const log = (await owner.call('GET', '/api/admin/audit')).body.entries as {
      action: string
      user: { id: number } | null
      detail: object
    }[]
    expect(log[1]).toMatchObject({ action: 'account-disabled', user: { id: ownerId }, detail: { account: id } })
    // The owner is still signed in.
    expect((await owner.call('GET', '/api/admin/session')).status).toBe(200)
  })

  it('signs an account out everywhere at the owner’s word, and changes nothing else', async () => {
    const owner = await signIn(WINDOWS)
    const email = `drew.${kind.toLowerCase()}@example.com`
    const id = await insertUser(
      served.db,
      { name: 'Drew', email, role: 'office', passwordHash: await hash(OFFICE_PASSWORD) },
      new Date().toISOString(),
    )
    const drew = await signIn(IPHONE, { email, password: OFFICE_PASSWORD })
    const drewToo = await signIn(WINDOWS, { email, password: OFFICE_PASSWORD })
    const ownerId = ((await owner.call('GET', '/api/admin/session')).body as { user: { id: number } }).user.id
    // The office may not; the owner ends their own one by one (Your devices); no such account.
    expect((await drew.call('POST', `/api/admin/users/${ownerId}/sign-out`)).status).toBe(403)
    expect((await owner.call('POST', `/api/admin/users/${ownerId}/sign-out`)).status).toBe(409)
    expect((await owner.call('POST', '/api/admin/users/999999/sign-out')).status).toBe(404)
    expect((await drew.call('GET', '/api/admin/session')).status).toBe(200)

    expect(await owner.call('POST', `/api/admin/users/${id}/sign-out`)).toMatchObject({
      status: 200,
      body: { success: true, ended: 2 },
    })
    expect((await drew.call('GET', '/api/admin/session')).status).toBe(401)
    expect((await drewToo.call('GET', '/api/admin/session')).status).toBe(401)
    expect((await owner.call('GET', '/api/admin/session')).status).toBe(200)
    // Nothing else: the account is not disabled, and signs in again with its password.
    const listed = (
      (await owner.call('GET', '/api/admin/users')).body as { users: { id: number; disabled: boolean }[] }
    ).users
    expect(listed.find((u) => u.id === id)).toMatchObject({ disabled: false })
    await signIn(IPHONE, { email, password: OFFICE_PASSWORD })
    const log = (await owner.call('GET', '/api/admin/audit')).body.entries as {
      action: string
      user: { id: number } | null
      detail: object
    }[]
    expect(log.find((e) => e.action === 'sessions-ended')).toMatchObject({
      user: { id: ownerId },
      detail: { account: id, sessions: 2 },
    })
  })
})
