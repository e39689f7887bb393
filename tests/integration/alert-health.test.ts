// GET /api/admin/alert-health (decision 033) through the built server, on SQLite and PostgreSQL:
// what the inbox's banner says when alerts are not reaching the office: no channel configured,
// a channel's deliveries failing (a mail server that refuses connections), alerts waiting more
// than five minutes; and nothing when all is well.
import { describe, expect, it, beforeAll, afterAll } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { freePort } from '../../scripts/lib/server.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'

const PASSWORD = 'alert health password'
let address = 30
const signedIn = async (url: string) => {
  const admin = adminClient(url, { password: PASSWORD, origin: ORIGIN, from: `198.51.100.${address++}` })
  expect((await admin.login()).status).toBe(200)
  return admin
}
const send = (url: string, name: string) =>
  fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${address++}` },
    body: JSON.stringify({ name, phone: '(410) 555-0199', elapsedMs: 9000, page: '/contact' }),
  }).then((r) => r.status)

describe.each(STORAGE_KINDS)('alert health on %s', (kind) => {
  describe('with no alert channel', () => {
    const served = serveOn(kind, PASSWORD)

    it('says no channel is configured, then that alerts wait, only to a signed-in admin', async () => {
      expect((await adminClient(served.server.url).call('GET', '/api/admin/alert-health')).status).toBe(401)
      const admin = await signedIn(served.server.url)
      expect(await send(served.server.url, 'Waiting Wanda')).toBe(201)
      expect((await admin.call('GET', '/api/admin/alert-health')).body).toEqual({
        success: true,
        ok: false,
        channels: [],
        problems: [{ kind: 'none' }],
      })
      // The request's event, six minutes on.
      const old = new Date(Date.now() - 6 * 60_000).toISOString()
      await served.db.k.updateTable('notification_outbox').set({ created_at: old }).execute()
      const health = (await admin.call('GET', '/api/admin/alert-health')).body
      expect(health.problems).toEqual([{ kind: 'none' }, { kind: 'waiting', count: 1, oldest: old }])
      // A device subscribed to pushes is a channel: push is always on, and now reaches someone.
      await served.db.k
        .insertInto('push_subscriptions')
        .values({
          endpoint: 'https://push.example/device-1',
          p256dh: 'p256dh',
          auth: 'auth',
          device: 'Chrome on Android',
          created_at: new Date().toISOString(),
        })
        .execute()
      expect((await admin.call('GET', '/api/admin/alert-health')).body).toMatchObject({ channels: ['push'] })
      await served.db.k.deleteFrom('push_subscriptions').execute()
    })
  })

  describe('with a mail server that refuses connections', () => {
    const env: Record<string, string> = { NOTIFY_EMAIL: 'office@longbar-hvac.example' }
    beforeAll(async () => {
      env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`
    })
    const served = serveOn(kind, PASSWORD, env)

    it('says e-mail is failing, with the error and since when', async () => {
      const admin = await signedIn(served.server.url)
      expect(await send(served.server.url, 'Failing Fred')).toBe(201)
      await expect
        .poll(async () => (await admin.call('GET', '/api/admin/alert-health')).body.problems, { timeout: 10_000 })
        .toEqual([
          {
            kind: 'failing',
            channel: 'email',
            count: 1,
            error: expect.stringMatching(/ECONNREFUSED/),
            since: expect.any(String),
          },
        ])
      expect((await admin.call('GET', '/api/admin/alert-health')).body).toMatchObject({
        ok: false,
        channels: ['email', 'confirmation'],
      })
    })
  })

  describe('with a working mail server', () => {
    let smtp: TestSmtp
    const env: Record<string, string> = { NOTIFY_EMAIL: 'office@longbar-hvac.example' }
    beforeAll(async () => {
      smtp = await startSmtp()
      env.SMTP_URL = smtp.url
    })
    afterAll(() => smtp?.close())
    const served = serveOn(kind, PASSWORD, env)

    it('says all is well', async () => {
      const admin = await signedIn(served.server.url)
      expect(await send(served.server.url, 'Happy Hal')).toBe(201)
      await smtp.waitFor(1)
      expect((await admin.call('GET', '/api/admin/alert-health')).body).toEqual({
        success: true,
        ok: true,
        channels: ['email', 'confirmation'],
        problems: [],
      })
    })
  })
})
