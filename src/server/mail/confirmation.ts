// The e-mail a visitor who gave an address receives after sending the form (content/confirmation.yaml):
// plain text, from the site's sender, Reply-To the business. It says the request arrived, when to
// expect a call (now, or after the office's next opening when it was sent while closed) and to
// call now in an emergency. It quotes nothing the visitor wrote but the service they picked from
// the form's list: a form that mails any address it is given must not carry anyone's words.
import type { Confirmation } from '../../catalogue/types.gen.ts'
import { isOpen, nextOpening } from '../../lead/business-hours.ts'
import { serviceLabel } from '../../lead/message.ts'
import type { Submission } from '../db/submissions.ts'
import type { Office } from '../office.ts'
import type { Notification } from './notification.ts'

export type ConfirmationSettings = {
  text: Confirmation
  office: Office
  /** The business's e-mail (content/business.yaml): replies go there. */
  replyTo: string
  from: string
  publicOrigin: string
}

/** "Monday, November 24, at 7:00 AM", in the office's zone. */
function openingWords(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).formatToParts(instant)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('weekday')}, ${get('month')} ${get('day')}, at ${get('hour')}:${get('minute')} ${get('dayPeriod')}`
}

export function composeConfirmation(s: Submission, to: string, settings: ConfirmationSettings): Notification {
  const { text, office } = settings
  const sentAt = Date.parse(s.created_at)
  const opening = isOpen(office.hours, office.timeZone, sentAt)
    ? null
    : nextOpening(office.hours, office.timeZone, sentAt)
  const service = serviceLabel(s.service)
  const body = [
    text.greeting,
    '',
    text.received,
    ...(service ? [`Service: ${service}`] : []),
    '',
    opening === null ? text.callWhenOpen : `${text.callWhenClosed} ${openingWords(opening, office.timeZone)}.`,
    '',
    text.emergency,
    '',
    text.signoff,
    '',
    '--',
    text.footer,
    '',
  ].join('\n')
  const host = new URL(settings.publicOrigin).hostname
  return {
    from: settings.from,
    to,
    replyTo: settings.replyTo,
    subject: text.subject,
    text: body,
    // The same on every attempt: a repeated send shows once.
    messageId: `<confirmation-${s.id}@${host}>`,
    // An automatic answer (RFC 3834): auto-responders do not answer it.
    headers: { 'Auto-Submitted': 'auto-replied' },
  }
}
