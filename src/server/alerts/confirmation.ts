// The customer's e-mails as an alert channel (decision 033, 051): for a new request whose visitor
// gave an address the form accepts, one confirmation to that address; for a completed job's
// review request and a client's visit reminder (src/server/db/customer-mail.ts), that e-mail.
// No confirmation for spam (it has no event), nor for a request marked "Possible spam" (a bot may
// have typed someone else's address), nor for one announced more than a day after it arrived
// (moved out of Spam later: the office calls), nor a second one to the same address within a day.
// Nothing at all to an address that unsubscribed (mail_suppressions): checked as the event is
// fanned out and again just before the send.
import { createHash } from 'node:crypto'
import { countHit, type Window } from '../db/rate-limits.ts'
import type { Submission } from '../db/submissions.ts'
import { isSuppressed } from '../db/customer-mail.ts'
import { FORM_EMAIL, type Notification } from '../mail/notification.ts'
import type { SendMail } from '../mail/transport.ts'
import type { AlertEvent } from '../../lead/alerts.ts'
import { TargetGone, type Channel } from './channel.ts'

const DAY_MS = 24 * 60 * 60_000

/** At most one confirmation to an address in any day. */
const PER_RECIPIENT: Window = { bucket: 'confirmation:1d', windowMs: DAY_MS, max: 1, sliding: true }

/** The rate-limit key of a recipient: a hash of the address as written, lower case (the address itself is not kept). */
const recipientKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex')

/** What the timeline calls each e-mail this channel sends. */
const WHAT: Partial<Record<AlertEvent, string>> = {
  new: 'Confirmation',
  review: 'Review request',
  visit: 'Visit reminder',
}

export function confirmationChannel({
  send,
  compose,
  suppressed,
  reviews = false,
  now = () => new Date(),
}: {
  send: SendMail
  /**
   * The e-mail of `event` (the confirmation of 'new' unless said), as it is when sent (a booked
   * window is read then); `detail`: the event's words (a visit reminder's date).
   */
  compose: (
    submission: Submission,
    to: string,
    event: AlertEvent,
    detail: string | null,
  ) => Notification | Promise<Notification>
  /** Whether an address unsubscribed, read just before each send (none: only at the fan-out). */
  suppressed?: (address: string) => Promise<boolean>
  /** Whether a review request has a link to send (business.yaml `reviewUrl`). */
  reviews?: boolean
  now?: () => Date
}): Channel<'confirmation'> {
  return {
    name: 'confirmation',
    targets: async (trx, event, s) => {
      if (event === 'review' || event === 'visit') {
        if (event === 'review' && !reviews) return []
        if (s.email === null || !FORM_EMAIL.test(s.email) || s.is_spam || s.deleted_at !== null) return []
        return (await isSuppressed(trx, s.email)) ? [] : [s.email]
      }
      if (
        event !== 'new' ||
        s.is_spam ||
        s.suspicion !== null ||
        s.email === null ||
        !FORM_EMAIL.test(s.email) ||
        now().getTime() - Date.parse(s.created_at) >= DAY_MS
      )
        return []
      if (await isSuppressed(trx, s.email)) return []
      // One per recipient per day: ten requests naming one stranger's address send one e-mail
      // (decision 040). Counted by a hash of the address, in the fan-out's transaction.
      const over = await countHit(trx, recipientKey(s.email), [PER_RECIPIENT], now().getTime())
      return over ? [] : [s.email]
    },
    describe: (d) => `${WHAT[d.event] ?? 'E-mail'} to the customer (${d.target ?? ''})`,
    deliver: async (d, submission) => {
      if (!d.target) return
      // Unsubscribed since the event was fanned out: never sent.
      if (await suppressed?.(d.target)) throw new TargetGone('the address unsubscribed')
      await send(await compose(submission, d.target, d.event, d.detail ?? null))
    },
  }
}
