// The e-mail a visitor who gave an address receives after sending the form (content/confirmation.yaml):
// plain text, from the site's sender, Reply-To the business. It says the request arrived, when to
// expect a call (now, or after the office's next opening when it was sent while closed) and to
// call now in an emergency. It quotes nothing the visitor wrote but the service they picked from
// the form's list: a form that mails any address it is given must not carry anyone's words. A
// request that holds an arrival window when the e-mail is composed gets a line that names it, the
// customer's link to move or cancel it, and a calendar file of it (docs/booking.md).
import type { Booking, Business, Confirmation } from '../../catalogue/types.gen.ts'
import { windowLabel } from '../../lead/booking-windows.ts'
import type { StoredBooking } from '../../lead/booking.ts'
import { isOpen, nextOpening } from '../../lead/business-hours.ts'
import { serviceLabel } from '../../lead/message.ts'
import type { Submission } from '../db/submissions.ts'
import type { Office } from '../office.ts'
import { CALENDAR_TYPE, calendarFile } from './ics.ts'
import type { Notification } from './notification.ts'

export type ConfirmationSettings = {
  text: Confirmation
  office: Office
  /** The business's e-mail (content/business.yaml): replies go there. */
  replyTo: string
  from: string
  publicOrigin: string
  /** Online booking's words (content/booking.yaml) and the business's name and phone, for a request that booked a window. */
  booking?: { rules: Booking; business: Pick<Business, 'name' | 'phone'> } | undefined
}

/** The window a request holds as its confirmation is composed, and the customer's link to it (none when it cannot be signed). */
export type HeldWindow = { booking: StoredBooking; link: string | undefined; at?: Date }

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

/** The confirmation's lines about a window booked: the window, then the link. */
function windowLines(held: HeldWindow, { rules }: NonNullable<ConfirmationSettings['booking']>): string[] {
  const { texts, link } = rules
  const note = held.booking.status === 'confirmed' ? link.confirmed : texts.bookedNote
  return [
    `${texts.booked}: ${windowLabel(held.booking)}. ${note}`,
    ...(held.link ? ['', link.email, held.link] : []),
    '',
  ]
}

/** The calendar file of a window booked: its instants in UTC, the place by its ZIP code only (our words, not the visitor's). */
function windowCalendar(
  s: Submission,
  held: HeldWindow,
  booking: NonNullable<ConfirmationSettings['booking']>,
  host: string,
) {
  const { link } = booking.rules
  const content = calendarFile(
    {
      uid: `booking-${s.id}@${host}`,
      stamp: held.at ?? new Date(),
      start: new Date(held.booking.startsAt),
      end: new Date(held.booking.endsAt),
      summary: link.calendar,
      location: s.zip && s.zip_place ? `${s.zip_place} ${s.zip}` : undefined,
      description: link.calendarNote,
    },
    `-//${booking.business.name}//Online booking//EN`,
  )
  return { filename: 'arrival-window.ics', content, contentType: CALENDAR_TYPE }
}

export function composeConfirmation(
  s: Submission,
  to: string,
  settings: ConfirmationSettings,
  held?: HeldWindow,
): Notification {
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
    ...(held && settings.booking ? windowLines(held, settings.booking) : []),
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
    ...(held && settings.booking ? { attachments: [windowCalendar(s, held, settings.booking, host)] } : {}),
  }
}
