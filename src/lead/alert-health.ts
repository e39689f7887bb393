// Whether alerts reach the office (GET /api/admin/alert-health, decision 033): what the inbox's
// banner says is wrong. Shared by the server, which finds it, and the inbox, which words it.
// Browser-safe.

/** A channel's name as the outbox stores it ('email', 'push', 'webhook', 'confirmation'). */
export type AlertChannelName = string

export type AlertProblem =
  /** No channel at all: no e-mail, push or webhook is configured. */
  | { kind: 'none' }
  /** Deliveries of a channel that failed and wait for their next attempt. */
  | { kind: 'failing'; channel: AlertChannelName; count: number; error: string; since: string }
  /** Alerts not sent after more than WAITING_MS (failing or not: a stuck worker, no channel). */
  | { kind: 'waiting'; count: number; oldest: string }

export type AlertHealth = { ok: boolean; channels: AlertChannelName[]; problems: AlertProblem[] }

/** An alert waiting longer than this is reported. */
export const WAITING_MS = 5 * 60_000
