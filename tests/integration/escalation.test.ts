// Escalations and reminders (decision 033) on SQLite and PostgreSQL, with the clock given rather
// than waited for: an urgent request unread after ESCALATE_AFTER_MINUTES alerts again once (the
// office's e-mail, ESCALATE_EMAIL, the webhooks: a real SMTP server and a real receiver); any other
// unread request gets one reminder after two business hours, counted across closing time.
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { triage } from '../../src/server/contact/triage.ts'
import { startAlertWorker, type AlertWorker } from '../../src/server/alerts/worker.ts'
import { emailChannel } from '../../src/server/alerts/email.ts'
import { webhookChannel, type WebhookEvent } from '../../src/server/alerts/webhook.ts'
import { announceEscalation, enqueueDueAlerts } from '../../src/server/alerts/escalation.ts'
import { composeNotification } from '../../src/server/mail/notification.ts'
import { smtpSender } from '../../src/server/mail/transport.ts'
import { listActivity } from '../../src/server/db/activity.ts'
import { updateSubmission } from '../../src/server/db/changes.ts'
import { officeClock } from '../../src/server/office.ts'
import type { Hours } from '../../src/lead/business-hours.ts'
import type { AlertEvent } from '../../src/lead/alerts.ts'
import { createLogger } from '../../src/server/log.ts'
import { startServer } from '../../scripts/lib/server.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { clearRequests, suiteDb } from '../helpers/suite-db.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../scripts/lib/webhook-receiver.ts'

const HOURS: Hours = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00' },
  { days: ['Saturday'], opens: '08:00', closes: '16:00' },
  { days: ['Sunday'], note: 'Emergency service only' },
]
const office = officeClock({ hours: HOURS, timeZone: 'America/New_York' })
const TEN_MINUTES = 10 * 60_000
const SECRET = `whsec_${randomBytes(32).toString('base64')}`
const quiet = createLogger('error', () => undefined)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const at = (iso: string) => new Date(iso)
const due = (db: Db, now: string) =>
  enqueueDueAlerts(db, {
    now: at(now),
    escalateAfterMs: TEN_MINUTES,
    businessMs: (from, to) => office.businessMs(from, to),
  })

describe.each(STORAGE_KINDS)('escalations and reminders on %s', (kind) => {
  const suite = suiteDb(kind)
  let smtp: TestSmtp | undefined
  let receiver: WebhookReceiver | undefined
  let worker: AlertWorker | undefined
  let sender: ReturnType<typeof smtpSender> | undefined
  let clients = 0

  const store = async (name: string, when: string, urgent = false) => {
    // Each a different person (one phone sending again within the hour would fold, decision 052).
    const phone = `(410) 555-${String(142 + clients).padStart(4, '0')}`
    const message = { name, phone, message: urgent ? 'No heat at all' : 'A quote please' }
    const r = await storeContactRequest(suite.db, {
      message,
      clientKey: `esc-${clients++}`,
      now: at(when),
      verdict: { ...triage(message, {}, {}, at(when).getTime()), urgency: urgent ? 'no heat' : null },
    })
    if (!r.stored) throw new Error('not stored')
    return r.id
  }
  const events = async (event: AlertEvent) =>
    (
      await suite.db.k
        .selectFrom('notification_outbox')
        .select('submission_id')
        .where('channel', 'is', null)
        .where('event', '=', event)
        .execute()
    ).map((r) => r.submission_id)

  afterEach(async () => {
    await worker?.stop()
    sender?.close()
    await smtp?.close()
    await receiver?.close()
    worker = sender = smtp = receiver = undefined
    await clearRequests(suite.db)
  })

  it('escalates an urgent request still unread after ESCALATE_AFTER_MINUTES, once; not one that was read', async () => {
    const urgent = await store('Urgent Unread', '2026-11-23T15:00:00.000Z', true)
    const read = await store('Urgent Read', '2026-11-23T15:00:00.000Z', true)
    const calm = await store('Calm', '2026-11-23T15:00:00.000Z')
    await updateSubmission(suite.db, read, { is_read: true }, office)
    expect(await due(suite.db, '2026-11-23T15:09:59.000Z')).toEqual({ escalations: 0, reminders: 0 })
    expect(await due(suite.db, '2026-11-23T15:10:01.000Z')).toEqual({ escalations: 1, reminders: 0 })
    expect(await due(suite.db, '2026-11-23T15:20:00.000Z')).toEqual({ escalations: 0, reminders: 0 })
    expect(await events('escalation')).toEqual([urgent])
    // Nor after a week: old unread rows (an adopted database) are left alone.
    const old = await store('Old Urgent', '2026-11-01T15:00:00.000Z', true)
    expect(await due(suite.db, '2026-11-23T15:30:00.000Z')).toEqual({ escalations: 0, reminders: 0 })
    expect(await events('escalation')).not.toContain(old)
    expect(await events('reminder')).not.toContain(calm)
  })

  it('reminds of any other request after two business hours, across closing time, once', async () => {
    // Friday 17:30 in New York: half an hour before closing; Saturday opens at 8:00.
    const friday = await store('Late Friday', '2026-11-20T22:30:00.000Z')
    // Monday 9:00: two business hours later is 11:00.
    const monday = await store('Monday Morning', '2026-11-23T14:00:00.000Z')
    expect(await due(suite.db, '2026-11-21T01:00:00.000Z')).toEqual({ escalations: 0, reminders: 0 }) // Fri 20:00
    expect(await due(suite.db, '2026-11-21T14:29:00.000Z')).toEqual({ escalations: 0, reminders: 0 }) // Sat 9:29
    expect(await due(suite.db, '2026-11-21T14:31:00.000Z')).toEqual({ escalations: 0, reminders: 1 }) // Sat 9:31
    expect(await events('reminder')).toEqual([friday])
    expect(await due(suite.db, '2026-11-23T15:59:00.000Z')).toEqual({ escalations: 0, reminders: 0 }) // Mon 10:59
    expect(await due(suite.db, '2026-11-23T16:01:00.000Z')).toEqual({ escalations: 0, reminders: 1 }) // Mon 11:01
    expect(await due(suite.db, '2026-11-23T18:00:00.000Z')).toEqual({ escalations: 0, reminders: 0 })
    expect((await events('reminder')).sort()).toEqual([friday, monday].sort())
  })

  it('sends the escalation by e-mail to the office and ESCALATE_EMAIL and to the webhooks, on the timeline', async () => {
    smtp = await startSmtp()
    receiver = await startWebhookReceiver(SECRET)
    const created = new Date(Date.now() - 11 * 60_000).toISOString()
    const id = await store('Nora Quinn', created, true)
    const calm = await store('Paul Calm', new Date(Date.now() - 3 * 24 * 60 * 60_000).toISOString())
    sender = smtpSender(smtp.url)
    const from = 'website@longbar-hvac.example'
    worker = startAlertWorker({
      db: suite.db,
      channels: [
        emailChannel({
          to: 'office@longbar-hvac.example',
          escalateTo: 'owner@longbar-hvac.example',
          send: sender.send,
          compose: (s, event, to = 'office@longbar-hvac.example') =>
            composeNotification(s, { company: 'Longbar', publicOrigin: 'https://x.example', from, to }, event),
        }),
        webhookChannel({
          webhooks: [{ format: 'standard', url: `${receiver.url}/h` }],
          secret: Buffer.from(SECRET.slice(6), 'base64'),
          events: ['new', 'escalation', 'reminder'],
          publicOrigin: 'https://x.example',
        }),
      ],
      log: quiet,
      idlePollMs: 50,
      retryBaseMs: 100,
      announce: announceEscalation(TEN_MINUTES),
    })
    // The two "new" e-mails and webhooks first.
    await smtp.waitFor(2)
    await receiver.waitFor(2)
    const now = new Date().toISOString()
    expect(await due(suite.db, now)).toEqual({ escalations: 1, reminders: 1 })
    worker.kick()
    await smtp.waitFor(5)
    await receiver.waitFor(4)
    await sleep(500)
    const mails = smtp.received
      .slice(2)
      .map((m) => [m.to.join(), m.subject])
      .sort()
    expect(mails).toEqual([
      ['office@longbar-hvac.example', 'Reminder, still unread: Paul Calm – Not specified'],
      ['office@longbar-hvac.example', 'URGENT, still unread: Nora Quinn – Not specified'],
      ['owner@longbar-hvac.example', 'URGENT, still unread: Nora Quinn – Not specified'],
    ])
    const hooks = receiver.delivered().map((h) => [(h.json as WebhookEvent).type, (h.json as WebhookEvent).data.name])
    expect(hooks.slice(2).sort()).toEqual([
      ['request.escalated', 'Nora Quinn'],
      ['request.reminder', 'Paul Calm'],
    ])
    expect(receiver.all.every((h) => h.valid)).toBe(true)
    const timeline = (await listActivity(suite.db, id)).map((e) => `${e.kind}: ${e.detail}`)
    expect(timeline).toEqual(
      expect.arrayContaining([
        'escalated: urgent, unread after 10 minutes',
        'notified: E-mail to owner@longbar-hvac.example',
        'notified: E-mail to office@longbar-hvac.example',
      ]),
    )
    expect((await listActivity(suite.db, calm)).map((e) => `${e.kind}: ${e.detail}`)).toContain(
      'reminded: unread after 2 business hours',
    )
  })

  it('looks at start in the server: ESCALATE_AFTER_MINUTES and ESCALATE_EMAIL from the environment', async () => {
    smtp = await startSmtp()
    await store('Early Bird', new Date(Date.now() - 6 * 60_000).toISOString(), true)
    const server = await startServer({
      DATABASE_URL: suite.storage.databaseUrl,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'office@longbar-hvac.example',
      ESCALATE_EMAIL: 'owner@longbar-hvac.example',
      ESCALATE_AFTER_MINUTES: '5',
    })
    try {
      await smtp.waitFor(3)
      await sleep(500)
      expect(smtp.received.map((m) => [m.to.join(), m.subject.split(':')[0]]).sort()).toEqual([
        ['office@longbar-hvac.example', 'New request'],
        ['office@longbar-hvac.example', 'URGENT, still unread'],
        ['owner@longbar-hvac.example', 'URGENT, still unread'],
      ])
      expect(server.records().some((r) => r.msg === 'unread requests alerted again')).toBe(true)
    } finally {
      await server.stop()
    }
  })
})
