// The alert channels (docs/decisions/029-alert-channels.md). A new request, an escalation or a
// status change is written to the outbox as one *event* row, in the same transaction as the
// change (src/server/db/outbox.ts). The alert worker (src/server/alerts/worker.ts) fans each
// event out into one *delivery* row per channel and target (the office's e-mail, each device
// subscribed to pushes, each webhook URL, the customer's address), and sends every delivery on
// its own: retried with backoff while its channel is down, recorded in the request's timeline,
// sent once. A channel is what this file describes; the worker knows nothing of e-mail or push.
import type { Kysely, Transaction } from 'kysely'
import type { AlertChannel, AlertEvent } from '../../lead/alerts.ts'
import type { Submission } from '../db/submissions.ts'
import type { Tables } from '../db/schema.ts'

/** One delivery: an event, for one target of one channel. */
export type Delivery = {
  id: number
  submissionId: string
  event: AlertEvent
  channel: AlertChannel
  /** What the channel sends to: an address, a subscription's id, a URL; null when it has one fixed target. */
  target: string | null
  /** This attempt's number, from 1. */
  attempts: number
  /** When the event was written (ISO 8601): the same on every attempt (a webhook's timestamp, a push's age). */
  createdAt: string
  /** The event's words when its kind does not say it all ("Booking moved by the customer: …"). */
  detail?: string | null
}

/** A delivery's target is gone for good (a push subscription answered 404/410): drop it, do not retry. */
export class TargetGone extends Error {}

export type Channel<Name extends AlertChannel = AlertChannel> = {
  /** Stored in the outbox's `channel` column. */
  name: Name
  /**
   * The targets of an event for this request, read in the fan-out's transaction: one delivery
   * row is written per target ([null] for the channel's one fixed target; [] when this channel
   * does not send this event, e.g. no customer address, or a webhook that skips status changes).
   */
  targets(
    trx: Kysely<Tables> | Transaction<Tables>,
    event: AlertEvent,
    submission: Submission,
  ): Promise<(string | null)[]>
  /** The timeline's words for a delivery: "E-mail to office@example.com", "Push to Pixel 8". */
  describe(delivery: Delivery): string
  /**
   * Sends one delivery. Resolves when the other side has it; throws to be retried later
   * (TargetGone: never again). `submission` is the request as it is now.
   */
  deliver(delivery: Delivery, submission: Submission): Promise<void>
}
