// The office's e-mail (SMTP_URL, NOTIFY_EMAIL) as an alert channel: one message per new request,
// escalation, reminder and booking the customer moved or cancelled, to the one fixed address;
// escalations also to ESCALATE_EMAIL when set (a delivery whose target is that address). Status
// changes are not mailed.
import type { EventChange, Notification } from '../mail/notification.ts'
import type { SendMail } from '../mail/transport.ts'
import type { Submission } from '../db/submissions.ts'
import type { AlertEvent } from '../../lead/alerts.ts'
import type { Channel } from './channel.ts'

/** Which events are mailed to the office. */
const MAILED: Record<AlertEvent, boolean> = {
  new: true,
  escalation: true,
  reminder: true,
  status: false,
  booking: true,
  // The customer's own e-mails (review request, visit reminder) are not the office's business.
  review: false,
  visit: false,
}

export function emailChannel({
  to,
  escalateTo,
  send,
  compose,
}: {
  to: string
  /** An extra address for escalations only. */
  escalateTo?: string | undefined
  send: SendMail
  /** The message for `recipient` (the office's address unless said); `change`: the event's words, if any. */
  compose: (submission: Submission, event: AlertEvent, recipient?: string, change?: EventChange) => Notification
}): Channel<'email'> {
  return {
    name: 'email',
    targets: (_trx, event) =>
      Promise.resolve(
        !MAILED[event] ? [] : event === 'escalation' && escalateTo && escalateTo !== to ? [null, escalateTo] : [null],
      ),
    describe: (delivery) => `E-mail to ${delivery.target ?? to}`,
    deliver: async (delivery, submission) => {
      const { detail, createdAt } = delivery
      await send(
        compose(submission, delivery.event, delivery.target ?? to, detail ? { detail, at: createdAt } : undefined),
      )
    },
  }
}
