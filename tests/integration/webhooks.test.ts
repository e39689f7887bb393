// Webhooks (docs/integrations.md, decision 033) against a real receiver in this process that
// checks each Standard Webhooks signature, on SQLite and PostgreSQL: through the built server
// (WEBHOOK_URLS, a new request, a status change), and through the alert worker with fast retries
// (the receiver answering 500, down and back, 410, a Slack URL).
import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { startAlertWorker, type AlertWorker } from '../../src/server/alerts/worker.ts'
import { webhookChannel, type WebhookEvent } from '../../src/server/alerts/webhook.ts'
import { listActivity } from '../../src/server/db/activity.ts'
import type { OfficeEvent } from '../../src/lead/alerts.ts'
import type { Webhook } from '../../src/server/env.ts'
import { createLogger } from '../../src/server/log.ts'
import { adminClient } from '../helpers/admin.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { clearRequests, suiteDb } from '../helpers/suite-db.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../scripts/lib/webhook-receiver.ts'

const SECRET = `whsec_${randomBytes(32).toString('base64')}`
const secretBytes = Buffer.from(SECRET.slice('whsec_'.length), 'base64')
const PASSWORD = 'webhook test password'
const quiet = createLogger('error', () => undefined)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.each(STORAGE_KINDS)('webhooks from the server on %s', (kind) => {
  let receiver: WebhookReceiver
  const env: Record<string, string> = { WEBHOOK_SECRET: SECRET, WEBHOOK_EVENTS: 'new,status' }
  beforeAll(async () => {
    receiver = await startWebhookReceiver(SECRET)
    env.WEBHOOK_URLS = `${receiver.url}/hooks/longbar`
  })
  afterAll(() => receiver?.close())
  const served = serveOn(kind, PASSWORD, env)

  it('POSTs one signed request.created per request, and a request.status_changed per status change', async () => {
    const res = await fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({
        name: 'Dana Whitaker',
        phone: '(410) 555-0199',
        email: 'dana@example.com',
        service: 'heating-repair',
        message: 'No heat since 6 am.',
        elapsedMs: 9000,
      }),
    })
    expect(res.status).toBe(201)
    const [hook] = await receiver.waitFor(1)
    expect(hook!.valid).toBe(true)
    expect(hook!.path).toBe('/hooks/longbar')
    expect(hook!.headers['content-type']).toBe('application/json')
    expect(hook!.id).toMatch(/^msg_\d+$/)
    expect(Math.abs(hook!.timestamp - Date.now() / 1000)).toBeLessThan(30)
    const event = hook!.json as WebhookEvent
    expect(event).toMatchObject({
      type: 'request.created',
      data: {
        name: 'Dana Whitaker',
        phone: '(410) 555-0199',
        email: 'dana@example.com',
        service: 'heating-repair',
        serviceLabel: 'Heating Repair',
        message: 'No heat since 6 am.',
        urgent: expect.any(Boolean),
        afterHours: expect.any(Boolean),
        status: 'new',
        inboxUrl: expect.stringMatching(/^http:\/\/localhost:3000\/admin\?request=[0-9a-f-]{36}$/),
      },
    })
    const id = event.data.id
    await expect
      .poll(async () => (await listActivity(served.db, id)).map((e) => `${e.kind}: ${e.detail}`))
      .toContain(`notified: Webhook to 127.0.0.1:${receiver.port}`)

    const admin = adminClient(served.server.url, { password: PASSWORD, origin: ORIGIN, from: '198.51.100.8' })
    expect((await admin.login()).status).toBe(200)
    expect((await admin.call('PATCH', `/api/admin/submissions/${id}`, { status: 'contacted' })).status).toBe(200)
    expect((await admin.call('PATCH', `/api/admin/submissions/${id}`, { status: 'scheduled' })).status).toBe(200)
    const hooks = await receiver.waitFor(3)
    await sleep(500)
    expect(receiver.delivered()).toHaveLength(3)
    expect(hooks.every((h) => h.valid)).toBe(true)
    // Each delivery carries the request as it is when sent (the two may go out together, in either order).
    const seen = hooks.map((h) => [(h.json as WebhookEvent).type, (h.json as WebhookEvent).data.status])
    expect(seen[0]).toEqual(['request.created', 'new'])
    expect(seen.slice(1).map(([type]) => type)).toEqual(['request.status_changed', 'request.status_changed'])
    expect(seen.slice(1).map(([, status]) => status)).toContain('scheduled')
    expect(seen.slice(1).every(([, status]) => status === 'contacted' || status === 'scheduled')).toBe(true)
    expect(new Set(hooks.map((h) => h.id)).size).toBe(3)
  })
})

describe.each(STORAGE_KINDS)('the webhook channel on %s', (kind) => {
  const suite = suiteDb(kind)
  let receiver: WebhookReceiver | undefined
  let worker: AlertWorker | undefined
  let clients = 0
  // Each a different person (one phone sending again within the hour would fold, decision 052).
  const store = (name: string, phone = `(410) 555-${String(1000 + clients).slice(-4)}`) =>
    storeContactRequest(suite.db, {
      message: { name, phone },
      clientKey: `hook-${clients++}`,
    }).then((r) => {
      if (!r.stored) throw new Error('not stored')
      return r.id
    })

  afterEach(async () => {
    await worker?.stop()
    await receiver?.close()
    worker = receiver = undefined
    await clearRequests(suite.db)
  })

  const start = (webhooks: Webhook[], events: OfficeEvent[] = ['new', 'escalation', 'reminder']) => {
    worker = startAlertWorker({
      db: suite.db,
      channels: [webhookChannel({ webhooks, secret: secretBytes, events, publicOrigin: ORIGIN })],
      log: quiet,
      idlePollMs: 50,
      retryBaseMs: 100,
      retryMaxMs: 400,
    })
  }
  const rows = () => suite.db.k.selectFrom('notification_outbox').selectAll().where('channel', '=', 'webhook').execute()

  it('retries while the receiver answers 500, then delivers once, with the same webhook-id on every try', async () => {
    receiver = await startWebhookReceiver(SECRET)
    receiver.answer(500)
    const id = await store('Retry Me')
    start([{ format: 'standard', url: `${receiver.url}/hook` }])
    await expect.poll(() => receiver!.all.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3)
    const [waiting] = await rows()
    expect(waiting).toMatchObject({ sent_at: null, last_error: 'the receiver answered 500 Internal Server Error' })
    receiver.answer(200)
    await receiver.waitFor(1)
    await sleep(600)
    expect(receiver.delivered()).toHaveLength(1)
    expect(new Set(receiver.all.map((h) => h.id)).size).toBe(1)
    expect(receiver.all.every((h) => h.valid)).toBe(true)
    expect((await rows()).map((r) => [r.sent_at !== null, r.last_error])).toEqual([[true, null]])
    const timeline = (await listActivity(suite.db, id)).map((e) => `${e.kind}: ${e.detail}`)
    expect(timeline[0]).toMatch(
      new RegExp(`^notified: Webhook to 127\\.0\\.0\\.1:${receiver.port} \\(attempt \\d+\\)$`),
    )
    expect(timeline.at(-1)).toBe(
      `notify_failed: Webhook to 127.0.0.1:${receiver.port}: the receiver answered 500 Internal Server Error`,
    )
  })

  it('keeps each event while the receiver is down and delivers each once when it is back', async () => {
    receiver = await startWebhookReceiver(SECRET)
    await receiver.down()
    for (let i = 1; i <= 3; i++) await store(`Waiting ${i}`)
    start([{ format: 'standard', url: `${receiver.url}/hook` }])
    await sleep(800)
    const waiting = await rows()
    expect(waiting).toHaveLength(3)
    expect(waiting.every((r) => r.sent_at === null && (r.last_error ?? '').includes('ECONNREFUSED'))).toBe(true)
    await receiver.up()
    await receiver.waitFor(3)
    await sleep(800)
    const names = receiver.delivered().map((h) => (h.json as WebhookEvent).data.name)
    expect(names.sort()).toEqual(['Waiting 1', 'Waiting 2', 'Waiting 3'])
    expect(receiver.all.every((h) => h.valid)).toBe(true)
  })

  it('gives a row back when handling it fails after the claim: retried after its backoff, not after the lease', async () => {
    receiver = await startWebhookReceiver(SECRET)
    await store('Claimed Once')
    const channel = webhookChannel({
      webhooks: [{ format: 'standard', url: `${receiver.url}/hook` }],
      secret: secretBytes,
      events: ['new'],
      publicOrigin: ORIGIN,
    })
    // The fan-out's first look for targets fails, as a statement refused or a deadlock would.
    let failures = 0
    const failingOnce = {
      ...channel,
      targets: (...args: Parameters<typeof channel.targets>) =>
        failures++ === 0 ? Promise.reject(new Error('deadlock detected')) : channel.targets(...args),
    }
    // The lease is a minute: without the row given back, nothing would arrive within the poll.
    worker = startAlertWorker({
      db: suite.db,
      channels: [failingOnce],
      log: quiet,
      idlePollMs: 50,
      leaseMs: 60_000,
      retryBaseMs: 100,
      retryMaxMs: 400,
    })
    await expect.poll(() => receiver!.delivered().length, { timeout: 5_000 }).toBe(1)
    expect(failures).toBe(2)
    const event = await suite.db.k
      .selectFrom('notification_outbox')
      .select(['sent_at', 'attempts'])
      .where('channel', 'is', null)
      .executeTakeFirstOrThrow()
    expect(event.attempts).toBe(2)
    expect(event.sent_at).not.toBeNull()
  })

  it('sends one delivery per URL, in the shape each takes; a 410 is not retried; no path in the timeline', async () => {
    receiver = await startWebhookReceiver(SECRET)
    const slackPath = '/services/T000/B000/s3cr3t-token'
    const id = await store('Sam Ortiz', '(410) 555-0142')
    start([
      { format: 'slack', url: `${receiver.url}${slackPath}` },
      { format: 'teams', url: `${receiver.url}/teams` },
      { format: 'standard', url: `http://localhost:${receiver.port}/standard` },
    ])
    await receiver.waitFor(3)
    await sleep(300)
    const byPath = new Map(receiver.all.map((h) => [h.path, h.json as Record<string, unknown>]))
    expect(byPath.get(slackPath)).toEqual({
      text: `New request: Sam Ortiz · (410) 555-0142\nOpen the inbox: ${ORIGIN}/admin?request=${id}`,
    })
    expect(JSON.stringify(byPath.get('/teams'))).toContain('AdaptiveCard')
    expect(byPath.get('/standard')).toMatchObject({ type: 'request.created', data: { name: 'Sam Ortiz' } })
    const timeline = (await listActivity(suite.db, id)).map((e) => `${e.kind}: ${e.detail}`)
    expect(timeline.sort()).toEqual([
      `notified: Slack webhook to 127.0.0.1:${receiver.port}`,
      `notified: Teams webhook to 127.0.0.1:${receiver.port}`,
      `notified: Webhook to localhost:${receiver.port}`,
    ])
    expect(timeline.join()).not.toContain('s3cr3t')

    receiver.answer(410)
    const gone = await store('Gone Away')
    await expect.poll(() => receiver!.all.length, { timeout: 5_000 }).toBe(6)
    await sleep(500)
    expect(receiver.all).toHaveLength(6)
    expect((await rows()).every((r) => r.sent_at !== null)).toBe(true)
    expect((await listActivity(suite.db, gone)).map((e) => e.detail)).toContain(
      `Slack webhook to 127.0.0.1:${receiver.port}: the receiver answered 410 Gone: remove this URL from WEBHOOK_URLS (not retried)`,
    )
  })

  it("makes a visitor's name inert in Slack and Teams: no channel ping, no link but the inbox (issue 20)", async () => {
    receiver = await startWebhookReceiver(SECRET)
    const id = await store(
      '<!channel> <https://evil.example/admin|Open the inbox> [Open the inbox](https://evil.example/admin)',
    )
    start([
      { format: 'slack', url: `${receiver.url}/slack` },
      { format: 'teams', url: `${receiver.url}/teams` },
    ])
    await receiver.waitFor(2)
    const byPath = new Map(receiver.all.map((h) => [h.path, JSON.stringify(h.json)]))
    const slack = byPath.get('/slack')!
    expect(slack).toContain('&lt;!channel&gt; &lt;https:∕∕evil․example/admin|Open the inbox&gt;')
    expect(slack).not.toMatch(/<!|<https?:|evil\.example/)
    const teams = byPath.get('/teams')!
    expect(teams).toContain('［Open the inbox］(https:∕∕evil․example/admin)')
    expect(teams).not.toMatch(/\]\(|evil\.example/)
    for (const text of [slack, teams]) expect(text).toContain(`Open the inbox: ${ORIGIN}/admin?request=${id}`)
  })

  it('sends only the events of WEBHOOK_EVENTS', async () => {
    receiver = await startWebhookReceiver(SECRET)
    const id = await store('Status Only')
    await suite.db.transact((trx) =>
      trx
        .insertInto('notification_outbox')
        .values({
          submission_id: id,
          event: 'status',
          created_at: new Date().toISOString(),
          next_attempt_at: new Date().toISOString(),
          attempts: 0,
        })
        .execute(),
    )
    start([{ format: 'standard', url: `${receiver.url}/hook` }])
    await receiver.waitFor(1)
    await sleep(500)
    expect(receiver.all.map((h) => (h.json as WebhookEvent).type)).toEqual(['request.created'])
    expect(
      (await suite.db.k.selectFrom('notification_outbox').select('sent_at').execute()).every((r) => r.sent_at),
    ).toBe(true)
  })
})
