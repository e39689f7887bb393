// Invitations by one-time link (issue 26, decision 054) against the server, on SQLite and
// PostgreSQL: the owner invites (the link to copy), the invitee's page shows whom it is for, a
// password sets up the account and signs it in; the link works once and not after 72 hours; an
// e-mail with an account or an open invitation cannot be invited again; bad input is named.
import { describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { createInvitation, INVITATION_HOURS } from '../../src/server/auth/invitations.ts'
import { passwordOwner } from '../../src/server/db/users.ts'

const PASSWORD = 'invitations owner password, long enough'
const CHOSEN = 'the office manager chose this one'

describe.each(STORAGE_KINDS)('invitations on %s', (kind) => {
  const served = serveOn(kind, PASSWORD)
  let address = 10
  const from = () => `203.0.113.${address++}`
  const owner = async () => {
    const client = adminClient(served.server.url, { from: from(), origin: ORIGIN, password: PASSWORD })
    expect((await client.login()).status).toBe(200)
    return client
  }
  /** The invitee's browser: the page of the link, and the form posted back. */
  const open = (link: string) =>
    fetch(link.replace(ORIGIN, served.server.url), { headers: { 'x-forwarded-for': from() } })
  const send = (link: string, fields: Record<string, string>, origin = ORIGIN) =>
    fetch(link.replace(ORIGIN, served.server.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from() },
      body: new URLSearchParams(fields).toString(),
    })
  const email = `sam.${kind.toLowerCase()}@example.com`

  it('invites by a link that sets a password, signs the person in, and works once', async () => {
    const admin = await owner()
    const res = await admin.call('POST', '/api/admin/users/invitations', {
      name: 'Sam Office',
      email: ` ${email.toUpperCase()} `,
      role: 'office',
    })
    expect(res.status).toBe(201)
    const link = res.body.link as string
    expect(link).toMatch(new RegExp(`^${ORIGIN}/admin/invite/[\\w-]{43}$`))
    const hours = (Date.parse(res.body.expiresAt as string) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(INVITATION_HOURS - 0.1)
    expect(hours).toBeLessThanOrEqual(INVITATION_HOURS)

    const page = await open(link)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Welcome, Sam Office.')
    expect(html).toContain(email)
    expect(html).toContain('autocomplete="new-password"')

    // A short password and two different ones are named; nothing is made.
    const short = await send(link, { password: 'short', repeat: 'short' })
    expect(short.status).toBe(400)
    expect(await short.text()).toContain('Choose a password of at least 12 characters.')
    const differ = await send(link, { password: CHOSEN, repeat: CHOSEN + '!' })
    expect(await differ.text()).toContain('The two passwords differ.')
    // Another site cannot post it.
    expect((await send(link, { password: CHOSEN, repeat: CHOSEN }, 'https://evil.example')).status).toBe(403)

    const accepted = await send(link, { password: CHOSEN, repeat: CHOSEN })
    expect(accepted.status).toBe(303)
    expect(accepted.headers.get('location')).toBe('/admin')
    const cookie = accepted.headers
      .getSetCookie()
      .find((c) => c.startsWith('longbar_admin='))!
      .split(';')[0]!
    const session = await fetch(`${served.server.url}/api/admin/session`, { headers: { cookie } })
    expect(await session.json()).toMatchObject({ success: true, user: { name: 'Sam Office', email, role: 'office' } })

    // Once: the link is gone, and the account signs in with its e-mail.
    for (const res of [await open(link), await send(link, { password: CHOSEN, repeat: CHOSEN })]) {
      expect(res.status).toBe(404)
      expect(await res.text()).toContain('This invitation link has expired or has been used.')
    }
    const sam = adminClient(served.server.url, { from: from(), origin: ORIGIN })
    expect((await sam.call('POST', '/api/admin/login', { email, password: CHOSEN })).status).toBe(200)
    const users = (await admin.call('GET', '/api/admin/users')).body.users as { email: string | null; role: string }[]
    expect(users.map((u) => [u.email, u.role])).toEqual([
      [null, 'owner'],
      [email, 'office'],
    ])
    expect(JSON.stringify(users)).not.toContain('argon2')

    // The same e-mail cannot be invited again.
    expect(
      await admin.call('POST', '/api/admin/users/invitations', { name: 'Sam', email, role: 'owner' }),
    ).toMatchObject({
      status: 409,
      body: { error: 'This e-mail has an account or an open invitation already.' },
    })
  })

  it('refuses a link after it expires', async () => {
    const ownerId = (await passwordOwner(served.db))!.id
    const made = await createInvitation(
      served.db,
      { name: 'Late', email: `late.${kind.toLowerCase()}@example.com`, role: 'office' },
      ownerId,
      Date.now() - (INVITATION_HOURS * 3_600_000 + 1000),
    )
    if (!made.ok) throw new Error('not made')
    const link = `${ORIGIN}/admin/invite/${made.token}`
    expect((await open(link)).status).toBe(404)
    expect((await send(link, { password: CHOSEN, repeat: CHOSEN })).status).toBe(404)
    // A made-up token too.
    expect((await open(`${ORIGIN}/admin/invite/${'x'.repeat(43)}`)).status).toBe(404)
  })

  it('names each problem of an invitation', async () => {
    const admin = await owner()
    expect(
      await admin.call('POST', '/api/admin/users/invitations', {
        name: 'Sam\u202e',
        email: 'ok@example.com',
        role: 'office',
      }),
    ).toMatchObject({ status: 400, body: { fields: { name: "Enter the person's name (at most 100 characters)." } } })
    expect(
      await admin.call('POST', '/api/admin/users/invitations', { name: ' ', email: 'not an address', role: 'boss' }),
    ).toMatchObject({
      status: 400,
      body: {
        error: 'Check the invitation.',
        fields: {
          name: "Enter the person's name (at most 100 characters).",
          email: 'Enter an e-mail address like name@example.com.',
          role: 'Choose the role: owner or office.',
        },
      },
    })
  })
})
