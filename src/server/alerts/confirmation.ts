// The customer's confirmation as an alert channel (decision 033): for a new request whose visitor
// gave an address the form accepts, one delivery to that address. Not for spam (it has no event),
// nor for a request marked "Possible spam" (a bot may have typed someone else's address), nor for
// one announced more than a day after it arrived (moved out of Spam later: the office calls), nor
// a second one to the same address within a day.
import { createHash } from 'node:crypto'
import { countHit, type Window } from '../db/rate-limits.ts'
import type { Submission } from '../db/submissions.ts'
import { FORM_EMAIL, type Notification } from '../mail/notification.ts'
import type { SendMail } from '../mail/transport.ts'
import type { Channel } from './channel.ts'

const DAY_MS = 24 * 60 * 60_000

/** At most one confirmation to an address in any day. */
const PER_RECIPIENT: Window = { bucket: 'confirmation:1d', windowMs: DAY_MS, max: 1, sliding: true }

/** The rate-limit key of a recipient: a hash of the address as written, lower case (the address itself is not kept). */
const recipientKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex')

export function confirmationChannel({
  send,
  compose,
  now = () => new Date(),
}: {
  send: SendMail
  /** The e-mail, as it is when sent (a booked window is read then). */
  compose: (submission: Submission, to: string) => Notification | Promise<Notification>
  now?: () => Date
}): Channel<'confirmation'> {
  return {
    name: 'confirmation',
    targets: async (trx, event, s) => {
      if (
        event !== 'new' ||
        s.is_spam ||
        s.suspicion !== null ||
        s.email === null ||
        !FORM_EMAIL.test(s.email) ||
        now().getTime() - Date.parse(s.created_at) >= DAY_MS
      )
        return []
      // One per recipient per day: ten requests naming one stranger's address send one e-mail
      // (decision 040). Counted by a hash of the address, in the fan-out's transaction.
      const over = await countHit(trx, recipientKey(s.email), [PER_RECIPIENT], now().getTime())
      return over ? [] : [s.email]
    },
    describe: (d) => `Confirmation to the customer (${d.target ?? ''})`,
    deliver: async (d, submission) => {
      if (!d.target) return
      await send(await compose(submission, d.target))
    },
  }
}
