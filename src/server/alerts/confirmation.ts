// The customer's confirmation as an alert channel (decision 033): for a new request whose visitor
// gave an address the form accepts, one delivery to that address. Not for spam (it has no event),
// nor for a request marked "Possible spam" (a bot may have typed someone else's address), nor for
// one announced more than a day after it arrived (moved out of Spam later: the office calls).
import type { Submission } from '../db/submissions.ts'
import { FORM_EMAIL, type Notification } from '../mail/notification.ts'
import type { SendMail } from '../mail/transport.ts'
import type { Channel } from './channel.ts'

const DAY_MS = 24 * 60 * 60_000

export function confirmationChannel({
  send,
  compose,
  now = () => new Date(),
}: {
  send: SendMail
  compose: (submission: Submission, to: string) => Notification
  now?: () => Date
}): Channel<'confirmation'> {
  return {
    name: 'confirmation',
    targets: (_trx, event, s) =>
      Promise.resolve(
        event === 'new' &&
          !s.is_spam &&
          s.suspicion === null &&
          s.email !== null &&
          FORM_EMAIL.test(s.email) &&
          now().getTime() - Date.parse(s.created_at) < DAY_MS
          ? [s.email]
          : [],
      ),
    describe: (d) => `Confirmation to the customer (${d.target ?? ''})`,
    deliver: async (d, submission) => {
      if (!d.target) return
      await send(compose(submission, d.target))
    },
  }
}
