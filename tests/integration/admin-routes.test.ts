// The inbox's API as `adminApi` composes it (decision 034): its routes are always part of its type,
// push notifications' included, so without a push sender the /push routes answer as unknown
// paths do (404 "Not found", behind the session check), and with one they answer. The server
// always has a sender (src/server/main.ts); this is the composition on its own, on SQLite.
import { describe, expect, it } from 'vitest'
import { adminApi } from '../../src/server/admin/api.ts'
import { adminSession } from '../../src/server/admin/session.ts'
import { createPushSender, type PushSender } from '../../src/server/alerts/push.ts'
import { createSession } from '../../src/server/auth/sessions.ts'
import { insertUser } from '../../src/server/db/users.ts'
import { createLogger } from '../../src/server/log.ts'
import { officeClock } from '../../src/server/office.ts'
import { suiteDb } from '../helpers/suite-db.ts'

const ORIGIN = 'http://localhost:3000'
const office = { hours: [], timeZone: 'America/New_York' }

describe('the admin API composed on its own', () => {
  const suite = suiteDb('SQLite')
  const log = createLogger('error', () => undefined)

  const api = (push?: PushSender) => {
    const deps = { db: suite.db, log, publicOrigin: ORIGIN, trustProxy: 0 }
    const session = adminSession({
      ...deps,
      loginLimits: [{ bucket: 'login', windowMs: 15 * 60_000, max: 5, sliding: true }],
    })
    return adminApi({ ...deps, office, clock: officeClock(office), session, push })
  }
  const signedIn = async () => {
    const userId = await insertUser(
      suite.db,
      { name: 'Owner', email: `owner.${Math.random()}@example.com`, role: 'owner', passwordHash: null },
      new Date().toISOString(),
    )
    return `longbar_admin=${(await createSession(suite.db, { userId })).token}`
  }
  const call = async (app: ReturnType<typeof api>, method: string, path: string, cookie?: string) => {
    const res = await app.request(path, {
      method,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: JSON.stringify({ endpoint: 'https://push.example/x' }) }),
    })
    return { status: res.status, body: (await res.json()) as unknown, cacheControl: res.headers.get('cache-control') }
  }

  it('without a push sender, the /push routes are unknown paths: 404 "Not found" once signed in, 401 before', async () => {
    const app = api()
    const cookie = await signedIn()
    const notFound = { status: 404, body: { success: false, error: 'Not found' }, cacheControl: 'no-store' }
    for (const [method, path] of [
      ['GET', '/push'],
      ['POST', '/push/subscriptions'],
      ['POST', '/push/unsubscribe'],
      ['POST', '/push/test'],
      ['DELETE', '/push/subscriptions/1'],
      ['GET', '/pushed'],
    ] as const)
      expect(await call(app, method, path, cookie), `${method} ${path}`).toEqual(notFound)
    expect((await call(app, 'GET', '/push')).status).toBe(401)
    // The other routes answer as ever.
    expect((await call(app, 'GET', '/response-times', cookie)).status).toBe(200)
  })

  it('with a push sender, they answer', async () => {
    const push = await createPushSender({ db: suite.db, subject: 'mailto:office@example.com' })
    const app = api(push)
    const cookie = await signedIn()
    expect(await call(app, 'GET', '/push', cookie)).toEqual({
      status: 200,
      body: { success: true, publicKey: push.publicKey, devices: [] },
      cacheControl: 'no-store',
    })
    expect(await call(app, 'POST', '/push/test', cookie)).toMatchObject({
      status: 404,
      body: { success: false, error: 'This device is not subscribed. Turn notifications on first.' },
    })
  })
})
