// Web Push to the owner's devices as an alert channel (docs/decisions/030-web-push.md): one
// delivery per subscribed device for a new request, an escalation, a reminder and a booking the
// customer moved or cancelled. The payload is encrypted for the device (RFC 8291, aes128gcm) and
// the request signed with the server's VAPID key (RFC 8292) by the `web-push` package; the push
// service keeps it until the phone is reachable (TTL) and wakes it at once for an urgent one. A
// device the push service no longer knows (404/410) is unsubscribed and not retried; any other
// failure is retried by the outbox.
import type { Agent } from 'node:https'
import { pushEndpointProblem } from './push-host.ts'
import webpush from 'web-push'
import { serviceLabel } from '../../lead/message.ts'
import type { Db } from '../db/client.ts'
import {
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  pushTargets,
  recordPushResult,
  vapidKeys,
  type StoredSubscription,
} from '../db/push.ts'
import type { Submission } from '../db/submissions.ts'
import type { AlertEvent } from '../../lead/alerts.ts'
import { TargetGone, type Channel } from './channel.ts'
import type { TestOutcome, TestSender } from './daily-test.ts'

/** What the service worker shows (public/admin-sw.js). */
export type PushMessage = {
  title: string
  body: string
  /** The page a tap opens: the request in the inbox. */
  url: string
  /** One notification per request: a later push for it replaces the earlier one. */
  tag: string
  /** Stays on screen until dealt with, and wakes the phone at once. */
  urgent: boolean
  /** The daily test's token (decision 047): the tap sends it back to /api/admin/alert-test/ack. */
  ack?: string
}

/**
 * The notification's title for each event a device hears of; status changes are the inbox's
 * business, not the phone's (null: not pushed). A booking the customer changed says how in its body.
 */
const newRequest = (name: string, urgent: boolean) => `${urgent ? 'Urgent: ' : ''}New request: ${name}`
const TITLES: Record<AlertEvent, ((name: string, urgent: boolean) => string) | null> = {
  new: newRequest,
  escalation: (name) => `Urgent, still unread: ${name}`,
  reminder: (name) => `Still unread: ${name}`,
  status: null,
  booking: (name) => `Booking changed: ${name}`,
  review: null,
  visit: null,
}

/** How long the push service keeps a push for a phone that is off: a day (a later call is still a call). */
const PUSH_TTL_SECONDS = 24 * 60 * 60

/** The first words of the message, on one line: enough to know what it is about. */
export function firstWords(text: string | null, max = 90): string {
  const line = (text ?? '').replace(/[\p{Cc}\u2028\u2029\s]+/gu, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max + 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut.slice(0, max)).replace(/[\s.,;:!?-]+$/u, '')}…`
}

/** The deep link into the inbox that opens one request (src/admin/Inbox.tsx reads it). */
const requestLink = (id: string) => `/admin?request=${encodeURIComponent(id)}`

/** The notification for an event of a request; `detail`: the event's words, its body when given. */
export function pushMessage(event: AlertEvent, s: Submission, detail?: string | null): PushMessage {
  const name = s.name.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()
  const urgent = s.urgency !== null || event === 'escalation'
  const title = (TITLES[event] ?? newRequest)(name, s.urgency !== null)
  const service = serviceLabel(s.service) ?? 'No service given'
  const about = [service, firstWords(s.message)].filter(Boolean).join(' – ')
  // Why it is urgent, unless that is only the service chosen ("Emergency Service").
  const why = s.urgency !== null && s.urgency !== service ? `${s.urgency}.` : ''
  const body = detail ?? [why, about].filter(Boolean).join(' ')
  return { title, body, url: requestLink(s.id), tag: `request-${s.id}`, urgent }
}

/**
 * The VAPID subject the push services may write to about this server: PUBLIC_ORIGIN when it is
 * https (not localhost: Apple refuses it), else the office's address, else a mailto of the host.
 */
export function pushSubject(publicOrigin: string, notifyEmail?: string): string {
  const url = new URL(publicOrigin)
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin
  if (notifyEmail) return `mailto:${notifyEmail}`
  return `mailto:webmaster@${url.hostname}`
}

type PushSendOptions = { ttl?: number; urgent?: boolean }

export type PushSender = {
  /** The server's VAPID public key (base64url): the browser subscribes with it. */
  publicKey: string
  /**
   * Sends one push to one device, resolving with the push service's status (201) once it holds
   * the message. Rejects with PushRefused (the service's answer) or the network's error.
   */
  send(sub: StoredSubscription, message: PushMessage, options?: PushSendOptions): Promise<number>
  /** Why an endpoint is not a public https push service (push-host.ts), or null when it may be used. */
  endpointProblem(endpoint: string): Promise<string | null>
}

/** The endpoint is not a public push service: never sent to (push-host.ts). */
class NotAPushService extends Error {}

/** The push service answered, but not with success. */
class PushRefused extends Error {
  readonly statusCode: number
  constructor(statusCode: number, body: string) {
    super(`the push service answered ${statusCode}${body.trim() ? `: ${body.trim().slice(0, 200)}` : ''}`)
    this.statusCode = statusCode
  }
}

/** 404 and 410: the subscription has expired or was revoked (RFC 8030 §7.3): never again. */
export const isGone = (error: unknown) =>
  error instanceof NotAPushService ||
  (error instanceof PushRefused && (error.statusCode === 404 || error.statusCode === 410))

/**
 * What the owner is told when a push was not taken: the push service's own answer, or that it
 * could not be reached, never the network's raw error (an address and port inside the network).
 */
export function pushFailureWords(error: unknown): string {
  if (error instanceof PushRefused || error instanceof NotAPushService) return error.message
  return (error as Error).name === 'TimeoutError' || /timeout/i.test((error as Error).message)
    ? 'the push service did not answer in time'
    : 'the push service could not be reached'
}

/**
 * The sender, with the VAPID keys from the database (made at the first start). `agent` is for
 * the tests' HTTPS receiver; real push services use the system's certificates.
 */
export async function createPushSender({
  db,
  subject,
  agent,
  timeoutMs = 10_000,
  privateHosts = [],
}: {
  db: Db
  subject: string
  agent?: Agent
  timeoutMs?: number
  /** Hosts allowed though not public (PUSH_PRIVATE_HOSTS: the tests' local push service). */
  privateHosts?: readonly string[]
}): Promise<PushSender> {
  const endpointProblem = (endpoint: string) => pushEndpointProblem(endpoint, privateHosts)
  const keys = await vapidKeys(db, () => webpush.generateVAPIDKeys())
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey }
  return {
    publicKey: keys.publicKey,
    endpointProblem,
    async send(sub, message, { ttl = PUSH_TTL_SECONDS, urgent = message.urgent } = {}) {
      const problem = await endpointProblem(sub.endpoint)
      if (problem) throw new NotAPushService(`the endpoint is ${problem}: not a push service`)
      try {
        const result = await webpush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(message),
          {
            vapidDetails,
            contentEncoding: 'aes128gcm',
            TTL: ttl,
            urgency: urgent ? 'high' : 'normal',
            timeout: timeoutMs,
            ...(agent ? { agent } : {}),
          },
        )
        return result.statusCode
      } catch (error) {
        if (error instanceof webpush.WebPushError) throw new PushRefused(error.statusCode, error.body ?? '')
        throw error
      }
    },
  }
}

/** The push channel: a delivery's target is a subscription's id. */
export function pushChannel({
  db,
  sender,
  devices = [],
}: {
  db: Db
  sender: PushSender
  /** The devices subscribed at start, so that the timeline names them from the first delivery. */
  devices?: { id: number; device: string }[]
}): Channel<'push'> {
  // The timeline names the device; the names are kept from start, fan-out and each send for describe().
  const names = new Map<string, string>(devices.map((d) => [String(d.id), d.device]))
  return {
    name: 'push',
    async targets(trx, event) {
      if (!TITLES[event]) return []
      // Those on duty; an escalation also the owners (decision 062).
      const rows = await pushTargets({ k: trx }, { escalation: event === 'escalation' })
      for (const r of rows) names.set(String(r.id), r.device)
      return rows.map((r) => String(r.id))
    },
    describe: (d) => `Push to ${names.get(d.target ?? '') ?? `device ${d.target}`}`,
    async deliver(delivery, submission) {
      const sub = await getSubscription(db, Number(delivery.target))
      if (!sub) throw new TargetGone('the device was unsubscribed')
      names.set(String(sub.id), sub.device)
      await sendToDevice(db, sender, sub, pushMessage(delivery.event, submission, delivery.detail))
    },
  }
}

/** One push to one device, its outcome kept on the device; a device gone (404/410) is unsubscribed (TargetGone). */
async function sendToDevice(db: Db, sender: PushSender, sub: StoredSubscription, message: PushMessage) {
  try {
    await sender.send(sub, message)
  } catch (error) {
    const text = (error as Error).message
    if (isGone(error)) {
      await deleteSubscription(db, { id: sub.id })
      throw new TargetGone(`${text}; the device was unsubscribed`)
    }
    await recordPushResult(db, sub.id, { ok: false, error: pushFailureWords(error) })
    throw error
  }
  await recordPushResult(db, sub.id, { ok: true })
}

/** The daily test alert (decision 047) to every subscribed device: it asks for a tap, which sends its token back. */
export function pushTestSender({ db, sender }: { db: Db; sender: PushSender }): TestSender {
  return {
    channel: 'push',
    async send({ token }) {
      const message: PushMessage = {
        title: 'Test alert: tap to confirm',
        body: 'The daily check that alerts reach this phone. Tap this notification so the inbox knows.',
        url: '/admin',
        tag: 'alert-test',
        urgent: false,
        ack: token,
      }
      const outcomes: TestOutcome[] = []
      for (const sub of await listSubscriptions(db)) {
        const what = `Push to ${sub.device}`
        try {
          await sendToDevice(db, sender, sub, message)
          outcomes.push({ what })
        } catch (error) {
          outcomes.push({ what, error: error instanceof TargetGone ? error.message : pushFailureWords(error) })
        }
      }
      return outcomes
    },
  }
}
