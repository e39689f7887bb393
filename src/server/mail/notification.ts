// The e-mail that tells the office about a new request: every field, as plain text (nothing a
// visitor wrote can become markup or a link it did not write), and a link to the inbox.
import { arrivalInWords } from '../../lead/attribution.ts'
import { callbackTimeLabel, contactMessageSchema, serviceLabel } from '../../lead/message.ts'
import type { Submission } from '../db/submissions.ts'
import type { AlertEvent } from '../../lead/alerts.ts'

export type Notification = {
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  messageId: string
  headers: Record<string, string>
  /** Files attached (the customer's calendar file of a booked window), as nodemailer takes them. */
  attachments?: { filename: string; content: string; contentType: string }[]
}

/** An event's own words and time: a booking moved or cancelled by the customer (each its own e-mail). */
export type EventChange = { detail: string; at: string }

/** The business's local time, where the office reads it. */
const TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'America/New_York' })

/** One line for a header: no line breaks or other control characters, bounded length. */
const oneLine = (text: string, max = 120) =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .trim()
    .slice(0, max)

/** The addresses the form accepts: a Reply-To is set only to one of them (rows adopted from elsewhere may hold others). */
export const FORM_EMAIL = new RegExp(contactMessageSchema.properties.email.pattern)

/** What the e-mail says it is: a new request, or one still unread after a while. */
const HEADLINES: Record<AlertEvent, { subject: string; opening: (company: string) => string }> = {
  new: { subject: 'New request', opening: (company) => `New service request from the ${company} website.` },
  escalation: {
    subject: 'URGENT, still unread',
    opening: (company) => `An urgent request from the ${company} website is still unread. Please call back now.`,
  },
  reminder: {
    subject: 'Reminder, still unread',
    opening: (company) => `A request from the ${company} website is still unread.`,
  },
  status: { subject: 'Request updated', opening: (company) => `A request from the ${company} website was updated.` },
  // The event's detail says how ("Booking moved by the customer: Tue Dec 2, 8–10 am → …").
  // The customer's own e-mails: never mailed to the office (email.ts), worded here for the table's sake.
  review: { subject: 'Review requested', opening: (company) => `${company} asked a customer for a review.` },
  visit: { subject: 'Visit reminder sent', opening: (company) => `${company} reminded a customer of a visit.` },
  booking: {
    subject: 'Booking changed by the customer',
    opening: (company) => `A customer changed their booking through the ${company} website.`,
  },
}

export function composeNotification(
  s: Submission,
  { company, publicOrigin, from, to }: { company: string; publicOrigin: string; from: string; to: string },
  event: AlertEvent = 'new',
  /** The event's words when its kind does not say it all (the opening line then), and when it happened. */
  change?: EventChange,
): Notification {
  const headline = HEADLINES[event]
  const service = serviceLabel(s.service) ?? 'Not specified'
  const rows: [string, string][] = [
    ['Name', oneLine(s.name, 200)],
    ['Phone', oneLine(s.phone ?? '')],
    ['Email', s.email ? oneLine(s.email, 254) : '(none given)'],
    ['Service', service],
    ...(s.urgency ? ([['Urgent', oneLine(s.urgency, 200)]] as [string, string][]) : []),
    ...(s.out_now
      ? ([['Out now', s.out_now === 'yes' ? 'yes, heating or cooling out right now' : 'no']] as [string, string][])
      : []),
    ...(s.callback_time
      ? ([['Call at', oneLine(callbackTimeLabel(s.callback_time) ?? '')]] as [string, string][])
      : []),
    ...(s.zip
      ? ([
          ['ZIP', `${oneLine(s.zip, 10)} ${s.zip_place ? `(${oneLine(s.zip_place)})` : '(outside the service area)'}`],
        ] as [string, string][])
      : []),
    // A weak sign of a bot is said, not hidden: the office decides (decision 028).
    ...(s.suspicion ? ([['Note', `possible spam (${oneLine(s.suspicion, 200)})`]] as [string, string][]) : []),
  ]
  const message = s.message
    ? s.message
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n')
    : '  (no message)'
  const text = [
    change ? `${oneLine(change.detail, 300)}.` : headline.opening(company),
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(9)}${value}`),
    'Message:',
    message,
    '',
    `Received: ${TIME.format(new Date(s.created_at))} (Eastern)`,
    `Sent from: ${s.source_page ? oneLine(s.source_page, 200) : 'the contact form'}${s.referrer ? ` (visitor came from ${oneLine(s.referrer, 1000)})` : ''}`,
    ...(s.source ? [`Source:   ${oneLine(arrivalInWords(s), 400)}`] : []),
    `Request:  ${s.id}`,
    '',
    `Open the inbox: ${publicOrigin}/admin`,
    '',
  ].join('\n')
  const host = new URL(publicOrigin).hostname
  return {
    from,
    to,
    ...(s.email && FORM_EMAIL.test(s.email) ? { replyTo: s.email } : {}),
    subject: oneLine(`${headline.subject}: ${s.name} – ${service}`),
    text,
    // The same id on every attempt: if a send is ever repeated (a worker died between the mail
    // server's "accepted" and our "sent" mark), mail clients show it once. A request's booking
    // changes are told each in its own e-mail (the change's time in the id).
    messageId: `<request-${s.id}${event === 'new' ? '' : `-${event}`}${change ? `-${Date.parse(change.at)}` : ''}@${host}>`,
    headers: { 'X-Request-Id': s.id, 'Auto-Submitted': 'auto-generated' },
  }
}
