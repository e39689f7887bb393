// The daily test alert (decision 047) on SQLite and PostgreSQL, with the clock given: once a day,
// when the office opens, a test goes out on every channel that tells the office (a real SMTP server
// in this process, a real webhook receiver, a real push service with a subscribed device); the
// push carries a token that the tap sends back (the route the service worker posts to); a test not
// tapped within 8 hours shows in the alert-health banner and is e-mailed once to the office.
import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runDailyTest, type TestSender } from '../../src/server/alerts/daily-test.ts'
import { alertHealth } from '../../src/server/alerts/health.ts'
import { createPushSender, pushTestSender, type PushSender } from '../../src/server/alerts/push.ts'
import { webhookTestSender } from '../../src/server/alerts/webhook.ts'
import { alertTestApi } from '../../src/server/admin/alert-test.ts'
import { saveSubscription } from '../../src/server/db/push.ts'
import type { Hours } from '../../src/lead/business-hours.ts'
import { composeMissedTap, composeTestAlert } from '../../src/server/mail/alert-test.ts'
import { smtpSender } from '../../src/server/mail/transport.ts'
import { createLogger } from '../../src/server/log.ts'
import { startPushReceiver, type PushReceiver } from '../../scripts/lib/push-receiver.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../scripts/lib/webhook-receiver.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { suiteDb } from '../helpers/suite-db.ts'

const HOURS: Hours = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00' },
  { days: ['Saturday', 'Sunday'], note: 'Emergency service only' },
]
const office = { hours: HOURS, timeZone: 'America/New_York' }
const ORIGIN = 'https://www.longbar-hvac.example'
const SECRET = `whsec_${randomBytes(32).toString('base64')}`
const settings = { company: 'Longbar', publicOrigin: ORIGIN, from: 'web@x.example', to: 'office@x.example' }
const quiet = createLogger('error', () => undefined)

describe.each(STORAGE_KINDS)('the daily test alert on %s', (kind) => {
  const suite = suiteDb(kind)
  let smtp: TestSmtp
  let mail: ReturnType<typeof smtpSender>
  let hooks: WebhookReceiver
  let pushes: PushReceiver
  let push: PushSender

  beforeAll(async () => {
    smtp = await startSmtp()
    mail = smtpSender(smtp.url)
    hooks = await startWebhookReceiver(SECRET)
    pushes = await startPushReceiver()
    push = await createPushSender({
      db: suite.db,
      subject: 'mailto:office@x.example',
      agent: pushes.agent,
      privateHosts: ['127.0.0.1'],
    })
  })
  afterEach(async () => {
    smtp.received.length = 0
    hooks.all.length = 0
    pushes.received.length = 0
    for (const table of ['alert_tests', 'push_subscriptions'] as const) await suite.db.k.deleteFrom(table).execute()
  })
  afterAll(async () => {
    mail?.close()
    await Promise.all([smtp?.close(), hooks?.close(), pushes?.close()])
  })

  const subscribe = async (device: string) => {
    const sub = pushes.subscribe(push.publicKey)
    await saveSubscription(suite.db, { endpoint: sub.endpoint, ...sub.keys, device })
  }
  const senders = (): TestSender[] => [
    {
      channel: 'email',
      send: async ({ day }) => {
        await mail.send(composeTestAlert(day, settings))
        return [{ what: `E-mail to ${settings.to}` }]
      },
    },
    webhookTestSender({
      webhooks: [{ format: 'standard', url: hooks.url }],
      secret: Buffer.from(SECRET.slice('whsec_'.length), 'base64'),
      publicOrigin: ORIGIN,
    }),
    pushTestSender({ db: suite.db, sender: push }),
  ]
  const run = (now: string) =>
    runDailyTest(suite.db, {
      now: new Date(now),
      office,
      senders: senders(),
      mailMissedTap: (test) => mail.send(composeMissedTap(test, settings)),
    })
  const problems = async (now: string) =>
    (await alertHealth(suite.db, ['email', 'webhook', 'push'], new Date(now))).problems.filter(
      (p) => p.kind === 'test-unconfirmed',
    )
  const tap = (token: unknown) =>
    alertTestApi({ db: suite.db, log: quiet }).request('/alert-test/ack', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    })

  it('goes out once a day when the office opens, on e-mail, webhook and push; the tap is recorded', async () => {
    await subscribe('Pixel 8')
    // Monday, November 23 in New York: 6:30 AM, closed.
    expect(await run('2026-11-23T11:30:00.000Z')).toBe('closed')
    expect(smtp.received).toHaveLength(0)
    // 7:05 AM: open.
    expect(await run('2026-11-23T12:05:00.000Z')).toBe('sent')
    // Another instance, or the next look: once a day.
    expect(await run('2026-11-23T12:05:30.000Z')).toBe('taken')
    expect(await run('2026-11-23T16:00:00.000Z')).toBe('taken')

    expect(smtp.received.map((m) => [m.to, m.subject])).toEqual([
      [['office@x.example'], 'Test alert from the Longbar website'],
    ])
    const delivered = hooks.delivered()
    expect(delivered).toHaveLength(1)
    expect(delivered[0]!.valid).toBe(true)
    expect(delivered[0]!.json).toMatchObject({
      type: 'alert.test',
      data: { day: '2026-11-23', inboxUrl: `${ORIGIN}/admin` },
    })
    expect(pushes.received).toHaveLength(1)
    const payload = pushes.received[0]!.payload
    expect(payload).toMatchObject({ title: 'Test alert: tap to confirm', url: '/admin', tag: 'alert-test' })
    expect(typeof payload.ack).toBe('string')

    // Not tapped yet, but within 8 hours: nothing to say.
    expect(await problems('2026-11-23T20:00:00.000Z')).toEqual([])
    const res = await tap(payload.ack)
    expect(res.status).toBe(200)
    expect(await problems('2026-11-24T11:00:00.000Z')).toEqual([])
    // A token no test has, or none at all.
    expect((await tap('x'.repeat(24))).status).toBe(404)
    expect((await tap(42)).status).toBe(400)
  })

  it('a test not tapped within 8 hours shows in the banner and is e-mailed once, until a later one is tapped', async () => {
    await subscribe('iPhone')
    expect(await run('2026-11-23T12:05:00.000Z')).toBe('sent')
    const first = pushes.received[0]!.payload.ack
    expect(await problems('2026-11-23T20:04:00.000Z')).toEqual([])
    expect(await problems('2026-11-23T20:06:00.000Z')).toEqual([
      { kind: 'test-unconfirmed', day: '2026-11-23', since: '2026-11-23T12:05:00.000Z' },
    ])
    smtp.received.length = 0
    // The next look after 8 hours mails it, once, with what the test did.
    expect(await run('2026-11-23T20:06:00.000Z')).toBe('taken')
    expect(await run('2026-11-23T20:07:00.000Z')).toBe('taken')
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.subject).toBe('Alerts may not reach your phone: the test of 2026-11-23 was not tapped')
    expect(smtp.received[0]!.text).toContain('- Push to iPhone: sent')
    expect(smtp.received[0]!.text).toContain('- E-mail to office@x.example: sent')

    // Tuesday: the next test goes out; its tap clears the banner. A late tap of Monday's counts too.
    expect(await run('2026-11-24T12:01:00.000Z')).toBe('sent')
    expect(await problems('2026-11-24T12:02:00.000Z')).toHaveLength(0)
    expect(await problems('2026-11-24T20:02:00.000Z')).toHaveLength(1)
    expect((await tap(pushes.received[1]!.payload.ack)).status).toBe(200)
    expect(await problems('2026-11-24T20:02:00.000Z')).toEqual([])
    expect((await tap(first)).status).toBe(200)
  })

  it('without a subscribed phone it asks for no tap; a push service that refuses is in the results', async () => {
    expect(await run('2026-11-23T12:05:00.000Z')).toBe('sent')
    expect(pushes.received).toHaveLength(0)
    expect(await problems('2026-11-24T11:00:00.000Z')).toEqual([])

    // Tuesday, the phone's push service refuses (500): the push asked for a tap that cannot come.
    await subscribe('Galaxy')
    const id = String(
      (await suite.db.k.selectFrom('push_subscriptions').select('endpoint').executeTakeFirstOrThrow()).endpoint
        .split('/')
        .pop(),
    )
    pushes.answer(id, 500)
    expect(await run('2026-11-24T12:05:00.000Z')).toBe('sent')
    const row = await suite.db.k
      .selectFrom('alert_tests')
      .selectAll()
      .where('day', '=', '2026-11-24')
      .executeTakeFirstOrThrow()
    expect(row.results).toContain('Push to Galaxy: not sent (the push service answered 500')
    expect(await problems('2026-11-24T20:06:00.000Z')).toHaveLength(1)
  })
})
