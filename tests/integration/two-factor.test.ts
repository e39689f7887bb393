// The second factor, recovery codes, the owner's reset link and the audit log (issue 26 steps 2
// and 5, decision 063) against the server, on SQLite and PostgreSQL. Codes are computed here from
// the secret the server shows, as an authenticator app does (tests/helpers/totp-client.ts).
import { describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { authenticatorCode, secretOf } from '../helpers/totp-client.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { createResetLink, INVITATION_HOURS } from '../../src/server/auth/invitations.ts'
import { audit, auditPage } from '../../src/server/db/audit.ts'
import { applyRetention } from '../../src/server/retention.ts'
import { createLogger } from '../../src/server/log.ts'
import { passwordOwner } from '../../src/server/db/users.ts'
import { CODE_NEEDED, CODE_WRONG } from '../../src/server/admin/session.ts'

const PASSWORD = 'two-factor owner password, long enough'
const CHOSEN = 'sam chose this password'
const RESET = 'sam chose a new password after the reset'

/** Six digits that are none of the codes the server would take now. */
const wrongCode = (secret: string): string => {
  const taken = [-1, 0, 1].map((offset) => authenticatorCode(secret, Date.now(), offset))
  return ['000000', '111111', '222222', '333333'].find((code) => !taken.includes(code))!
}

describe.each(STORAGE_KINDS)('two-factor sign-in, recovery, reset and the audit log on %s', (kind) => {
  const served = serveOn(kind, PASSWORD)
  let address = 10
  const from = () => `203.0.113.${address++}`
  const email = `sam.2fa.${kind.toLowerCase()}@example.com`
  const url = (link: string) => link.replace(ORIGIN, served.server.url)
  const send = (link: string, password: string) =>
    fetch(url(link), {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from() },
      body: new URLSearchParams({ password, repeat: password }).toString(),
    })
  const owner = async () => {
    const client = adminClient(served.server.url, { from: from(), password: PASSWORD })
    expect((await client.login()).status).toBe(200)
    return client
  }
  const signIn = (body: Record<string, string>) => {
    const client = adminClient(served.server.url, { from: from() })
    return client.call('POST', '/api/admin/login', body).then((answer) => ({ client, answer }))
  }
  const actions = async (admin: Awaited<ReturnType<typeof owner>>) =>
    (await admin.call('GET', '/api/admin/audit')).body.entries as {
      action: string
      detail: object
      user: { name: string } | null
      email: string | null
      address: string | null
    }[]

  it('turns TOTP on, asks for a code after the password, refuses wrong and reused codes, takes a recovery code once', async () => {
    const admin = await owner()
    const invited = await admin.call('POST', '/api/admin/users/invitations', { name: 'Sam', email, role: 'office' })
    expect(invited.status).toBe(201)
    expect((await send(invited.body.link as string, CHOSEN)).status).toBe(303)

    const { client: sam, answer: first } = await signIn({ email, password: CHOSEN })
    expect(first.status).toBe(200)
    expect((await sam.call('GET', '/api/admin/two-factor')).body).toEqual({
      success: true,
      on: false,
      recoveryCodesLeft: 0,
    })

    const setup = await sam.call('POST', '/api/admin/two-factor/setup')
    expect(setup.status).toBe(200)
    const uri = setup.body.uri as string
    expect(uri).toMatch(/^otpauth:\/\/totp\/Longbar%20Inbox:/)
    const secret = secretOf(uri)
    expect(secret).toBe(setup.body.secret)
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)

    // A wrong first code does not turn it on; the right one does, with ten recovery codes.
    const wrong = wrongCode(secret)
    expect((await sam.call('POST', '/api/admin/two-factor/confirm', { code: wrong })).status).toBe(400)
    // Codes below are computed from this moment, so that a step ending during the test changes nothing.
    const t0 = Date.now()
    const confirmed = await sam.call('POST', '/api/admin/two-factor/confirm', { code: authenticatorCode(secret, t0) })
    expect(confirmed.status).toBe(200)
    const codes = confirmed.body.recoveryCodes as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
    const status = await sam.call('GET', '/api/admin/two-factor')
    expect(status.body).toEqual({ success: true, on: true, recoveryCodesLeft: 10 })
    // The secret is never answered again.
    expect((await sam.call('POST', '/api/admin/two-factor/setup')).status).toBe(409)
    expect(JSON.stringify((await admin.call('GET', '/api/admin/users')).body)).not.toContain(secret)

    // The password alone is not enough now; a wrong password still says the SPEC's words.
    const asked = await signIn({ email, password: CHOSEN })
    expect(asked.answer).toMatchObject({ status: 401, body: { error: CODE_NEEDED, fields: { code: CODE_NEEDED } } })
    expect(asked.answer.headers.get('set-cookie')).toBeNull()
    const badPassword = await signIn({ email, password: 'not it at all', code: authenticatorCode(secret, t0, 1) })
    expect(badPassword.answer).toMatchObject({ status: 401, body: { error: 'Invalid password' } })

    // The code the set-up took is spent; a wrong one, and one two steps old, are refused.
    for (const code of [authenticatorCode(secret, t0), wrong, authenticatorCode(secret, t0, -2), 'abc'])
      expect((await signIn({ email, password: CHOSEN, code })).answer).toMatchObject({
        status: 401,
        body: { error: CODE_WRONG },
      })
    // The next step's code (clock drift within the window) signs in, once.
    const next = authenticatorCode(secret, t0, 1)
    const signed = await signIn({ email, password: CHOSEN, code: next })
    expect(signed.answer.status).toBe(200)
    expect((await signed.client.call('GET', '/api/admin/session')).body).toMatchObject({ user: { email } })
    expect((await signIn({ email, password: CHOSEN, code: next })).answer.status).toBe(401)

    // A recovery code in place of the code, once.
    const byRecovery = await signIn({ email, password: CHOSEN, code: codes[3]!.toUpperCase() })
    expect(byRecovery.answer.status).toBe(200)
    expect((await signIn({ email, password: CHOSEN, code: codes[3]! })).answer.status).toBe(401)
    expect((await sam.call('GET', '/api/admin/two-factor')).body).toMatchObject({ recoveryCodesLeft: 9 })

    // New codes replace the old ones.
    const renewed = await sam.call('POST', '/api/admin/two-factor/recovery-codes')
    expect(renewed.status).toBe(200)
    expect((await signIn({ email, password: CHOSEN, code: codes[4]! })).answer.status).toBe(401)
    expect((await sam.call('GET', '/api/admin/two-factor')).body).toMatchObject({ recoveryCodesLeft: 10 })

    // Signed out, and the account activity says all of it, newest first; the office may not read it.
    expect((await signed.client.call('POST', '/api/admin/logout')).status).toBe(200)
    expect((await sam.call('GET', '/api/admin/audit')).status).toBe(403)
    const log = await actions(admin)
    expect(log.map((e) => e.action).slice(0, 13)).toEqual([
      'sign-out',
      'sign-in-failed',
      'recovery-codes-made',
      'sign-in-failed',
      'sign-in',
      'sign-in-failed',
      'sign-in',
      'sign-in-failed',
      'sign-in-failed',
      'sign-in-failed',
      'sign-in-failed',
      'sign-in-failed',
      'two-factor-on',
    ])
    expect(log[4]).toMatchObject({
      user: { name: 'Sam' },
      email,
      detail: { method: 'password', factor: 'recovery-code' },
    })
    expect(log[6]).toMatchObject({ detail: { method: 'password', factor: 'totp' } })
    expect(log[5]).toMatchObject({ detail: { method: 'password', reason: 'code' } })
    // The wrong password: nobody's account is named, only the e-mail tried.
    expect(log[11]).toMatchObject({ user: null, email, detail: { method: 'password' } })
    expect(log[0]!.address).toMatch(/^203\.0\.113\.\d+$/)
    const older = log.map((e) => e.action)
    expect(older).toContain('invitation-used')
    expect(older).toContain('invitation-made')
    expect(older.at(-1)).toBe('sign-in')

    // Turning it off takes a current code (here a recovery code); then the password alone signs in.
    expect((await sam.call('POST', '/api/admin/two-factor/off', { code: '123' })).status).toBe(400)
    expect(
      (await sam.call('POST', '/api/admin/two-factor/off', { code: (renewed.body.recoveryCodes as string[])[0]! }))
        .status,
    ).toBe(200)
    expect((await signIn({ email, password: CHOSEN })).answer.status).toBe(200)
    expect((await actions(admin))[1]!.action).toBe('two-factor-off')
  })

  it('counts a wrong code as a failed sign-in in the same throttle; asking for the code does not', async () => {
    const admin = await owner()
    const who = `throttle.${kind.toLowerCase()}@example.com`
    const invited = await admin.call('POST', '/api/admin/users/invitations', {
      name: 'Lee',
      email: who,
      role: 'office',
    })
    expect((await send(invited.body.link as string, CHOSEN)).status).toBe(303)
    const { client: lee } = await signIn({ email: who, password: CHOSEN })
    const secret = (await lee.call('POST', '/api/admin/two-factor/setup')).body.secret as string
    const t0 = Date.now()
    expect(
      (await lee.call('POST', '/api/admin/two-factor/confirm', { code: authenticatorCode(secret, t0) })).status,
    ).toBe(200)
    // One address: being asked for the code many times is no failure…
    const one = adminClient(served.server.url, { from: from() })
    for (let i = 0; i < 6; i++)
      expect((await one.call('POST', '/api/admin/login', { email: who, password: CHOSEN })).body.error).toBe(
        CODE_NEEDED,
      )
    // …but five wrong codes are the address's five failures: the right code then waits too.
    const wrong = wrongCode(secret)
    for (let i = 0; i < 5; i++)
      expect((await one.call('POST', '/api/admin/login', { email: who, password: CHOSEN, code: wrong })).status).toBe(
        401,
      )
    const throttled = await one.call('POST', '/api/admin/login', {
      email: who,
      password: CHOSEN,
      code: authenticatorCode(secret, t0, 1),
    })
    expect(throttled.status).toBe(429)
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/)
    // Another address still signs in with the right code.
    expect((await signIn({ email: who, password: CHOSEN, code: authenticatorCode(secret, t0, 1) })).answer.status).toBe(
      200,
    )
  })

  it('resets another account by a one-time link: a new password, TOTP off, sessions ended', async () => {
    const admin = await owner()
    const who = `reset.${kind.toLowerCase()}@example.com`
    const invited = await admin.call('POST', '/api/admin/users/invitations', {
      name: 'Robin',
      email: who,
      role: 'office',
    })
    expect((await send(invited.body.link as string, CHOSEN)).status).toBe(303)
    const { client: robin } = await signIn({ email: who, password: CHOSEN })
    const secret = (await robin.call('POST', '/api/admin/two-factor/setup')).body.secret as string
    expect(
      (await robin.call('POST', '/api/admin/two-factor/confirm', { code: authenticatorCode(secret) })).status,
    ).toBe(200)

    const users = (await admin.call('GET', '/api/admin/users')).body.users as { id: number; email: string | null }[]
    const robinId = users.find((u) => u.email === who)!.id
    const ownerId = users.find((u) => u.email === null)!.id
    // Not one's own, nor an unknown account.
    expect((await admin.call('POST', `/api/admin/users/${ownerId}/reset`)).status).toBe(409)
    expect((await admin.call('POST', '/api/admin/users/99999/reset')).status).toBe(404)
    expect((await robin.call('POST', `/api/admin/users/${robinId}/reset`)).status).toBe(403)

    const made = await admin.call('POST', `/api/admin/users/${robinId}/reset`)
    expect(made.status).toBe(201)
    const link = made.body.link as string
    expect(link).toMatch(new RegExp(`^${ORIGIN}/admin/invite/[\\w-]{43}$`))
    const page = await fetch(url(link))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Set a new password')

    const used = await send(link, RESET)
    expect(used.status).toBe(303)
    // Robin's other sessions are over, the old password is gone, and no code is asked any more.
    expect((await robin.call('GET', '/api/admin/session')).status).toBe(401)
    expect((await signIn({ email: who, password: CHOSEN })).answer.status).toBe(401)
    const after = await signIn({ email: who, password: RESET })
    expect(after.answer.status).toBe(200)
    expect((await after.client.call('GET', '/api/admin/two-factor')).body).toMatchObject({ on: false })
    // Once.
    expect((await fetch(url(link))).status).toBe(404)
    expect((await send(link, RESET + '!')).status).toBe(404)

    // A link older than 72 hours is refused.
    const late = await createResetLink(served.db, robinId, ownerId, Date.now() - (INVITATION_HOURS * 3_600_000 + 1000))
    if (!late.ok) throw new Error('not made')
    expect((await send(`${ORIGIN}/admin/invite/${late.token}`, RESET)).status).toBe(404)

    const log = await actions(admin)
    const used_ = log.find((e) => e.action === 'reset-link-used')!
    expect(used_).toMatchObject({ user: { name: 'Robin' }, email: who })
    expect(log.find((e) => e.action === 'reset-link-made')).toMatchObject({ detail: { account: robinId }, email: who })
  })

  it('pages the account activity, newest first', async () => {
    const admin = await owner()
    const ownerId = (await passwordOwner(served.db))!.id
    for (let i = 0; i < 60; i++)
      await audit(served.db, { userId: ownerId, action: 'passkey-removed', detail: { n: i }, address: null })
    const first = await admin.call('GET', '/api/admin/audit')
    const entries = first.body.entries as { id: number; detail: { n?: number } }[]
    expect(entries).toHaveLength(50)
    expect(entries[0]!.detail.n).toBe(59)
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a))
    const next = first.body.next as number
    expect(next).toBe(entries.at(-1)!.id)
    const second = await admin.call('GET', `/api/admin/audit?before=${next}`)
    const rest = second.body.entries as { id: number; detail: { n?: number } }[]
    expect(rest[0]!.detail.n).toBe(9)
    expect(rest.every((e) => e.id < next)).toBe(true)
    expect((await admin.call('GET', '/api/admin/audit?before=x')).status).toBe(400)
  })

  it('keeps the account activity 13 months: the retention job deletes what is older, and says how many', async () => {
    const ownerId = (await passwordOwner(served.db))!.id
    const now = new Date('2031-06-15T12:00:00Z')
    const kept = { userId: ownerId, action: 'sign-in' as const, detail: { kept: true }, address: null }
    await audit(served.db, { ...kept, detail: { old: true } }, '2030-05-14T12:00:00.000Z')
    await audit(served.db, kept, '2030-05-16T12:00:00.000Z')
    const lines: { msg: string; rows?: number }[] = []
    const log = createLogger('info', (line) => void lines.push(JSON.parse(line) as { msg: string }))
    await applyRetention({ db: served.db, log, months: 36, now, today: '2031-06-15' })
    const left = await auditPage(served.db, { limit: 1000 })
    expect(left.some((e) => e.detail.old === true)).toBe(false)
    expect(left.some((e) => e.detail.kept === true)).toBe(true)
    // Everything the other tests wrote today is older than 13 months on that date too.
    expect(left.every((e) => e.at >= '2030-05-15T12:00:00.000Z')).toBe(true)
    const said = lines.find((line) => line.msg === 'retention: old account activity deleted')
    expect(said?.rows).toBeGreaterThanOrEqual(1)
  })
})
