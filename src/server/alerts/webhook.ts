// Webhooks as an alert channel (docs/decisions/033-webhooks-and-escalation.md, docs/integrations.md):
// one delivery per URL of WEBHOOK_URLS and per event of WEBHOOK_EVENTS, POSTed as JSON and signed
// in the Standard Webhooks layout (https://www.standardwebhooks.com): `webhook-id` (the delivery's
// own id, the same on every retry, so a receiver can drop a repeat), `webhook-timestamp` (this
// attempt's time, in seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of
// "id.timestamp.body" with the secret's bytes). A 2xx answer is delivered; anything else, a
// redirect, a network error or no answer in 10 s is retried by the worker with its backoff. A 410
// (the receiver says the hook is gone for good) is not retried: the timeline says so, and the log
// says to remove the URL.
import { createHmac } from 'node:crypto'
import { serviceLabel } from '../../lead/message.ts'
import type { Submission } from '../db/submissions.ts'
import type { Webhook } from '../env.ts'
import { isCustomerEvent, type OfficeEvent } from '../../lead/alerts.ts'
import { TargetGone, type Channel, type Delivery } from './channel.ts'
import { chatText, type ChatAlert } from './chat-text.ts'
import type { TestOutcome, TestSender } from './daily-test.ts'

/** The event types a receiver sees, by outbox event. */
export const WEBHOOK_TYPES = {
  new: 'request.created',
  escalation: 'request.escalated',
  reminder: 'request.reminder',
  status: 'request.status_changed',
  booking: 'request.booking_changed',
} as const satisfies Record<OfficeEvent, string>

type WebhookType = (typeof WEBHOOK_TYPES)[OfficeEvent]

/** The JSON a Standard Webhooks receiver gets. */
export type WebhookEvent = {
  type: WebhookType
  /** When the event happened (ISO 8601, UTC): the same on every retry. */
  timestamp: string
  data: {
    id: string
    name: string
    phone: string | null
    email: string | null
    service: string | null
    serviceLabel: string | null
    message: string | null
    urgent: boolean
    /** Why it is urgent (an emergency service, words in the message), or null. */
    urgency: string | null
    afterHours: boolean
    status: string
    receivedAt: string
    inboxUrl: string
    /** What changed, in words: a booking moved or cancelled by the customer (request.booking_changed only). */
    change?: string
  }
}

const WEBHOOK_TIMEOUT_MS = 10_000

/** The Standard Webhooks signature of a body: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. */
function signWebhook(secret: Buffer, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

function webhookEvent(
  event: OfficeEvent,
  s: Submission,
  at: string,
  publicOrigin: string,
  detail?: string | null,
): WebhookEvent {
  return {
    type: WEBHOOK_TYPES[event],
    timestamp: at,
    data: {
      id: s.id,
      name: s.name,
      phone: s.phone,
      email: s.email,
      service: s.service,
      serviceLabel: serviceLabel(s.service),
      message: s.message,
      urgent: s.urgency !== null,
      urgency: s.urgency,
      afterHours: s.after_hours,
      status: s.status,
      receivedAt: s.created_at,
      inboxUrl: `${publicOrigin}/admin?request=${encodeURIComponent(s.id)}`,
      ...(detail ? { change: detail } : {}),
    },
  }
}

/** What a chat message says happened, by event. */
const CHAT_HEADS: Record<WebhookType, (d: WebhookEvent['data']) => string> = {
  'request.created': (d) => (d.urgent ? 'URGENT new request' : 'New request'),
  'request.escalated': () => 'URGENT, still unread',
  'request.reminder': () => 'Reminder, still unread',
  'request.status_changed': (d) => `Request now ${d.status}`,
  'request.booking_changed': () => 'Booking changed by the customer',
}

/** The chat alert of an event: our words, the visitor's fields (escaped by chatText), the inbox's link; a booking's change in place of the message. */
const chatAlert = (e: WebhookEvent): ChatAlert => ({
  head: CHAT_HEADS[e.type](e.data),
  who: [e.data.name, e.data.phone, e.data.serviceLabel],
  message: e.data.change ?? e.data.message,
  inboxUrl: e.data.inboxUrl,
})

/** The message a Slack or Teams incoming webhook takes, for a text in its markup. */
function chatBody(format: 'slack' | 'teams', text: string): unknown {
  if (format === 'slack') return { text }
  // An Adaptive Card, which both Teams Workflows ("When a Teams webhook request is received")
  // and the older Office 365 connectors accept.
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [{ type: 'TextBlock', text: text.replace(/\n/g, '\n\n'), wrap: true }],
        },
      },
    ],
  }
}

/** The body for a target: the Standard Webhooks event, or the message a Slack or Teams incoming webhook takes. */
function webhookBody(format: Webhook['format'], e: WebhookEvent): unknown {
  return format === 'standard' ? e : chatBody(format, chatText(format, chatAlert(e)))
}

/** A hook's kind in the owner's words. */
const hookKind = (format: Webhook['format'] | undefined) =>
  format === 'slack' ? 'Slack webhook' : format === 'teams' ? 'Teams webhook' : 'Webhook'

/** A target as stored in the outbox: the entry as written in WEBHOOK_URLS (a format prefix, then the URL). */
const webhookTarget = (w: Webhook) => (w.format === 'standard' ? w.url : `${w.format}:${w.url}`)

/** Where a delivery went, without the path (a Slack or Teams URL carries its secret there). */
const webhookHost = (target: string) => {
  try {
    return new URL(target.replace(/^(slack|teams):/, '')).host
  } catch {
    return 'an unknown address'
  }
}

export function webhookChannel({
  webhooks,
  secret,
  events,
  publicOrigin,
  fetchImpl = fetch,
  now = () => new Date(),
}: {
  webhooks: Webhook[]
  secret: Buffer
  events: readonly OfficeEvent[]
  publicOrigin: string
  fetchImpl?: typeof fetch
  now?: () => Date
}): Channel<'webhook'> {
  const byTarget = new Map(webhooks.map((w) => [webhookTarget(w), w]))
  return {
    name: 'webhook',
    // The customer's own e-mails are never a webhook's event.
    targets: (_trx, event) =>
      Promise.resolve(!isCustomerEvent(event) && events.includes(event) ? [...byTarget.keys()] : []),
    describe: (d: Delivery) => {
      const w = d.target ? byTarget.get(d.target) : undefined
      return `${hookKind(w?.format)} to ${webhookHost(d.target ?? '')}`
    },
    async deliver(d, submission) {
      const hook = d.target ? byTarget.get(d.target) : undefined
      // Taken out of WEBHOOK_URLS since the event was fanned out: nobody wants it any more.
      if (!hook) throw new TargetGone('this URL is no longer in WEBHOOK_URLS')
      if (isCustomerEvent(d.event)) throw new TargetGone('not an event of the office')
      const body = JSON.stringify(
        webhookBody(hook.format, webhookEvent(d.event, submission, d.createdAt, publicOrigin, d.detail)),
      )
      await postSigned(hook.url, body, `msg_${d.id}`, { secret, fetchImpl, now })
    },
  }
}

type PostOptions = { secret: Buffer; fetchImpl: typeof fetch; now: () => Date }

/** POSTs a body signed for Standard Webhooks; resolves on a 2xx, throws why not (TargetGone on a 410). */
async function postSigned(url: string, body: string, id: string, { secret, fetchImpl, now }: PostOptions) {
  const timestamp = Math.floor(now().getTime() / 1000)
  let res: Response
  try {
    res = await fetchImpl(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'longbar-alerts',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secret, id, timestamp, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    })
  } catch (error) {
    const e = error as Error & { cause?: Error }
    if (e.name === 'TimeoutError') throw new Error(`no answer in ${WEBHOOK_TIMEOUT_MS / 1000} s`)
    throw new Error(e.cause?.message ?? e.message)
  }
  // The answer's body is of no use; read it so the connection can be reused.
  await res.arrayBuffer().catch(() => undefined)
  if (res.status >= 200 && res.status < 300) return
  if (res.status === 410) throw new TargetGone('the receiver answered 410 Gone: remove this URL from WEBHOOK_URLS')
  throw new Error(`the receiver answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`)
}

/** The daily test alert (decision 047) to every webhook: `alert.test` for a Standard Webhooks receiver, a line in a chat. */
export function webhookTestSender({
  webhooks,
  secret,
  publicOrigin,
  fetchImpl = fetch,
  now = () => new Date(),
}: {
  webhooks: Webhook[]
  secret: Buffer
  publicOrigin: string
  fetchImpl?: typeof fetch
  now?: () => Date
}): TestSender {
  return {
    channel: 'webhook',
    send: ({ day }) =>
      Promise.all(
        webhooks.map(async (hook): Promise<TestOutcome> => {
          const inboxUrl = `${publicOrigin}/admin`
          const text = `Test alert: the daily check that alerts reach you. Nothing to do. ${inboxUrl}`
          const body = JSON.stringify(
            hook.format === 'standard'
              ? { type: 'alert.test', timestamp: now().toISOString(), data: { day, inboxUrl } }
              : chatBody(hook.format, text),
          )
          const what = `${hookKind(hook.format)} to ${webhookHost(webhookTarget(hook))}`
          try {
            await postSigned(hook.url, body, `msg_test_${day}`, { secret, fetchImpl, now })
            return { what }
          } catch (error) {
            return { what, error: (error as Error).message }
          }
        }),
      ),
  }
}
