// The inbox's notifications API (docs/admin-api.md "Notifications") on the built server, on
// SQLite and PostgreSQL: nothing without a session or from another origin; the VAPID key a
// browser subscribes with; subscribing (the device named from its User-Agent), the list, a test
// push that reaches the test's push service (VAPID checked, payload decrypted), unsubscribing;
// and a request sent through the site pushed to the device subscribed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { startPushReceiver, testCertificate, type PushReceiver } from '../../scripts/lib/push-receiver.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'

const PASSWORD = 'correct horse battery staple'
const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

describe.each(STORAGE_KINDS)('the notifications API on %s', (kind) => {
  // The server trusts the receiver's certificate as it would a real push service's.
  const served = serveOn(kind, PASSWORD, {
    NODE_EXTRA_CA_CERTS: testCertificate().certFile,
    PUSH_PRIVATE_HOSTS: '127.0.0.1',
  })
  let receiver: PushReceiver
  let address = 10
  beforeAll(async () => {
    receiver = await startPushReceiver()
  })
  afterAll(() => receiver?.close())
  const signedIn = async () => {
    const admin = adminClient(served.server.url, {
      password: PASSWORD,
      origin: ORIGIN,
      from: `198.51.100.${address++}`,
    })
    expect((await admin.login()).status).toBe(200)
    return admin
  }

  it.each([
    ['GET', '/api/admin/push'],
    ['POST', '/api/admin/push/subscriptions', {}],
    ['POST', '/api/admin/push/unsubscribe', {}],
    ['POST', '/api/admin/push/test', {}],
    ['DELETE', '/api/admin/push/subscriptions/1'],
  ] as [string, string, unknown?][])('%s %s answers 401 without a session', async (method, path, body) => {
    const res = await adminClient(served.server.url, { origin: ORIGIN }).call(method, path, body)
    expect(res.status).toBe(401)
  })

  it('refuses a subscription from another origin', async () => {
    const admin = await signedIn()
    const sub = receiver.subscribe('x')
    const res = await admin.call('POST', '/api/admin/push/subscriptions', sub, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect((await admin.call('GET', '/api/admin/push')).body.devices).toEqual([])
  })

  it('subscribes this device, lists it, sends it a test push, pushes it a new request, and unsubscribes it', async () => {
    const admin = await signedIn()
    const key = await admin.call('GET', '/api/admin/push')
    expect(key.status).toBe(200)
    const publicKey = key.body.publicKey as string
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)

    const sub = receiver.subscribe(publicKey)
    const bad = await admin.call('POST', '/api/admin/push/subscriptions', { ...sub, keys: { p256dh: 'x', auth: 'y' } })
    expect(bad).toMatchObject({ status: 400, body: { error: 'The subscription has no valid keys.' } })
    const plain = await admin.call('POST', '/api/admin/push/subscriptions', {
      ...sub,
      endpoint: sub.endpoint.replace('https:', 'http:'),
    })
    expect(plain).toMatchObject({ status: 400, body: { error: 'A push endpoint is an https URL.' } })

    const made = await admin.call('POST', '/api/admin/push/subscriptions', sub, { 'user-agent': PIXEL })
    expect(made.status).toBe(201)
    expect(made.body.device).toMatchObject({ device: 'Chrome on Android', endpoint: sub.endpoint })
    // Subscribing again (the browser renewed its keys) keeps one row.
    expect((await admin.call('POST', '/api/admin/push/subscriptions', sub, { 'user-agent': PIXEL })).status).toBe(201)
    const list = await admin.call('GET', '/api/admin/push')
    expect(list.body.devices).toEqual([
      expect.objectContaining({ device: 'Chrome on Android', endpoint: sub.endpoint, lastSuccessAt: null }),
    ])
    expect(JSON.stringify(list.body)).not.toContain(sub.keys.auth)

    const test = await admin.call('POST', '/api/admin/push/test', { endpoint: sub.endpoint })
    expect(test).toMatchObject({ status: 200, body: { success: true, status: 201 } })
    const [push] = await receiver.waitFor(1)
    expect(push!.payload).toEqual({
      title: 'Test notification',
      body: 'Notifications work on this device.',
      url: '/admin',
      tag: 'test',
      urgent: false,
    })
    expect(push!.ttl).toBe(60)
    // PUBLIC_ORIGIN is http://localhost here: the subject is a mailto.
    expect(push!.subject).toBe('mailto:webmaster@localhost')

    // A request sent through the site reaches the device through the outbox.
    const sent = await fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({
        name: 'Dana Whitaker',
        phone: '4105550199',
        service: 'ac-repair',
        message: 'AC blows warm',
      }),
    })
    expect(sent.status).toBe(201)
    const pushes = await receiver.waitFor(2)
    expect(pushes[1]!.payload).toMatchObject({ title: 'New request: Dana Whitaker', body: 'AC Repair – AC blows warm' })
    const id = (pushes[1]!.payload.url as string).split('=')[1]!
    // The deep link's request, as the inbox opens it.
    const opened = await admin.call('GET', `/api/admin/submissions/${id}`)
    expect(opened).toMatchObject({ status: 200, body: { item: { id, name: 'Dana Whitaker' } } })
    // The delivery is recorded just after the push service took it.
    await expect
      .poll(async () => (await admin.call('GET', `/api/admin/submissions/${id}/activity`)).body.items)
      .toEqual([expect.objectContaining({ kind: 'notified', detail: 'Push to Chrome on Android' })])

    const off = await admin.call('POST', '/api/admin/push/unsubscribe', { endpoint: sub.endpoint })
    expect(off).toMatchObject({ status: 200, body: { removed: true } })
    expect((await admin.call('GET', '/api/admin/push')).body.devices).toEqual([])
    const late = await admin.call('POST', '/api/admin/push/test', { endpoint: sub.endpoint })
    expect(late.status).toBe(404)
  })

  it('refuses endpoints on this machine or a private network, and never answers a raw network error (issue 20, finding 10)', async () => {
    const admin = await signedIn()
    const publicKey = (await admin.call('GET', '/api/admin/push')).body.publicKey as string
    const sub = receiver.subscribe(publicKey)
    for (const host of [
      'localhost:6379',
      '127.0.0.2',
      '10.0.0.5:8080',
      '192.168.1.1',
      '[::1]:22',
      '169.254.169.254',
      '[fd00::1]',
    ])
      expect(
        (await admin.call('POST', '/api/admin/push/subscriptions', { ...sub, endpoint: `https://${host}/x` })).status,
      ).toBe(400)
    // A host allowed by PUSH_PRIVATE_HOSTS that nobody listens on: the answer says only that it
    // could not be reached, not the address and port the network error names.
    await receiver.down()
    try {
      expect((await admin.call('POST', '/api/admin/push/subscriptions', sub)).status).toBe(201)
      const test = await admin.call('POST', '/api/admin/push/test', { endpoint: sub.endpoint })
      expect(test).toMatchObject({
        status: 502,
        body: { success: false, error: 'The push service did not take it: the push service could not be reached' },
      })
      expect(JSON.stringify(test.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/)
    } finally {
      await receiver.up()
      await admin.call('POST', '/api/admin/push/unsubscribe', { endpoint: sub.endpoint })
    }
  })

  it('says when the push service refuses a test, and forgets a device it no longer knows', async () => {
    const admin = await signedIn()
    const publicKey = (await admin.call('GET', '/api/admin/push')).body.publicKey as string
    const failing = receiver.subscribe(publicKey)
    const gone = receiver.subscribe(publicKey)
    for (const sub of [failing, gone])
      expect((await admin.call('POST', '/api/admin/push/subscriptions', sub)).status).toBe(201)
    receiver.answer(failing.id, 500)
    receiver.answer(gone.id, 410)
    const refused = await admin.call('POST', '/api/admin/push/test', { endpoint: failing.endpoint })
    expect(refused).toMatchObject({
      status: 502,
      body: {
        success: false,
        error: 'The push service did not take it: the push service answered 500: internal error',
      },
    })
    const forgotten = await admin.call('POST', '/api/admin/push/test', { endpoint: gone.endpoint })
    expect(forgotten).toMatchObject({ status: 410, body: { success: false, gone: true } })
    const devices = (await admin.call('GET', '/api/admin/push')).body.devices as {
      endpoint: string
      lastError: string
    }[]
    expect(devices).toEqual([
      expect.objectContaining({ endpoint: failing.endpoint, lastError: expect.stringContaining('500') }),
    ])
    const id = (devices[0] as unknown as { id: number }).id
    expect((await admin.call('DELETE', `/api/admin/push/subscriptions/${id}`)).status).toBe(200)
    expect((await admin.call('DELETE', `/api/admin/push/subscriptions/${id}`)).status).toBe(404)
  })

  it('sends the alerts that had nowhere to go to the first device subscribed, at once', async () => {
    const admin = await signedIn()
    const { publicKey, devices } = (await admin.call('GET', '/api/admin/push')).body as {
      publicKey: string
      devices: []
    }
    expect(devices).toEqual([])
    const sent = await fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ name: 'Early Bird', phone: '4105550188' }),
    })
    expect(sent.status).toBe(201)
    // No e-mail configured, no device: the alert waits (its next look is 8 s or more away).
    await new Promise((r) => setTimeout(r, 1_000))
    const before = receiver.received.length
    const phone = receiver.subscribe(publicKey)
    const subscribedAt = Date.now()
    expect((await admin.call('POST', '/api/admin/push/subscriptions', phone)).status).toBe(201)
    const pushes = await receiver.waitFor(before + 1, 5_000)
    expect(pushes.at(-1)).toMatchObject({ subscription: phone.id, payload: { title: 'New request: Early Bird' } })
    expect(pushes.at(-1)!.at - subscribedAt).toBeLessThan(3_000)
    expect((await admin.call('POST', '/api/admin/push/unsubscribe', { endpoint: phone.endpoint })).status).toBe(200)
  })
})
