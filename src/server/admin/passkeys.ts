// Passkeys (WebAuthn, issue 26, docs/decisions/061-passkeys.md, docs/admin-api.md "Passkeys"),
// with @simplewebauthn/server. A signed-in account adds passkeys of its own, lists and removes
// them; anyone signs in with one. Each ceremony's challenge is kept in the database
// (passkey_challenges), spent by the first answer that brings it, and expires after 5 minutes.
// The relying party is PUBLIC_ORIGIN: its host name is the RP ID and the origin every answer must
// come from, as for the Origin check (never the Host header). An IP address cannot be an RP ID:
// there, passkeys answer 503 and the sign-in page does not offer them.
import { isIP } from 'node:net'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { deviceName } from '../alerts/device-name.ts'
import type { Db } from '../db/client.ts'
import {
  deletePasskey,
  insertPasskey,
  passkeyById,
  passkeysOf,
  passkeyUsed,
  saveChallenge,
  spendChallenge,
  type ChallengePurpose,
  type PasskeyRow,
} from '../db/passkeys.ts'
import { userById } from '../db/users.ts'
import type { Logger } from '../log.ts'
import { auditAddress, clientAddress } from '../request.ts'
import { fail, jsonInput } from './answers.ts'
import { audit } from '../db/audit.ts'
import type { AdminSession } from './session.ts'
import type { Checked } from './validate.ts'

export type PasskeyDeps = { db: Db; log: Logger; publicOrigin: string; trustProxy: number; session: AdminSession }

/** How long a challenge may wait for its answer. */
const CHALLENGE_MS = 5 * 60_000
const NAME_MAX = 60

/** The relying party of PUBLIC_ORIGIN: its host as the RP ID, or undefined when that is an IP address. */
function relyingParty(publicOrigin: string): { id: string; origin: string } | undefined {
  const host = new URL(publicOrigin).hostname
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return undefined
  return { id: host, origin: publicOrigin }
}

const UNAVAILABLE =
  'Passkeys need the inbox at a domain name: PUBLIC_ORIGIN is an IP address. Sign in with the password.'
const NOT_VERIFIED = 'This passkey could not be checked. Try again, or sign in with the password.'

/** What the client sent as a WebAuthn credential: the fields every answer has, as text; the library checks the rest. */
const credentialShape = (body: unknown): body is { id: string; rawId: string; type: string; response: object } => {
  const b = body as Record<string, unknown> | null
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.id === 'string' &&
    b.id.length > 0 &&
    b.id.length <= 1400 &&
    typeof b.rawId === 'string' &&
    b.type === 'public-key' &&
    typeof b.response === 'object' &&
    b.response !== null
  )
}

const checkRegistration = (body: unknown): Checked<{ response: RegistrationResponseJSON; name?: string }> => {
  const b = body as { response?: unknown; name?: unknown } | null
  if (!credentialShape(b?.response)) return { ok: false, error: 'Send the new passkey as the browser gave it.' }
  if (b?.name !== undefined && (typeof b.name !== 'string' || b.name.length > NAME_MAX))
    return { ok: false, error: `Give the passkey a name of ${NAME_MAX} characters at most.` }
  const name = typeof b?.name === 'string' ? b.name.replace(/\p{C}/gu, '').trim() : ''
  return { ok: true, value: { response: b.response as RegistrationResponseJSON, ...(name ? { name } : {}) } }
}

const checkAssertion = (body: unknown): Checked<AuthenticationResponseJSON> =>
  credentialShape(body)
    ? { ok: true, value: body as AuthenticationResponseJSON }
    : { ok: false, error: 'Send the passkey as the browser gave it.' }

/** A passkey as the inbox lists it. */
const listed = ({ id, name, createdAt, lastUsedAt }: PasskeyRow) => ({ id, name, createdAt, lastUsedAt })

function challenges(db: Db) {
  return {
    keep: (challenge: string, purpose: ChallengePurpose, userId: number | null) => {
      const now = Date.now()
      return saveChallenge(
        db,
        { challenge, purpose, userId, expiresAt: new Date(now + CHALLENGE_MS).toISOString() },
        new Date(now).toISOString(),
      )
    },
    spender: (purpose: ChallengePurpose, userId: number | null) => (challenge: string) =>
      spendChallenge(db, challenge, purpose, userId, Date.now()),
  }
}

/** POST /passkeys/sign-in/options and POST /passkeys/sign-in: no session needed (mount before the session check). */
export function passkeySignIn({ db, log, publicOrigin, trustProxy, session }: PasskeyDeps) {
  const rp = relyingParty(publicOrigin)
  const challenge = challenges(db)
  return new Hono<AppEnv>()
    .post('/passkeys/sign-in/options', async (c) => {
      if (!rp) return fail(c, 503, UNAVAILABLE)
      // No credentials named: the browser offers the passkeys it holds for this site (discoverable).
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' })
      await challenge.keep(options.challenge, 'sign-in', null)
      return c.json({ success: true, options }, 200)
    })
    .post('/passkeys/sign-in', jsonInput<AuthenticationResponseJSON>()(checkAssertion), async (c) => {
      if (!rp) return fail(c, 503, UNAVAILABLE)
      const response = c.req.valid('json')
      const client = clientAddress(c, trustProxy)
      const passkey = await passkeyById(db, response.id)
      const user = passkey && (await userById(db, passkey.userId))
      if (!passkey || !user || user.disabled) {
        log.warn('passkey sign-in refused: unknown credential or account', { client })
        await audit(db, { userId: null, action: 'sign-in-failed', detail: { method: 'passkey' }, address: client })
        return fail(c, 401, NOT_VERIFIED)
      }
      let verified
      try {
        verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge.spender('sign-in', null),
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
          credential: {
            id: passkey.id,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: passkey.transports,
          },
        })
      } catch (error) {
        log.warn('passkey sign-in refused', { client, reason: error instanceof Error ? error.message : String(error) })
        await audit(db, { userId: user.id, action: 'sign-in-failed', detail: { method: 'passkey' }, address: client })
        return fail(c, 401, NOT_VERIFIED)
      }
      if (!verified.verified) {
        await audit(db, { userId: user.id, action: 'sign-in-failed', detail: { method: 'passkey' }, address: client })
        return fail(c, 401, NOT_VERIFIED)
      }
      await passkeyUsed(db, passkey.id, verified.authenticationInfo.newCounter, new Date().toISOString())
      await session.signInAs(c, user.id, user.passwordHash)
      log.info('admin signed in with a passkey', { client, user: user.id })
      await audit(db, { userId: user.id, action: 'sign-in', detail: { method: 'passkey' }, address: client })
      return c.json({ success: true }, 200)
    })
}

/** The signed-in account's own passkeys: add (options, then the new credential), list, remove. */
export function passkeysApi({ db, log, publicOrigin, trustProxy }: PasskeyDeps) {
  const rp = relyingParty(publicOrigin)
  const challenge = challenges(db)
  return new Hono<AppEnv>()
    .get('/passkeys', async (c) => {
      const mine = await passkeysOf(db, c.get('user')!.id)
      return c.json({ success: true, passkeys: mine.map(listed) }, 200)
    })
    .post('/passkeys/registration/options', async (c) => {
      if (!rp) return fail(c, 503, UNAVAILABLE)
      const user = c.get('user')!
      const options = await generateRegistrationOptions({
        rpName: 'Inbox',
        rpID: rp.id,
        userName: user.email ?? user.name,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(`user:${user.id}`),
        attestationType: 'none',
        excludeCredentials: (await passkeysOf(db, user.id)).map((p) => ({ id: p.id, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      })
      await challenge.keep(options.challenge, 'register', user.id)
      return c.json({ success: true, options }, 200)
    })
    .post(
      '/passkeys/registration',
      jsonInput<{ response: RegistrationResponseJSON; name?: string }>()(checkRegistration),
      async (c) => {
        if (!rp) return fail(c, 503, UNAVAILABLE)
        const user = c.get('user')!
        const { response, name } = c.req.valid('json')
        let verified
        try {
          verified = await verifyRegistrationResponse({
            response,
            expectedChallenge: challenge.spender('register', user.id),
            expectedOrigin: rp.origin,
            expectedRPID: rp.id,
            requireUserVerification: true,
          })
        } catch (error) {
          log.warn('passkey refused', { user: user.id, reason: error instanceof Error ? error.message : String(error) })
          return fail(c, 400, 'This passkey could not be checked. Try again.')
        }
        if (!verified.verified) return fail(c, 400, 'This passkey could not be checked. Try again.')
        const { credential } = verified.registrationInfo
        if (await passkeyById(db, credential.id)) return fail(c, 409, 'This passkey is added already.')
        const made = {
          id: credential.id,
          userId: user.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: name ?? deviceName(c.req.header('user-agent')),
          createdAt: new Date().toISOString(),
        }
        await insertPasskey(db, made)
        log.info('passkey added', { user: user.id })
        await audit(db, {
          userId: user.id,
          action: 'passkey-added',
          detail: { name: made.name },
          address: auditAddress(c, trustProxy),
        })
        return c.json({ success: true, passkey: listed({ ...made, lastUsedAt: null }) }, 201)
      },
    )
    .delete('/passkeys/:id', async (c) => {
      const user = c.get('user')!
      if (!(await deletePasskey(db, user.id, c.req.param('id')))) return fail(c, 404, 'No such passkey of yours.')
      log.info('passkey removed', { user: user.id })
      await audit(db, { userId: user.id, action: 'passkey-removed', address: auditAddress(c, trustProxy) })
      return c.json({ success: true }, 200)
    })
}
