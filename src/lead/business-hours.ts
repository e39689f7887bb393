// The office's hours (content/business.yaml `hours`, in its `timeZone`) as time: is the office
// open at an instant, when does it next open, and how much of a stretch of time fell within
// opening hours. Used to mark requests that came in after hours, to count response times in
// business hours only, and to tell a visitor when to expect the call. Browser-safe: the
// platform's Intl does the time-zone work (daylight saving included), no library.
import type { Business } from '../catalogue/types.gen.ts'

export type Hours = Business['hours']
type Day = Hours[number]['days'][number]

const DAYS: readonly Day[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** A calendar day and a time of day in the office's zone. */
type Local = { year: number; month: number; day: number; weekday: Day; minutes: number }

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'long',
      hour: 'numeric',
      minute: 'numeric',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/**
 * Local times already read, by zone and minute: a server asks for the same few minutes over and
 * over (now, today's and tomorrow's openings), and formatting is the slow part. Since 1973 every
 * zone's offset from UTC is a whole number of minutes, so all instants of a minute share one
 * local time. Emptied when full.
 */
const remembered = new Map<string, Readonly<Local>>()
const REMEMBERED_MAX = 1_000
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1973, 0, 1)

/** The office's calendar day and time of day at `instant`. */
export function localTime(instant: number, timeZone: string): Local {
  const key = instant >= WHOLE_MINUTE_OFFSETS_SINCE ? `${timeZone} ${Math.floor(instant / MINUTE)}` : undefined
  const known = key && remembered.get(key)
  if (known) return { ...known }
  const parts: Record<string, string> = {}
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value
  const local: Local = {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: parts.weekday as Day,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  }
  if (key) {
    if (remembered.size >= REMEMBERED_MAX) remembered.clear()
    remembered.set(key, Object.freeze({ ...local }))
  }
  return local
}

/** The instant at which the office's clock shows `minutes` after midnight on year-month-day. */
export function instantAt(year: number, month: number, day: number, minutes: number, timeZone: string): number {
  // Start from the same wall time read as UTC, then correct by the zone's offset there (twice:
  // the offset may differ on either side of a daylight-saving change).
  const wall = Date.UTC(year, month - 1, day) + minutes * MINUTE
  let guess = wall
  for (let i = 0; i < 2; i++) {
    const seen = localTime(guess, timeZone)
    const seenWall = Date.UTC(seen.year, seen.month - 1, seen.day) + seen.minutes * MINUTE
    guess += wall - seenWall
  }
  return guess
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** The opening hours of a weekday, as minutes after midnight, or null when the office is closed. */
function openingOf(hours: Hours, weekday: Day): { opens: number; closes: number } | null {
  const entry = hours.find((h) => h.days.includes(weekday) && h.opens !== undefined && h.closes !== undefined)
  return entry ? { opens: toMinutes(entry.opens!), closes: toMinutes(entry.closes!) } : null
}

/** Whether the office is open at `instant`. */
export function isOpen(hours: Hours, timeZone: string, instant: number): boolean {
  const t = localTime(instant, timeZone)
  const open = openingOf(hours, t.weekday)
  return open !== null && t.minutes >= open.opens && t.minutes < open.closes
}

/** The office's opening intervals, as instants, on each local day from the one holding `from` on. */
function* openings(hours: Hours, timeZone: string, from: number, days: number): Generator<[number, number]> {
  const start = localTime(from, timeZone)
  // Walk calendar days at noon UTC of the local date: far from any midnight, whatever the zone.
  const noon = Date.UTC(start.year, start.month - 1, start.day, 12)
  for (let i = 0; i < days; i++) {
    const date = new Date(noon + i * DAY)
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]
    const open = openingOf(hours, DAYS[date.getUTCDay()]!)
    if (open)
      yield [instantAt(year, month, day, open.opens, timeZone), instantAt(year, month, day, open.closes, timeZone)]
  }
}

/** The next instant at or after `instant` when the office is open (itself if open now); null if it never opens. */
export function nextOpening(hours: Hours, timeZone: string, instant: number): number | null {
  for (const [opens, closes] of openings(hours, timeZone, instant, 8)) {
    if (closes > instant) return Math.max(opens, instant)
  }
  return null
}

/**
 * How many milliseconds between `from` and `to` fell within opening hours (what a "median
 * response time in business hours" adds up). A request sent at 11 p.m. and answered at 7:30 the
 * next morning took 30 minutes.
 */
export function businessMillisBetween(hours: Hours, timeZone: string, from: number, to: number): number {
  if (to <= from) return 0
  let total = 0
  const days = Math.ceil((to - from) / DAY) + 2
  for (const [opens, closes] of openings(hours, timeZone, from, days)) {
    if (opens >= to) break
    total += Math.max(0, Math.min(closes, to) - Math.max(opens, from))
  }
  return total
}
