// Web Push through the outbox, on SQLite and PostgreSQL, against a push service run by the test
// (scripts/lib/push-receiver.ts) that checks each push's VAPID signature and decrypts its
// payload (RFC 8291): one push per device per request, none for spam; a device the push service
// no longer knows is unsubscribed and not retried; a failing push service is retried until it
// takes the push, once. Then the inbox's API for it, on a real server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { triage } from '../../src/server/contact/triage.ts'
import { startAlertWorker, NOWHERE, type AlertWorker } from '../../src/server/alerts/worker.ts'
import { createPushSender, pushChannel, type PushSender } from '../../src/server/alerts/push.ts'
import { listActivity } from '../../src/server/db/activity.ts'
import { listSubscriptions, saveSubscription, vapidKeys } from '../../src/server/db/push.ts'
import { createLogger } from '../../src/server/log.ts'
import { startPushReceiver, type PushReceiver, type TestSubscription } from '../../scripts/lib/push-receiver.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'

const quiet = createLogger('error', () => undefined)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
let clients = 0
const store = (db: Db, message: Parameters<typeof storeContactRequest>[1]['message'], urgent = false) =>
  storeContactRequest(db, {
    message,
    clientKey: `push-test-${clients++}`,
    verdict: { ...triage(message, {}, {}, Date.now()), urgency: urgent ? 'No heat: “furnace out”' : null },
  })

describe.each(STORAGE_KINDS)('pushes on %s', (kind) => {
  let storage: StorageTarget
  let db: Db
  let receiver: PushReceiver
  let sender: PushSender
  let worker: AlertWorker | undefined

  beforeAll(async () => {
    storage = await createStorage(kind)
    db = await storage.open()
    receiver = await startPushReceiver()
    sender = await createPushSender({
      db,
      subject: 'mailto:office@longbar-hvac.example',
      agent: receiver.agent,
      privateHosts: ['127.0.0.1'],
    })
  })
  afterEach(async () => {
    await worker?.stop()
    worker = undefined
    receiver.received.length = 0
    receiver.attempts.length = 0
    await receiver.up().catch(() => undefined)
    for (const table of ['notification_outbox', 'push_subscriptions', 'contact_submissions'] as const)
      await db.k.deleteFrom(table).execute()
  })
  afterAll(async () => {
    await receiver?.close()
    await db?.close()
    await storage?.remove()
  })

  /** A device subscribed as the inbox would (the browser's subscription, saved). */
  const device = async (name: string): Promise<TestSubscription & { rowId: number }> => {
    const sub = receiver.subscribe(sender.publicKey)
    const row = await saveSubscription(db, { endpoint: sub.endpoint, ...sub.keys, device: name })
    return { ...sub, rowId: row.id }
  }
  const start = () =>
    (worker = startAlertWorker({
      db,
      channels: [pushChannel({ db, sender })],
      log: quiet,
      idlePollMs: 50,
      retryBaseMs: 200,
      retryMaxMs: 400,
    }))

  it('keeps one VAPID key pair: made at the first start, the same at every later one', async () => {
    const again = await createPushSender({ db, subject: 'mailto:x@example.com' })
    expect(again.publicKey).toBe(sender.publicKey)
    expect(await vapidKeys(db, () => ({ publicKey: 'other', privateKey: 'other' }))).toMatchObject({
      publicKey: sender.publicKey,
    })
    // The public key is an uncompressed P-256 point.
    expect(Buffer.from(sender.publicKey, 'base64url')).toHaveLength(65)
  })

  it('pushes each new request once to every device, with its name, service, first words and link; nothing for spam', async () => {
    const phone = await device('Chrome on Android')
    const laptop = await device('Firefox on Windows')
    const a = await store(db, {
      name: 'Dana Whitaker',
      phone: '(410) 555-0199',
      service: 'heating-repair',
      message: 'No heat since 6 am. Two kids at home and the furnace makes a clicking noise every few minutes.',
    })
    await store(db, { name: 'Bot', phone: '4105550000', website: 'http://spam.example' })
    if (!a.stored) throw new Error('not stored')
    start()
    await receiver.waitFor(2)
    await sleep(500)
    expect(receiver.received).toHaveLength(2)
    expect(receiver.rejected).toEqual([])
    expect(receiver.received.map((r) => r.subscription).sort()).toEqual([phone.id, laptop.id].sort())
    for (const push of receiver.received) {
      expect(push.payload).toEqual({
        title: 'New request: Dana Whitaker',
        body: 'Heating Repair – No heat since 6 am. Two kids at home and the furnace makes a clicking noise every few…',
        url: `/admin?request=${a.id}`,
        tag: `request-${a.id}`,
        urgent: false,
      })
      expect(push.urgency).toBe('normal')
      expect(push.ttl).toBe(86_400)
      expect(push.subject).toBe('mailto:office@longbar-hvac.example')
    }
    // The timeline names each device.
    const timeline = (await listActivity(db, a.id)).map((e) => `${e.kind}: ${e.detail}`).sort()
    expect(timeline).toEqual(['notified: Push to Chrome on Android', 'notified: Push to Firefox on Windows'])
    const devices = await listSubscriptions(db)
    expect(devices.every((d) => d.lastSuccessAt !== null && d.lastError === null)).toBe(true)
  })

  it('says when a request is urgent, and asks the push service to wake the phone at once', async () => {
    await device('Safari on iPhone')
    const a = await store(db, { name: 'Sam Ortiz', phone: '4105550123', message: 'Furnace out' }, true)
    start()
    const [push] = await receiver.waitFor(1)
    expect(push!.payload).toMatchObject({
      title: 'Urgent: New request: Sam Ortiz',
      body: 'No heat: “furnace out”. No service given – Furnace out',
      urgent: true,
      url: `/admin?request=${a.stored && a.id}`,
    })
    expect(push!.urgency).toBe('high')
  })

  it('unsubscribes a device the push service answers 410 for, and does not retry it', async () => {
    const gone = await device('Old phone')
    const phone = await device('New phone')
    receiver.answer(gone.id, 410)
    const a = await store(db, { name: 'Lee Park', phone: '4105550144' })
    if (!a.stored) throw new Error('not stored')
    start()
    await receiver.waitFor(1)
    await sleep(1_000)
    expect(receiver.received.map((r) => r.subscription)).toEqual([phone.id])
    expect(receiver.attempts.filter((t) => t.subscription === gone.id)).toEqual([
      { subscription: gone.id, status: 410 },
    ])
    expect((await listSubscriptions(db)).map((d) => d.device)).toEqual(['New phone'])
    const timeline = (await listActivity(db, a.id)).map((e) => `${e.kind}: ${e.detail}`)
    expect(timeline).toEqual(
      expect.arrayContaining([
        'notified: Push to New phone',
        expect.stringMatching(
          /^notify_failed: Push to Old phone: the push service answered 410: .*; the device was unsubscribed \(not retried\)$/,
        ),
      ]),
    )
    const rows = await db.k.selectFrom('notification_outbox').selectAll().where('channel', '=', 'push').execute()
    expect(rows.every((r) => r.sent_at !== null)).toBe(true)
  })

  it('retries a push the push service fails (500), and it arrives once when the service recovers', async () => {
    const phone = await device('Chrome on Android')
    receiver.answer(phone.id, 500)
    const a = await store(db, { name: 'Rae Chen', phone: '4105550155' })
    if (!a.stored) throw new Error('not stored')
    start()
    await expect.poll(() => receiver.attempts.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2)
    expect(receiver.received).toEqual([])
    const [waiting] = await db.k.selectFrom('notification_outbox').selectAll().where('channel', '=', 'push').execute()
    expect(waiting).toMatchObject({ sent_at: null, last_error: 'the push service answered 500: internal error' })
    expect((await listSubscriptions(db))[0]).toMatchObject({
      lastError: 'the push service answered 500: internal error',
    })

    receiver.answer(phone.id, 201)
    await receiver.waitFor(1)
    await sleep(1_000)
    expect(receiver.received).toHaveLength(1)
    expect(receiver.received[0]!.payload.title).toBe('New request: Rae Chen')
    const timeline = (await listActivity(db, a.id)).map((e) => `${e.kind}: ${e.detail}`)
    expect(timeline[0]).toMatch(/^notified: Push to Chrome on Android \(attempt \d+\)$/)
    expect(timeline.at(-1)).toBe(
      'notify_failed: Push to Chrome on Android: the push service answered 500: internal error',
    )
  })

  it('keeps an alert with nowhere to go waiting, and sends it once a device subscribes', async () => {
    const a = await store(db, { name: 'Early Bird', phone: '4105550166' })
    start()
    await sleep(400)
    const [event] = await db.k.selectFrom('notification_outbox').selectAll().execute()
    expect(event).toMatchObject({ channel: null, sent_at: null, last_error: NOWHERE })
    await device('Chrome on Android')
    await receiver.waitFor(1)
    expect(receiver.received[0]!.payload.url).toBe(`/admin?request=${a.stored && a.id}`)
  })
})
