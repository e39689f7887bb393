// Online booking's arrival windows as time (content/booking.yaml, schemas/booking.schema.json):
// the windows of a day, in the business's zone, daylight saving included; which of them can be
// booked now (notice, days ahead, closed days) and how much room each has left once the bookings
// already taken are counted; and the words that name a day and a window ("Tue Dec 1, 8–10 am").
// The contact form offers what this module gives, and the server checks a chosen window against
// the same rules before it books it. Browser-safe: dates are worked out at noon UTC, times by
// src/lead/business-hours.ts with the platform's Intl, no library.
import type { Booking } from '../catalogue/types.gen.ts'
import { instantAt, localTime } from './business-hours.ts'

/** One arrival window of one day, in the business's zone. */
export type ArrivalWindow = {
  /** The local date and start time, 'YYYY-MM-DDTHH:MM': what a form sends and a booking keeps. */
  id: string
  /** The local date, 'YYYY-MM-DD'. */
  date: string
  /** The local start time, 'HH:MM'. */
  start: string
  /** The local end time, 'HH:MM'. */
  end: string
  /** The instant the window starts, epoch milliseconds. */
  startsAt: number
  /** The instant the window ends, epoch milliseconds. */
  endsAt: number
}

/** The active bookings already taken: how many per window id and how many per local date. */
export type Taken = { byWindow: ReadonlyMap<string, number>; byDay: ReadonlyMap<string, number> }

/** A window as offered: its times in words, the visits it can still take, and whether it has none left. */
type OfferedWindow = ArrivalWindow & { label: string; room: number; full: boolean }

/** A day as offered: its date, the date in words and its windows that can be booked. */
export type OfferedDay = { date: string; label: string; windows: OfferedWindow[] }

type Day = Booking['week'][number]['days'][number]

const WEEKDAYS: readonly Day[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
const HOUR = 60 * 60_000
const DAY = 24 * HOUR

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
const dateOf = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`

/** A 'YYYY-MM-DD' date taken apart, with its noon UTC as a Date; null when malformed or not a real date (2026-02-30). */
function parseDate(date: string): { year: number; month: number; day: number; noon: Date } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  // Noon UTC: the same calendar day whatever the machine's zone. A date that does not exist
  // rolls over into another (2026-02-30 becomes 2026-03-02), and so is caught here.
  const noon = new Date(Date.UTC(year, month - 1, day, 12))
  if (noon.getUTCFullYear() !== year || noon.getUTCMonth() !== month - 1 || noon.getUTCDate() !== day) return null
  return { year, month, day, noon }
}

/** The date `days` days after a 'YYYY-MM-DD' date (before it when negative). */
function addDays(date: string, days: number): string {
  const parsed = parseDate(date)
  if (!parsed) throw new Error(`Not a date: ${date}`)
  const then = new Date(parsed.noon.getTime() + days * DAY)
  return dateOf(then.getUTCFullYear(), then.getUTCMonth() + 1, then.getUTCDate())
}

/** The windows of a local date ('YYYY-MM-DD'): those of its weekday in rules.week, [] on a day in rules.closed or a weekday with none. */
export function windowsOf(rules: Booking, timeZone: string, date: string): ArrivalWindow[] {
  const parsed = parseDate(date)
  if (!parsed || rules.closed?.some((c) => c.date === date)) return []
  const weekday = WEEKDAYS[parsed.noon.getUTCDay()]!
  // content:check lets a weekday appear in one entry only (src/catalogue/cross-checks.ts).
  const entry = rules.week.find((e) => e.days.includes(weekday))
  if (!entry) return []
  return entry.windows.map((window) => {
    const start = window.slice(0, 5)
    const end = window.slice(6, 11)
    return {
      id: `${date}T${start}`,
      date,
      start,
      end,
      startsAt: instantAt(parsed.year, parsed.month, parsed.day, toMinutes(start), timeZone),
      endsAt: instantAt(parsed.year, parsed.month, parsed.day, toMinutes(end), timeZone),
    }
  })
}

/** The window an id names, or null when the id is malformed, not a real calendar date, or no window of the rules on that day (closed day, wrong start time). */
export function windowById(rules: Booking, timeZone: string, id: string): ArrivalWindow | null {
  const m = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}$/.exec(id)
  if (!m) return null
  return windowsOf(rules, timeZone, m[1]!).find((w) => w.id === id) ?? null
}

/** One day's room: visits per window (the day's override when given, else rules.visitsPerWindow) and visits that day (rules.dailyCap, but never more than perWindow × the day's number of windows). */
export function capacityOf(
  rules: Booking,
  timeZone: string,
  date: string,
  override?: number,
): { perWindow: number; perDay: number } {
  const perWindow = Math.max(0, override ?? rules.visitsPerWindow)
  const windows = windowsOf(rules, timeZone, date).length
  return { perWindow, perDay: Math.min(rules.dailyCap, perWindow * windows) }
}

/** The dates offered from `now`: the local date holding `now` and the next rules.daysAhead - 1 days ('YYYY-MM-DD' first and last), for a database query of what is taken. */
export function offeredRange(rules: Booking, timeZone: string, now: number): { from: string; to: string } {
  const today = localTime(now, timeZone)
  const from = dateOf(today.year, today.month, today.day)
  return { from, to: addDays(from, Math.max(0, rules.daysAhead - 1)) }
}

/** Why a window cannot be booked at `now`: 'too-soon' when it starts less than rules.noticeHours hours after now (or has started), 'too-far' when its date is after offeredRange's `to`; null when it can. */
export function windowRefusal(
  rules: Booking,
  timeZone: string,
  window: ArrivalWindow,
  now: number,
): 'too-soon' | 'too-far' | null {
  if (window.startsAt - now < rules.noticeHours * HOUR) return 'too-soon'
  // 'YYYY-MM-DD' strings sort as the dates do.
  if (window.date > offeredRange(rules, timeZone, now).to) return 'too-far'
  return null
}

/** Whether a request for this service (a contact form service value, or undefined when none chosen) can be booked: never 'emergency'; otherwise listed in rules.services; undefined → true. */
export function serviceBookable(rules: Booking, service: string | undefined): boolean {
  // An empty value is no service chosen too (the form's first, empty choice).
  if (!service) return true
  if (service === 'emergency') return false
  return (rules.services as readonly string[]).includes(service)
}

/** The days offered at `now`: each date of offeredRange with its windows that windowRefusal allows; room = min(perWindow - taken in that window, perDay - taken that day), never below 0; full when room is 0. Full windows are kept (shown as full), days left with no window at all are left out. `overrides`: date → visits per window set by the office for that day. */
export function offeredDays(
  rules: Booking,
  timeZone: string,
  now: number,
  taken: Taken,
  overrides?: ReadonlyMap<string, number>,
): OfferedDay[] {
  const { from } = offeredRange(rules, timeZone, now)
  const days: OfferedDay[] = []
  for (let i = 0; i < rules.daysAhead; i++) {
    const date = addDays(from, i)
    const open = windowsOf(rules, timeZone, date).filter((w) => windowRefusal(rules, timeZone, w, now) === null)
    if (open.length === 0) continue
    const { perWindow, perDay } = capacityOf(rules, timeZone, date, overrides?.get(date))
    const dayLeft = perDay - (taken.byDay.get(date) ?? 0)
    const windows = open.map((w) => {
      const room = Math.max(0, Math.min(perWindow - (taken.byWindow.get(w.id) ?? 0), dayLeft))
      return { ...w, label: timeLabel(w.start, w.end), room, full: room === 0 }
    })
    days.push({ date, label: dayLabel(date), windows })
  }
  return days
}

/** An 'HH:MM' time on the 12-hour clock: the hour, ':MM' only when not :00, and its half of the day. */
function clock(hhmm: string): { time: string; half: 'am' | 'pm' } {
  const hours = Number(hhmm.slice(0, 2))
  const minutes = hhmm.slice(3, 5)
  const hour = hours % 12 || 12
  return { time: minutes === '00' ? String(hour) : `${hour}:${minutes}`, half: hours < 12 ? 'am' : 'pm' }
}

/** A window's times in words: '8–10 am', '10 am–12 pm', '12–2 pm', '2–4 pm', '8:30–10 am' (en dash U+2013; minutes only when not :00; 12:00 is pm; 00:00 is 12 am). */
export function timeLabel(start: string, end: string): string {
  const [from, to] = [clock(start), clock(end)]
  return from.half === to.half
    ? `${from.time}–${to.time} ${to.half}`
    : `${from.time} ${from.half}–${to.time} ${to.half}`
}

/** A date in words: 'Tue Dec 1' (weekday short, month short, day number, en-US, no comma). */
export function dayLabel(date: string): string {
  const parsed = parseDate(date)
  if (!parsed) return date
  return `${SHORT_WEEKDAYS[parsed.noon.getUTCDay()]} ${SHORT_MONTHS[parsed.month - 1]} ${parsed.day}`
}

/** A window in words: 'Tue Dec 1, 8–10 am'. */
export function windowLabel(window: Pick<ArrivalWindow, 'date' | 'start' | 'end'>): string {
  return `${dayLabel(window.date)}, ${timeLabel(window.start, window.end)}`
}
