// The alerts' closed sets, shared by the server, which sends the alerts and finds what is wrong
// with them, and the inbox, which words it (docs/decisions/029-alert-channels.md, 033). Every
// table keyed by a channel or an event is a Record over these unions, so a new member does not
// compile until each table has its entry: the banner's words (src/admin/messages.ts), the health
// rule (src/server/alerts/health.ts), the timeline's label and the channel itself
// (src/server/alerts/setup.ts). Browser-safe.

/** The channels an alert can go out on, as the outbox's `channel` column stores them. */
export const ALERT_CHANNELS = ['email', 'confirmation', 'webhook', 'push'] as const
export type AlertChannel = (typeof ALERT_CHANNELS)[number]

/**
 * Why an alert goes out to the office: a new request, an urgent one left unread, a reminder, a
 * status change, a booking the customer moved or cancelled by the link in the confirmation
 * (docs/booking.md).
 */
export const OFFICE_EVENTS = ['new', 'escalation', 'reminder', 'status', 'booking'] as const
export type OfficeEvent = (typeof OFFICE_EVENTS)[number]

/**
 * Why an e-mail goes out to the customer alone (docs/decisions/051-customer-mail.md): a review
 * request after a completed job, a reminder that the next service visit is near. Only the
 * customer's channel sends them; the office's channels have no target for them.
 */
export const CUSTOMER_EVENTS = ['review', 'visit'] as const
export type CustomerEvent = (typeof CUSTOMER_EVENTS)[number]

/** Every event the outbox holds. */
export const ALERT_EVENTS = [...OFFICE_EVENTS, ...CUSTOMER_EVENTS] as const
export type AlertEvent = (typeof ALERT_EVENTS)[number]

/** Whether an event is the customer's own e-mail. */
export const isCustomerEvent = (event: AlertEvent): event is CustomerEvent =>
  (CUSTOMER_EVENTS as readonly string[]).includes(event)

/** What the inbox's banner says is wrong (GET /api/admin/alert-health). */
export type AlertProblem =
  /** No channel reaches the office: no e-mail or webhook is configured and no device is subscribed. */
  | { kind: 'none' }
  /** Deliveries of a channel that failed and wait for their next attempt. */
  | { kind: 'failing'; channel: AlertChannel; count: number; error: string; since: string }
  /** Alerts not sent after more than WAITING_MS (failing or not: a stuck worker, no channel). */
  | { kind: 'waiting'; count: number; oldest: string }
  /** Forwarded headers (a reverse proxy) arrive but TRUST_PROXY is false: every visitor shares one address. */
  | { kind: 'untrusted-proxy'; since: string }
  /** The daily test alert's push (decision 047) was sent `since` and not tapped within 8 hours: a phone may no longer ring. */
  | { kind: 'test-unconfirmed'; day: string; since: string }

export type AlertHealth = { ok: boolean; channels: AlertChannel[]; problems: AlertProblem[] }

/** An alert waiting longer than this is reported. */
export const WAITING_MS = 5 * 60_000
