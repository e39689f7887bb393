// Passkeys against the server (issue 26, decision 061), on SQLite and PostgreSQL, with a software
// authenticator (tests/helpers/authenticator.ts: a real ES256 key, attestation "none", assertions
// signed with it): a signed-in account adds one, lists it, signs in with it; each challenge works
// once and for 5 minutes, for its own ceremony and account; an unknown credential, another origin,
// another key and a disabled account are refused alike; only its own account removes a passkey.
import { generateKeyPairSync } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { softAuthenticator } from '../helpers/authenticator.ts'
import { authenticatorCode } from '../helpers/totp-client.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { insertUser } from '../../src/server/db/users.ts'

const PASSWORD = 'passkeys owner password, long enough'
const OFFICE_PASSWORD = 'passkeys office password, long enough'
const RP_ID = new URL(ORIGIN).hostname
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36'

type Options = { challenge: string; user: { id: string }; rp?: { id: string }; rpId?: string }

describe.each(STORAGE_KINDS)('passkeys on %s', (kind) => {
  const served = serveOn(kind, PASSWORD)
  let address = 10
  const client = () =>
    adminClient(served.server.url, { from: `203.0.113.${address++}`, origin: ORIGIN, password: PASSWORD })
  const signedInOwner = async () => {
    const owner = client()
    expect((await owner.login()).status).toBe(200)
    return owner
  }
  /** Registers a new software passkey for the signed-in `who`. */
  const register = async (who: ReturnType<typeof client>) => {
    const key = softAuthenticator({ rpId: RP_ID, origin: ORIGIN })
    const options = await who.call('POST', '/api/admin/passkeys/registration/options')
    expect(options.status).toBe(200)
    const made = await who.call(
      'POST',
      '/api/admin/passkeys/registration',
      { response: key.create(options.body.options as Options) },
      { 'user-agent': PHONE_UA },
    )
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    return key
  }
  const signInOptions = async (who = client()) => {
    const answer = await who.call('POST', '/api/admin/passkeys/sign-in/options')
    expect(answer.status).toBe(200)
    return answer.body.options as Options
  }
  const refused = { status: 401, body: { success: false, error: expect.stringMatching(/could not be checked/) } }

  it('adds a passkey to the signed-in account, lists it, and signs in with it', async () => {
    const owner = await signedInOwner()
    const options = (await owner.call('POST', '/api/admin/passkeys/registration/options')).body.options as Options & {
      rp: { id: string }
      authenticatorSelection: { residentKey: string; userVerification: string }
    }
    // The relying party is PUBLIC_ORIGIN's host; discoverable, user-verifying passkeys.
    expect(options.rp.id).toBe(RP_ID)
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    const key = softAuthenticator({ rpId: RP_ID, origin: ORIGIN })
    const made = await owner.call(
      'POST',
      '/api/admin/passkeys/registration',
      { response: key.create(options) },
      { 'user-agent': PHONE_UA },
    )
    expect(made).toMatchObject({
      status: 201,
      body: { success: true, passkey: { id: key.id, name: 'Chrome on Android', lastUsedAt: null } },
    })
    // The same credential twice: refused (the browser is told to exclude it, too).
    const again = (await owner.call('POST', '/api/admin/passkeys/registration/options')).body as {
      options: { excludeCredentials: { id: string }[] }
    }
    expect(again.options.excludeCredentials.map((c) => c.id)).toEqual([key.id])

    // With the code from an app on (decision 063), a passkey still signs in without it.
    const secret = (await owner.call('POST', '/api/admin/two-factor/setup')).body.secret as string
    const confirmed = await owner.call('POST', '/api/admin/two-factor/confirm', { code: authenticatorCode(secret) })
    expect(confirmed.status).toBe(200)

    const stranger = client()
    const assertion = key.get(await signInOptions(stranger))
    expect((await stranger.call('GET', '/api/admin/session')).status).toBe(401)
    expect((await stranger.call('POST', '/api/admin/passkeys/sign-in', assertion)).status).toBe(200)
    expect((await stranger.call('GET', '/api/admin/session')).body).toMatchObject({ user: { role: 'owner' } })
    const listed = (await stranger.call('GET', '/api/admin/passkeys')).body as {
      passkeys: { id: string; lastUsedAt: string | null }[]
    }
    expect(listed.passkeys).toHaveLength(1)
    expect(listed.passkeys[0]!.id).toBe(key.id)
    expect(Date.parse(listed.passkeys[0]!.lastUsedAt!)).toBeGreaterThan(Date.now() - 60_000)

    // The same assertion again: its challenge is spent.
    expect(await client().call('POST', '/api/admin/passkeys/sign-in', assertion)).toMatchObject(refused)

    // The account activity: the passkey added, the sign-in with it, the replay refused.
    const log = (await owner.call('GET', '/api/admin/audit')).body.entries as { action: string; detail: object }[]
    expect(log.slice(0, 4).map((e) => [e.action, e.detail])).toEqual([
      ['sign-in-failed', { method: 'passkey' }],
      ['sign-in', { method: 'passkey' }],
      ['two-factor-on', {}],
      ['passkey-added', { name: 'Chrome on Android' }],
    ])
    // Off again, with a recovery code, for the password-alone sign-ins of the tests below.
    const codes = confirmed.body.recoveryCodes as string[]
    expect((await owner.call('POST', '/api/admin/two-factor/off', { code: codes[0]! })).status).toBe(200)
  })

  it('refuses an expired challenge, one of another ceremony, an unknown credential, another origin or key', async () => {
    const owner = await signedInOwner()
    const key = await register(owner)

    // Expired: 5 minutes, kept in the database.
    const stale = await signInOptions()
    await served.db.k
      .updateTable('passkey_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('challenge', '=', stale.challenge)
      .execute()
    expect(await client().call('POST', '/api/admin/passkeys/sign-in', key.get(stale))).toMatchObject(refused)
    // A registration's challenge does not sign in.
    const registration = (await owner.call('POST', '/api/admin/passkeys/registration/options')).body.options as Options
    expect(await client().call('POST', '/api/admin/passkeys/sign-in', key.get(registration))).toMatchObject(refused)
    // A challenge the server never gave.
    expect(
      await client().call(
        'POST',
        '/api/admin/passkeys/sign-in',
        key.get({ challenge: 'bm90IGdpdmVuIGJ5IHRoZSBzZXJ2ZXI' }),
      ),
    ).toMatchObject(refused)
    // Signed on another site (a phishing page relaying the challenge): refused, and the challenge spent.
    const phished = await signInOptions()
    expect(
      await client().call(
        'POST',
        '/api/admin/passkeys/sign-in',
        key.get(phished, { from: 'https://inbox-login.example' }),
      ),
    ).toMatchObject(refused)
    expect(await client().call('POST', '/api/admin/passkeys/sign-in', key.get(phished))).toMatchObject(refused)
    // Signed with another key than the one registered.
    const { privateKey: other } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    expect(
      await client().call('POST', '/api/admin/passkeys/sign-in', key.get(await signInOptions(), { key: other })),
    ).toMatchObject(refused)
    // A credential no account has.
    const unknown = softAuthenticator({ rpId: RP_ID, origin: ORIGIN })
    expect(
      await client().call('POST', '/api/admin/passkeys/sign-in', unknown.get(await signInOptions())),
    ).toMatchObject(refused)
    // Malformed: the browser's shape is checked before anything else.
    expect((await client().call('POST', '/api/admin/passkeys/sign-in', { id: key.id })).status).toBe(400)
    // From another site's page, the Origin check refuses it first.
    const crossSite = adminClient(served.server.url, { from: `203.0.113.${address++}`, origin: 'https://evil.example' })
    expect((await crossSite.call('POST', '/api/admin/passkeys/sign-in/options')).status).toBe(403)
    // After all that, the right answer still signs in.
    expect((await client().call('POST', '/api/admin/passkeys/sign-in', key.get(await signInOptions()))).status).toBe(
      200,
    )
  })

  it("registers only for the account whose challenge it is, and removes only one's own passkeys", async () => {
    const owner = await signedInOwner()
    const ownerKey = await register(owner)
    const email = `sam.${kind.toLowerCase()}@example.com`
    const samId = await insertUser(
      served.db,
      { name: 'Sam Office', email, role: 'office', passwordHash: await hash(OFFICE_PASSWORD) },
      new Date().toISOString(),
    )
    const sam = client()
    expect((await sam.call('POST', '/api/admin/login', { email, password: OFFICE_PASSWORD })).status).toBe(200)
    // The owner's registration challenge, answered by Sam's session: refused.
    const ownersOptions = (await owner.call('POST', '/api/admin/passkeys/registration/options')).body.options as Options
    const samKey = softAuthenticator({ rpId: RP_ID, origin: ORIGIN })
    expect(
      (await sam.call('POST', '/api/admin/passkeys/registration', { response: samKey.create(ownersOptions) })).status,
    ).toBe(400)
    const samsPasskey = await register(sam)
    const samsList = (await sam.call('GET', '/api/admin/passkeys')).body as { passkeys: { id: string }[] }
    expect(samsList.passkeys).toHaveLength(1)
    // Sam cannot remove the owner's passkey; the owner's own list does not show Sam's.
    expect((await sam.call('DELETE', `/api/admin/passkeys/${ownerKey.id}`)).status).toBe(404)
    const ownersList = (await owner.call('GET', '/api/admin/passkeys')).body as { passkeys: { id: string }[] }
    expect(ownersList.passkeys.map((p) => p.id)).not.toContain(samsList.passkeys[0]!.id)
    expect((await owner.call('DELETE', `/api/admin/passkeys/${ownerKey.id}`)).status).toBe(200)
    expect(((await owner.call('GET', '/api/admin/audit')).body.entries as { action: string }[])[0]).toMatchObject({
      action: 'passkey-removed',
    })
    expect(
      await client().call('POST', '/api/admin/passkeys/sign-in', ownerKey.get(await signInOptions())),
    ).toMatchObject(refused)

    // A disabled account's passkey opens nothing.
    await served.db.k.updateTable('users').set({ disabled: true }).where('id', '=', samId).execute()
    expect(
      await client().call('POST', '/api/admin/passkeys/sign-in', samsPasskey.get(await signInOptions())),
    ).toMatchObject(refused)
  })
})
