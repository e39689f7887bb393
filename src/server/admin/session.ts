// Signing in and out of the inbox (docs/admin-api.md "Session"): the login with its throttle, the
// session cookie, the middleware that lets only a signed-in admin through, and the session's own
// routes behind it.
import { createHash, randomUUID } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../app.ts'
import { checkAdminPassword } from '../auth/password.ts'
import { asAuthor } from '../db/author.ts'
import { passwordOwner, userByEmail, type UserRow } from '../db/users.ts'
import { ABSOLUTE_MS, createSession, deleteSession, findSession } from '../auth/sessions.ts'
import { deviceName } from '../alerts/device-name.ts'
import { deleteSessionOf, sessionsOf } from '../db/sessions.ts'
import { loginThrottle } from '../auth/throttle.ts'
import { checkCap, deviceToken, isKnownDevice } from '../auth/device.ts'
import type { Window } from '../db/rate-limits.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../log.ts'
import { auditAddress, clientAddress, rateLimitKey } from '../request.ts'
import { fail, jsonInput } from './answers.ts'
import { audit } from '../db/audit.ts'
import { secondFactorOf } from '../db/second-factor.ts'
import { takeSecondCode } from '../auth/second-factor.ts'

export type SessionDeps = { db: Db; log: Logger; publicOrigin: string; trustProxy: number }

const PASSWORD_MAX = 1000

/** The session cookie: on https it gets the __Host- prefix (Secure, Path=/, no Domain: no other host can set it). */
function sessionCookie(publicOrigin: string) {
  const https = publicOrigin.startsWith('https:')
  const name = 'longbar_admin'
  const prefix = https ? ('host' as const) : undefined
  const options = { path: '/', secure: https, ...(prefix ? { prefix } : {}) }
  return {
    read: (c: Context<AppEnv>) => (prefix ? getCookie(c, name, prefix) : getCookie(c, name)),
    write: (c: Context<AppEnv>, token: string) =>
      setCookie(c, name, token, {
        ...options,
        httpOnly: true,
        sameSite: 'Strict',
        maxAge: Math.floor(ABSOLUTE_MS / 1000),
      }),
    clear: (c: Context<AppEnv>) => deleteCookie(c, name, options),
  }
}

/** The device cookie (src/server/auth/device.ts): a year, set at each sign-in. */
function deviceCookie(publicOrigin: string) {
  const https = publicOrigin.startsWith('https:')
  const name = 'longbar_device'
  const prefix = https ? ('host' as const) : undefined
  return {
    read: (c: Context<AppEnv>) => (prefix ? getCookie(c, name, prefix) : getCookie(c, name)),
    write: (c: Context<AppEnv>, token: string) =>
      setCookie(c, name, token, {
        path: '/',
        secure: https,
        ...(prefix ? { prefix } : {}),
        httpOnly: true,
        sameSite: 'Strict',
        maxAge: 365 * 24 * 60 * 60,
      }),
  }
}

/** A wait as the login says it: "45 seconds", "1 minute", "4 minutes" (rounded up). */
export const waitInWords = (seconds: number): string =>
  seconds < 60
    ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
    : `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minute' : 'minutes'}`

/**
 * The login's body: the password, and the e-mail of a named account (none: the owner who signs in
 * with the password alone), checked by `logIn` (a missing password is refused there, as for the
 * form sent without a script).
 */
const passwordInput = jsonInput<{ password: string; email?: string; code?: string }>()((body) => ({
  ok: true,
  value: {
    password: (body as { password?: unknown } | null)?.password,
    email: (body as { email?: unknown } | null)?.email,
    code: (body as { code?: unknown } | null)?.code,
  },
}))

/** The second step's sentences (its field is named `code` in the refusal's fields). */
export const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app.'
export const CODE_WRONG = 'That code is not right, or was used already. Enter the newest code, or a recovery code.'

const EMAIL_MAX = 254

/**
 * A hash checked when the e-mail names no account (or one without a password, or disabled), so
 * that the answer takes as long and says the same as a wrong password.
 */
const NOBODY_HASH = hash('no account has this password, ever: ' + randomUUID())

/** How a sign-in ended: the cookie is set, or the status and sentence of the refusal. */
export type LogIn =
  { ok: true } | { ok: false; status: 400 | 401 | 429 | 503; error: string; fields?: Record<string, string> }

/**
 * The key of the account a sign-in tries, for its throttle: the e-mail's digest (whether or not it
 * has an account, so that the limit tells no one which have), or the owner of the password alone.
 */
const accountKey = (email: unknown): string =>
  typeof email === 'string' && email !== ''
    ? 'email:' + createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)
    : 'owner'

/** The answer when the overall cap on password checks is reached (src/server/auth/device.ts). */
const BUSY = 'Too many sign-in attempts right now. Try again in a few seconds.'

export type AdminSession = ReturnType<typeof adminSession>

export function adminSession({
  db,
  log,
  publicOrigin,
  trustProxy,
  loginLimits,
}: SessionDeps & {
  /** Failed logins allowed per address (LOGIN_RATE_LIMIT). */
  loginLimits: readonly Window[]
}) {
  const cookie = sessionCookie(publicOrigin)
  const device = deviceCookie(publicOrigin)
  const cap = checkCap()
  let capLogged = false
  const throttle = loginThrottle(db, loginLimits, {
    alert: (failures, minutes) =>
      log.error('admin login alert: many failed logins from many addresses; every login now waits a little', {
        alert: 'login-flood',
        failures,
        windowMinutes: minutes,
      }),
  })

  /** Whether the request carries a valid session (and extends it). */
  const isSignedIn = async (c: Context<AppEnv>) => (await findSession(db, cookie.read(c))) !== undefined

  /**
   * Every route behind it answers 401 without a valid session; with one, `c.var.user` is its user,
   * and the route runs as its author (the timeline entries it writes name them, db/author.ts).
   */
  const required: MiddlewareHandler<AppEnv> = async (c, next) => {
    const session = await findSession(db, cookie.read(c))
    if (!session) return fail(c, 401, 'Not signed in')
    c.set('user', session.user)
    c.set('sessionId', session.idHash)
    return asAuthor(session.user.id, next)
  }

  /** Whose password a sign-in checks: the named account of `email`, or the owner who signs in with the password alone. */
  const accountFor = async (email: unknown): Promise<{ ok: true; user: UserRow | undefined } | { ok: false }> => {
    if (email === undefined || email === null || email === '') return { ok: true, user: await passwordOwner(db) }
    if (typeof email !== 'string' || email.length > EMAIL_MAX) return { ok: false }
    const user = await userByEmail(db, email)
    return { ok: true, user: user && !user.disabled && user.passwordHash ? user : undefined }
  }

  /**
   * Checks a password sent by the login form (its script, or the form itself without one): within
   * the throttle, against the stored hash; on success a new session and its cookie.
   */
  async function logIn(c: Context<AppEnv>, password: unknown, email?: unknown, code?: unknown): Promise<LogIn> {
    if (typeof password !== 'string' || password.length === 0 || password.length > PASSWORD_MAX)
      return { ok: false, status: 400, error: 'Enter the password.' }
    const account = await accountFor(email)
    if (!account.ok) return { ok: false, status: 400, error: 'Enter a valid e-mail address, or none.' }
    const named = email !== undefined && email !== null && email !== ''
    const user = account.user
    if (!named && (!user?.passwordHash || user.disabled))
      return {
        ok: false,
        status: 503,
        error: 'No admin password is set yet. Set ADMIN_PASSWORD or run `npm run admin:password` on the server.',
      }
    const stored = user?.passwordHash ?? (await NOBODY_HASH)
    const client = clientAddress(c, trustProxy)
    const knownDevice = isKnownDevice(stored, device.read(c))
    const attempt = await throttle.begin(rateLimitKey(client), Date.now(), knownDevice, accountKey(email))
    if (!attempt.allowed) {
      log.warn('admin login throttled', { client, retryAfterSeconds: attempt.retryAfterSeconds })
      c.header('retry-after', String(attempt.retryAfterSeconds))
      return {
        ok: false,
        status: 429,
        error: `Too many failed attempts. Try again in ${waitInWords(attempt.retryAfterSeconds)}.`,
      }
    }
    // Under a flood (the overall brake on), a hard cap on checks a second, for everyone but a
    // device that signed in before.
    if (attempt.braking && !knownDevice && !cap.take()) {
      await attempt.succeeded()
      if (!capLogged)
        log.warn('admin login busy: the cap on password checks a second is reached', { alert: 'login-cap' })
      capLogged = true
      c.header('retry-after', '2')
      return { ok: false, status: 429, error: BUSY }
    }
    const tried = typeof email === 'string' ? email : null
    if (!(await checkAdminPassword(stored, password)) || !user) {
      log.warn('admin login failed', { client, ...(named ? { account: 'named' } : {}) })
      await audit(db, {
        userId: named ? null : (user?.id ?? null),
        email: tried,
        action: 'sign-in-failed',
        detail: { method: 'password' },
        address: client,
      })
      return { ok: false, status: 401, error: 'Invalid password' }
    }
    // The second step, for an account with TOTP on: the password is right, and a code is needed
    // (asked for without counting a failure) or checked (a wrong one counts as a failed sign-in).
    const factor = await secondFactorOf(db, user.id)
    let taken: string | undefined
    if (factor?.secret) {
      if (typeof code !== 'string' || code.trim() === '') {
        await attempt.succeeded()
        return { ok: false, status: 401, error: CODE_NEEDED, fields: { code: CODE_NEEDED } }
      }
      taken =
        code.length <= 20
          ? await takeSecondCode(db, { id: user.id, secret: factor.secret, lastStep: factor.lastStep }, code)
          : undefined
      if (!taken) {
        log.warn('admin login: wrong second-factor code', { client, user: user.id })
        await audit(db, {
          userId: user.id,
          email: tried,
          action: 'sign-in-failed',
          detail: { method: 'password', reason: 'code' },
          address: client,
        })
        return { ok: false, status: 401, error: CODE_WRONG, fields: { code: CODE_WRONG } }
      }
    }
    await attempt.succeeded()
    await signInAs(c, user.id, stored)
    log.info('admin signed in', { client, user: user.id })
    await audit(db, {
      userId: user.id,
      email: tried,
      action: 'sign-in',
      detail: { method: 'password', ...(taken ? { factor: taken } : {}) },
      address: client,
    })
    return { ok: true }
  }

  /** A new session of `userId` and its cookie (and the device cookie for its password hash, when it has one). */
  async function signInAs(c: Context<AppEnv>, userId: number, passwordHash: string | null): Promise<void> {
    // A fresh id at every login: a session id planted before the login is never promoted.
    await deleteSession(db, cookie.read(c))
    const session = await createSession(db, {
      userId,
      userAgent: c.req.header('user-agent'),
      address: clientAddress(c, trustProxy),
    })
    cookie.write(c, session.token)
    if (passwordHash) device.write(c, deviceToken(passwordHash))
  }

  /** POST /login: the one route reachable without a session. */
  const signIn = new Hono<AppEnv>().post('/login', passwordInput, async (c) => {
    const { password, email, code } = c.req.valid('json')
    const result = await logIn(c, password, email, code)
    return result.ok ? c.json({ success: true }, 200) : fail(c, result.status, result.error, result.fields)
  })

  /** GET /session (am I signed in, and as whom?) and POST /logout, for a signed-in admin (mount behind `required`). */
  const signedIn = new Hono<AppEnv>()
    .get('/session', (c) => {
      const { id, name, email, role } = c.get('user')!
      return c.json({ success: true, user: { id, name, email, role } }, 200)
    })
    // "Your devices": the account's signed-in browsers, and ending any of them.
    .get('/sessions', async (c) => {
      const current = c.get('sessionId')
      const sessions = await sessionsOf(db, c.get('user')!.id, new Date().toISOString())
      return c.json(
        {
          success: true,
          sessions: sessions.map((s) => ({
            id: s.idHash,
            browser: deviceName(s.userAgent ?? undefined),
            address: s.address,
            signedInAt: s.createdAt,
            lastSeenAt: s.lastSeenAt,
            current: s.idHash === current,
          })),
        },
        200,
      )
    })
    .delete('/sessions/:id', async (c) => {
      const id = c.req.param('id')
      if (!(await deleteSessionOf(db, c.get('user')!.id, id))) return fail(c, 404, 'No such session of yours.')
      log.info('admin session ended from another', { user: c.get('user')!.id })
      await audit(db, {
        userId: c.get('user')!.id,
        action: 'session-ended',
        detail: { own: id === c.get('sessionId') },
        address: auditAddress(c, trustProxy),
      })
      if (id === c.get('sessionId')) cookie.clear(c)
      return c.json({ success: true }, 200)
    })
    .post('/logout', async (c) => {
      await deleteSession(db, cookie.read(c))
      await audit(db, { userId: c.get('user')!.id, action: 'sign-out', address: auditAddress(c, trustProxy) })
      cookie.clear(c)
      return c.json({ success: true }, 200)
    })

  return { required, isSignedIn, logIn, signInAs, signIn, signedIn }
}
