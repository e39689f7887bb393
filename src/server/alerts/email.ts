// The office's e-mail (SMTP_URL, NOTIFY_EMAIL) as an alert channel: one message per new request,
// escalation and reminder, to the one fixed address. Status changes are not mailed.
import type { Notification } from '../mail/notification.ts'
import type { SendMail } from '../mail/transport.ts'
import type { Submission } from '../db/submissions.ts'
import type { AlertEvent, Channel } from './channel.ts'

export function emailChannel({
  to,
  send,
  compose,
}: {
  to: string
  send: SendMail
  compose: (submission: Submission, event: AlertEvent) => Notification
}): Channel {
  return {
    name: 'email',
    targets: (_trx, event) => Promise.resolve(event === 'status' ? [] : [null]),
    describe: () => `E-mail to ${to}`,
    deliver: async (delivery, submission) => {
      await send(compose(submission, delivery.event))
    },
  }
}
