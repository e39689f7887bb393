// Online booking on the contact path (content/booking.yaml, docs/decisions/049-booking.md): which
// windows are offered now, what a request's chosen window comes to, and the words the visitor
// reads about it. A window that cannot be taken never refuses the request: it is stored as a
// request to be called back, and its timeline says which window was asked for.
import type { Booking } from '../../catalogue/types.gen.ts'
import type { ContactMessage } from '../../lead/message.ts'
import {
  capacityOf,
  offeredDays,
  offeredRange,
  serviceBookable,
  windowById,
  windowLabel,
  windowRefusal,
  type ArrivalWindow,
  type OfferedDay,
} from '../../lead/booking-windows.ts'
import { bookedBetween, type RoomOf } from '../db/bookings.ts'
import type { Db } from '../db/client.ts'
import type { DayChoice } from '../../lead/form-state.ts'

type BookingTexts = Booking['texts']
type WindowTimes = Pick<ArrivalWindow, 'date' | 'start' | 'end'>

/** What a request's window comes to before it is stored. */
export type WindowAsked =
  /** Bookable now: taken in the request's transaction if it still has room. */
  | { take: { window: ArrivalWindow; roomOf: RoomOf } }
  /**
   * Not bookable (gone, too soon, emergency, outside the area): the request is a call-back
   * request. `tell`: the visitor hears that the window could not be kept (not for an emergency or a
   * place outside the area, whose own words say what happens).
   */
  | { refused: string; window: ArrivalWindow | null; tell: boolean }

export type BookingDesk = {
  rules: Booking
  /** The business's time zone, the windows' own. */
  timeZone: string
  /** A day's room, given the office's setting for it. */
  roomOf: RoomOf
  texts: BookingTexts
  /** The days and windows offered at `now`, with what is taken. */
  offered(db: Db, now: number): Promise<OfferedDay[]>
  /** The same as the form shows them (GET /api/booking/windows, /contact/book). */
  choices(db: Db, now: number): Promise<DayChoice[]>
  /** A message's window: undefined when it asks for none. */
  asked(message: ContactMessage, zipPlace: string | null, now: number): WindowAsked | undefined
  /** The confirmation's line about the window: booked, or kept as a call-back request. */
  words(booking: { booked: true; window: WindowTimes } | { booked: false } | undefined): string | null
}

/** The booking desk of these rules, or undefined when the content has none (nobody books online). */
export function bookingDesk(rules: Booking | undefined, timeZone: string): BookingDesk | undefined {
  if (!rules) return undefined
  const roomOf: RoomOf = (date, override) => capacityOf(rules, timeZone, date, override)
  return {
    rules,
    timeZone,
    roomOf,
    texts: rules.texts,
    async offered(db, now) {
      const { from, to } = offeredRange(rules, timeZone, now)
      const { taken, overrides } = await bookedBetween(db, from, to)
      return offeredDays(rules, timeZone, now, taken, overrides)
    },
    async choices(db, now) {
      return (await this.offered(db, now)).map((day) => ({
        date: day.date,
        label: day.label,
        windows: day.windows.map((w) => ({ id: w.id, label: windowLabel(w), full: w.full })),
      }))
    },
    asked(message, zipPlace, now) {
      if (!message.window) return undefined
      const window = windowById(rules, timeZone, message.window)
      if (!window) return { refused: 'not a window of the schedule', window: null, tell: false }
      if (!serviceBookable(rules, message.service)) return { refused: 'service not booked online', window, tell: false }
      if (message.zip !== undefined && zipPlace === null)
        return { refused: 'outside the service area', window, tell: false }
      const refusal = windowRefusal(rules, timeZone, window, now)
      if (refusal) return { refused: refusal === 'too-soon' ? 'too soon' : 'too far ahead', window, tell: true }
      return { take: { window, roomOf } }
    },
    words(booking) {
      if (!booking) return null
      if (!booking.booked) return rules.texts.justFilled
      return `${rules.texts.booked}: ${windowLabel(booking.window)}. ${rules.texts.bookedNote}`
    },
  }
}
