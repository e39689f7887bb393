// The words of the confirmation that stays after a request is stored (issue 14): the panel above
// the form after a send with JavaScript (the API's JSON answer carries them) and the page a send
// without JavaScript lands on (/contact/sent/<id>), from one function, so both say the same. It
// repeats the name and phone number, says when to expect the call by the office's hours (open
// now: within the hour; closed: from its next opening, "7 am tomorrow"), and for an urgent
// request tells the visitor to call now. Browser-safe and pure: the server calls it with its clock.
import type { ContactFormBlock } from '../catalogue/types.gen.ts'
import { isOpen, localTime, nextOpening, type Hours } from './business-hours.ts'

export type ConfirmationWords = {
  heading: string
  /** "Thank you, Dana. We'll call you at (410) 555-0199." */
  details: string
  /** When to expect the call. */
  when: string
  /** Call now: for an urgent request only. */
  urgent: string | null
  /** The outside-area note: for a ZIP code the area does not list only. */
  outside: string | null
  /** The arrival window booked, or that the one chosen could not be kept (src/server/contact/booking.ts). */
  booking: string | null
}

export type Visitor = {
  name: string
  phone: string
  urgent: boolean
  outside: boolean
  /** What to say of the window asked for, if any. */
  booking?: string | null | undefined
}

/** Replaces [key] in a text by its value; other text stays as it is. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\[(\w+)\]/g, (whole, key: string) => values[key] ?? whole)

/** 420 → "7 am", 450 → "7:30 am", 720 → "12 pm". */
function clock(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  const hour = h % 12 === 0 ? 12 : h % 12
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'am' : 'pm'}`
}

/** The calendar day of a local time, as a number of days since the epoch (for "today", "tomorrow"). */
const dayNumber = (t: { year: number; month: number; day: number }) => Date.UTC(t.year, t.month - 1, t.day) / 86_400_000

export function confirmationWords(
  form: Pick<ContactFormBlock, 'confirmation'>,
  visitor: Visitor,
  office: { hours: Hours; timeZone: string },
  now: number,
): ConfirmationWords {
  const copy = form.confirmation
  let when = copy.open
  if (!isOpen(office.hours, office.timeZone, now)) {
    const opens = nextOpening(office.hours, office.timeZone, now)
    if (opens !== null) {
      const at = localTime(opens, office.timeZone)
      const days = dayNumber(at) - dayNumber(localTime(now, office.timeZone))
      const day = days === 0 ? copy.today : days === 1 ? copy.tomorrow : fill(copy.onDay, { day: at.weekday })
      when = fill(copy.closed, { when: `${clock(at.minutes)} ${day}` })
    }
  }
  return {
    heading: copy.heading,
    details: fill(copy.details, { name: visitor.name, phone: visitor.phone }),
    when,
    urgent: visitor.urgent ? copy.urgent : null,
    // Sent already: the confirmation's own words, not the field's "send it anyway".
    outside: visitor.outside ? copy.outside : null,
    booking: visitor.booking ?? null,
  }
}
