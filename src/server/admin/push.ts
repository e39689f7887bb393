// The inbox's notifications (docs/admin-api.md "Notifications"): the server's VAPID public key
// and the devices subscribed, subscribing and unsubscribing a device, and a test push sent at
// once (not through the outbox: the owner wants to know now whether it reached the push
// service). Mounted behind the session check. docs/decisions/030-web-push.md.
import { Hono, type Context, type Env } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app.ts'
import { deviceName } from '../alerts/device-name.ts'
import { isGone, pushFailureWords, type PushMessage, type PushSender } from '../alerts/push.ts'
import type { Db } from '../db/client.ts'
import { wakeWaitingEvents } from '../db/outbox.ts'
import {
  deleteSubscription,
  findSubscription,
  listSubscriptions,
  recordPushResult,
  saveSubscription,
  type PushSubscriptionKeys,
  type StoredSubscription,
} from '../db/push.ts'
import type { Logger } from '../log.ts'
import { fail, jsonInput } from './answers.ts'
import type { Checked } from './validate.ts'

export type PushApiDeps = {
  db: Db
  log: Logger
  /** None when pushes are not configured. */
  push?: PushSender | undefined
  /** A device subscribed: alerts waiting for somewhere to go may go now. */
  onNotificationQueued?: () => void
}

/** The test push: short-lived (a test an hour late means nothing). */
const TEST_PUSH: PushMessage = {
  title: 'Test notification',
  body: 'Notifications work on this device.',
  url: '/admin',
  tag: 'test',
  urgent: false,
}
const TEST_TTL_SECONDS = 60

const ENDPOINT_MAX = 2_000
/** base64url: the P-256 public key is 65 bytes (87 characters), the auth secret 16 (22). */
const P256DH = /^[A-Za-z0-9_-]{86,88}={0,2}$/
const AUTH = /^[A-Za-z0-9_-]{21,24}={0,2}$/

/** A PushSubscription as the browser's toJSON() gives it (the fields the server reads). */
type PushSubscriptionInput = { endpoint?: string; keys?: Record<string, string> }

/** A PushSubscription as the browser's toJSON() gives it: an https endpoint and its two keys. */
function validateSubscription(body: unknown): Checked<PushSubscriptionKeys> {
  const refuse = (error: string) => ({ ok: false as const, error })
  if (typeof body !== 'object' || body === null) return refuse('Send the subscription as a JSON object.')
  const { endpoint, keys } = body as { endpoint?: unknown; keys?: unknown }
  if (typeof endpoint !== 'string' || endpoint.length > ENDPOINT_MAX || !URL.canParse(endpoint))
    return refuse('The subscription has no valid endpoint.')
  if (new URL(endpoint).protocol !== 'https:') return refuse('A push endpoint is an https URL.')
  const { p256dh, auth } = (typeof keys === 'object' && keys !== null ? keys : {}) as {
    p256dh?: unknown
    auth?: unknown
  }
  if (typeof p256dh !== 'string' || !P256DH.test(p256dh) || typeof auth !== 'string' || !AUTH.test(auth))
    return refuse('The subscription has no valid keys.')
  return { ok: true, value: { endpoint, p256dh, auth } }
}

/** The endpoint a test or an unsubscription is for (anything when there is none: the route says what then). */
function endpointOf(body: unknown): Checked<{ endpoint?: string }> {
  const endpoint = (body as { endpoint?: unknown } | null)?.endpoint
  return { ok: true, value: typeof endpoint === 'string' && endpoint.length <= ENDPOINT_MAX ? { endpoint } : {} }
}
const endpointInput = jsonInput<{ endpoint: string }>()(endpointOf)

/** A device as the inbox lists it: no keys. */
const shown = ({ p256dh: _p, auth: _a, ...device }: StoredSubscription) => device

/** The routes answer only when pushes are configured (VAPID keys); else they are unknown paths (404). */
const configured = (push: PushSender | undefined) =>
  createMiddleware<AppEnv & { Variables: { push: PushSender } }>(async (c, next) => {
    if (!push) return fail(c, 404, 'Not found')
    c.set('push', push)
    await next()
  })

export function pushApi({ db, log, push, onNotificationQueued }: PushApiDeps) {
  return (
    new Hono<AppEnv>()
      .use('/push/*', configured(push))
      .get('/push', async (c) =>
        c.json(
          {
            success: true,
            publicKey: c.var.push.publicKey,
            devices: (await listSubscriptions(db)).map(shown),
          },
          200,
        ),
      )
      .post('/push/subscriptions', jsonInput<PushSubscriptionInput>()(validateSubscription), async (c) => {
        const problem = await c.var.push.endpointProblem(c.req.valid('json').endpoint)
        if (problem)
          return fail(c, 400, `A push endpoint is a public push service's https address; this one is ${problem}.`)
        const device = await saveSubscription(db, {
          ...c.req.valid('json'),
          device: deviceName(c.req.header('user-agent')),
          userId: c.var.user?.id ?? null,
        })
        log.info('push device subscribed', { id: device.id, device: device.device })
        // Alerts that had nowhere to go (no e-mail, no device) go to this one now.
        if ((await wakeWaitingEvents(db)) > 0) onNotificationQueued?.()
        return c.json({ success: true, device: shown(device) }, 201)
      })
      // Unsubscribe this device (by its endpoint), or another one from the list (by its id).
      .post('/push/unsubscribe', endpointInput, async (c) => {
        const { endpoint } = c.req.valid('json')
        if (!endpoint) return fail(c, 400, 'Say which subscription: { endpoint }.')
        const removed = await deleteSubscription(db, { endpoint })
        if (removed) log.info('push device unsubscribed', {})
        return c.json({ success: true, removed }, 200)
      })
      .delete('/push/subscriptions/:id', async (c) => {
        const id = Number(c.req.param('id'))
        if (!Number.isSafeInteger(id) || !(await deleteSubscription(db, { id })))
          return fail(c, 404, 'Device not found')
        log.info('push device unsubscribed', { id })
        return c.json({ success: true, removed: true }, 200)
      })
      .post('/push/test', endpointInput, async (c) => {
        const { endpoint } = c.req.valid('json')
        const sub = endpoint && (await findSubscription(db, endpoint))
        if (!sub) return fail(c, 404, 'This device is not subscribed. Turn notifications on first.')
        return sendTest(c, { db, log, push: c.var.push }, sub)
      })
  )
}

/** A test push to this device, sent now; the answer says whether the push service took it. */
async function sendTest<E extends Env>(
  c: Context<E, string, object>,
  { db, log, push }: { db: Db; log: Logger; push: PushSender },
  sub: StoredSubscription,
) {
  try {
    const status = await push.send(sub, TEST_PUSH, { ttl: TEST_TTL_SECONDS })
    await recordPushResult(db, sub.id, { ok: true })
    return c.json({ success: true, status }, 200)
  } catch (error) {
    // The log keeps the network's own words; the answer says only what the owner can act on.
    log.warn('test push not sent', { id: sub.id, error: (error as Error).message })
    const message = pushFailureWords(error)
    if (isGone(error)) {
      await deleteSubscription(db, { id: sub.id })
      return c.json(
        {
          success: false,
          gone: true,
          error: `The push service no longer knows this device (${message}). Turn notifications on again.`,
        },
        410,
      )
    }
    await recordPushResult(db, sub.id, { ok: false, error: message })
    return c.json({ success: false, error: `The push service did not take it: ${message}` }, 502)
  }
}
