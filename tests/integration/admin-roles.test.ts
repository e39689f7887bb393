// Every route of the admin API with each role and with none (issue 26, decision 053): the table of
// roles (ROUTE_ROLES, src/server/admin/api.ts) names exactly the routes the API has, and each
// route answers 401 without a session, 403 "Only the owner may do this." to the office on an
// owner's route, and gets past the role check otherwise (its own answer: 200, 400, 404…), on
// SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ADMIN_API_BASE, adminApi, routeNeeds, ROUTE_ROLES } from '../../src/server/admin/api.ts'
import { adminSession } from '../../src/server/admin/session.ts'
import { createPushSender } from '../../src/server/alerts/push.ts'
import { createSession } from '../../src/server/auth/sessions.ts'
import { setAdminPassword } from '../../src/server/auth/password.ts'
import { insertUser, passwordOwner } from '../../src/server/db/users.ts'
import { createLogger } from '../../src/server/log.ts'
import { officeClock } from '../../src/server/office.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { suiteDb } from '../helpers/suite-db.ts'

const ORIGIN = 'http://localhost:3000'
const office = { hours: [], timeZone: 'America/New_York' }

describe.each(STORAGE_KINDS)('roles on every admin route on %s', (kind) => {
  const suite = suiteDb(kind)
  const log = createLogger('error', () => undefined)

  const api = async () => {
    const deps = { db: suite.db, log, publicOrigin: ORIGIN, trustProxy: 0 }
    const session = adminSession({
      ...deps,
      loginLimits: [{ bucket: 'login', windowMs: 15 * 60_000, max: 1000, sliding: true }],
    })
    const push = await createPushSender({ db: suite.db, subject: 'mailto:office@example.com' })
    return adminApi({ ...deps, office, clock: officeClock(office), session, push })
  }
  /** `METHOD /path` of every route the API answers (middleware, `ALL`, left out). */
  const routesOf = (app: Awaited<ReturnType<typeof api>>) => [
    ...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)),
  ]
  const cookieOf = async (userId: number) => `longbar_admin=${(await createSession(suite.db, { userId })).token}`
  const concrete = (path: string) => path.replace(':date', '2031-01-06').replace(/:(id|merge)/g, () => randomUUID())

  it('declares the role of exactly the routes the API has', async () => {
    const app = await api()
    expect(routesOf(app).sort()).toEqual(Object.keys(ROUTE_ROLES).sort())
    // Mounted or not, a route is found by its own path.
    expect(routeNeeds('POST', `${ADMIN_API_BASE}/erase`)).toBe('owner')
    expect(routeNeeds('POST', '/erase')).toBe('owner')
    expect(routeNeeds('POST', '/nowhere')).toBeUndefined()
    // What answers without a session is named here too: a new public route is a decision.
    expect(
      Object.entries(ROUTE_ROLES)
        .filter(([, needs]) => needs === 'public')
        .map(([route]) => route)
        .sort(),
    ).toEqual(['POST /alert-test/ack', 'POST /login', 'POST /passkeys/sign-in', 'POST /passkeys/sign-in/options'])
    // A passkey is one's own: listing, adding and removing take any account, never the owner's role.
    for (const route of ['GET /passkeys', 'POST /passkeys/registration/options', 'POST /passkeys/registration'])
      expect(ROUTE_ROLES[route as keyof typeof ROUTE_ROLES]).toBe('office')
    // So is the second factor (decision 063); the account activity and another's reset link are the owner's.
    for (const route of [
      'GET /two-factor',
      'POST /two-factor/setup',
      'POST /two-factor/confirm',
      'POST /two-factor/recovery-codes',
      'POST /two-factor/off',
    ])
      expect(ROUTE_ROLES[route as keyof typeof ROUTE_ROLES]).toBe('office')
    for (const route of ['GET /audit', 'POST /users/:id/reset'])
      expect(ROUTE_ROLES[route as keyof typeof ROUTE_ROLES]).toBe('owner')
    // Who did what (decision 062): anyone assigns a request and sets their own "On duty"; only the
    // owner sets someone else's.
    for (const route of ['PATCH /submissions/:id/assignee', 'GET /team', 'PUT /me/on-duty'])
      expect(ROUTE_ROLES[route as keyof typeof ROUTE_ROLES]).toBe('office')
    expect(ROUTE_ROLES['PUT /users/:id/on-duty']).toBe('owner')
  })

  it('answers every route with the owner, the office and no session as the table says', async () => {
    const app = await api()
    await setAdminPassword(suite.db, 'roles owner password, long enough')
    // A session each call: POST /logout ends the one it is called with.
    const ownerId = (await passwordOwner(suite.db))!.id
    const clerkId = await insertUser(
      suite.db,
      { name: 'Dana Office', email: `dana.${kind}@example.com`, role: 'office', passwordHash: null },
      new Date().toISOString(),
    )
    const call = async (method: string, path: string, cookie?: string) => {
      const res = await app.request(concrete(path), {
        method,
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        ...(method === 'GET' ? {} : { body: '{}' }),
      })
      const text = await res.text()
      // The CSV routes answer text; the rest JSON.
      return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : { text }) as { error?: string } }
    }
    const seen: Record<string, number> = {}
    for (const route of routesOf(app)) {
      const [method, path] = route.split(' ') as [string, string]
      const needs = ROUTE_ROLES[route as keyof typeof ROUTE_ROLES]
      const none = await call(method, path)
      if (needs === 'public') expect(none.status, `${route} without a session`).not.toBe(401)
      else
        expect(none, `${route} without a session`).toEqual({
          status: 401,
          body: { success: false, error: 'Not signed in' },
        })

      const asOffice = await call(method, path, await cookieOf(clerkId))
      if (needs === 'owner')
        expect(asOffice, `${route} as office`).toEqual({
          status: 403,
          body: { success: false, error: 'Only the owner may do this.' },
        })
      else expect([401, 403], `${route} as office: ${asOffice.status}`).not.toContain(asOffice.status)

      const asOwner = await call(method, path, await cookieOf(ownerId))
      expect([401, 403], `${route} as owner: ${asOwner.status}`).not.toContain(asOwner.status)
      seen[needs] = (seen[needs] ?? 0) + 1
    }
    expect(seen.owner).toBeGreaterThan(0)
    expect(seen.office).toBeGreaterThan(20)
    // An unknown path is still "Not found" behind the session, not a refusal.
    expect((await call('GET', '/nowhere', await cookieOf(clerkId))).status).toBe(404)
  })
})
