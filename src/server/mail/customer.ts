// The customer's e-mails beyond the confirmation (docs/decisions/051-customer-mail.md): the
// review request after a completed job and the reminder of a client's next service visit. Plain
// text, from the site's sender, Reply-To the business, with the one-click unsubscribe headers
// (unsubscribe.ts) and the link in the footer. They quote nothing the customer wrote but their
// first name. The review request reads the same to every customer (never worded, sent or held
// by how the job went); the reminder offers the booking form where online booking is on, and
// the phone always.
import type { Submission } from '../db/submissions.ts'
import type { Notification } from './notification.ts'
import { unsubscribeHeaders } from './unsubscribe.ts'

export type CustomerMailSettings = {
  company: string
  /** The business's phone, as written on the site. */
  phone: string
  /** The business's e-mail (content/business.yaml): replies go there. */
  replyTo: string
  from: string
  publicOrigin: string
  /** Where a customer writes a review (business.yaml `reviewUrl`); none: no review requests. */
  reviewUrl?: string | undefined
  /** Whether the site books visits online (content/booking.yaml). */
  booking: boolean
}

/** The first word of the name, without control characters, to greet the customer with. */
function greeting(name: string): string {
  const first =
    name
      .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
      .trim()
      .split(/\s+/)[0] ?? ''
  return first ? `Hello ${first.slice(0, 40)},` : 'Hello,'
}

/** The footer every one of these e-mails ends with: why it came, and how to stop them. */
const footer = (company: string, unsubscribe: string) => [
  '--',
  `You receive this because you asked ${company} for service.`,
  `To receive no more e-mails like this one: ${unsubscribe}`,
  '',
]

const envelope = (s: Submission, to: string, settings: CustomerMailSettings, unsubscribe: string, kind: string) => {
  const host = new URL(settings.publicOrigin).hostname
  return {
    from: settings.from,
    to,
    replyTo: settings.replyTo,
    headers: { 'Auto-Submitted': 'auto-generated', ...unsubscribeHeaders(unsubscribe) },
    // The same on every attempt: a repeated send shows once.
    id: (detail = '') => `<${kind}-${s.id}${detail ? `-${detail}` : ''}@${host}>`,
  }
}

/** The review request of a completed job. */
export function composeReviewRequest(
  s: Submission,
  to: string,
  settings: CustomerMailSettings & { reviewUrl: string },
  unsubscribe: string,
): Notification {
  const { company, phone } = settings
  const { id, ...mail } = envelope(s, to, settings, unsubscribe, 'review')
  const text = [
    greeting(s.name),
    '',
    `Thank you for choosing ${company}. Would you take a minute to review our work? Your review helps your neighbors choose a contractor:`,
    settings.reviewUrl,
    '',
    `Anything we should know, or anything we can fix? Reply to this e-mail or call us at ${phone}.`,
    '',
    'Thank you,',
    company,
    '',
    ...footer(company, unsubscribe),
  ].join('\n')
  return { ...mail, subject: `How did we do? A review for ${company}`, text, messageId: id() }
}

/** "Tuesday, December 2" of a date (YYYY-MM-DD), said as it is on the calendar. */
export function visitDateWords(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`))
}

/** The reminder of a client's next service visit on `date` (YYYY-MM-DD). */
export function composeVisitReminder(
  s: Submission,
  to: string,
  date: string,
  settings: CustomerMailSettings,
  unsubscribe: string,
): Notification {
  const { company, phone } = settings
  const { id, ...mail } = envelope(s, to, settings, unsubscribe, 'visit')
  const when = visitDateWords(date)
  const text = [
    greeting(s.name),
    '',
    `Your next service visit with ${company} is due on ${when}.`,
    '',
    ...(settings.booking
      ? [
          'Choose a time that suits you:',
          `${settings.publicOrigin}/contact#contact-form`,
          '',
          `Or call us at ${phone}.`,
        ]
      : [`Call us at ${phone} to set a time.`]),
    '',
    'Thank you,',
    company,
    '',
    ...footer(company, unsubscribe),
  ].join('\n')
  return { ...mail, subject: `Your next service visit: ${when}`, text, messageId: id(date) }
}
