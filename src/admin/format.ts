// Dates, durations and links as the inbox shows them (SPEC §2: a long date-time for when a request
// came in, a medium date for the client dates), plus "12 min ago". Times are the office's
// (content/business.yaml timeZone): the owner reads the same clock on any device.

const longDateTime = new Map<string, Intl.DateTimeFormat>()
// A calendar day has no time zone: read and written as UTC so it never shifts.
const MEDIUM_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** "November 22, 2026 at 3:45 PM" in `timeZone` (default: the browser's); the input as it is if it is no date. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const key = timeZone ?? ''
  let f = longDateTime.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) })
    longDateTime.set(key, f)
  }
  return f.format(date)
}

const shortTimes = new Map<string, [time: Intl.DateTimeFormat, day: Intl.DateTimeFormat]>()

/** "4:35 PM" today, "Nov 24, 4:35 PM" another day, in `timeZone`: when the office last did something. */
export function formatShortTime(iso: string, now: number, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const key = timeZone ?? ''
  let f = shortTimes.get(key)
  if (!f) {
    const zone = timeZone ? { timeZone } : {}
    f = [
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', ...zone }),
      new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', ...zone }),
    ]
    shortTimes.set(key, f)
  }
  const [time, day] = f
  const sameDay = day.format(date) === day.format(new Date(now))
  return sameDay ? time.format(date) : `${day.format(date)}, ${time.format(date)}`
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "just now", "12 min ago", "3 h ago", "yesterday", "4 days ago", then "Nov 2". */
export function relativeTime(iso: string, now: number): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return iso
  const ago = Math.max(0, now - then)
  if (ago < MINUTE) return 'just now'
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`
  if (ago < 2 * DAY) return 'yesterday'
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`
  return SHORT_DAY.format(new Date(iso.slice(0, 10) + 'T00:00:00Z'))
}

/** "45 min", "2 h 5 min", "1 day 3 h": a duration as a person says it. */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / MINUTE)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24
    ? `${days} ${days === 1 ? 'day' : 'days'} ${hours % 24} h`
    : `${days} ${days === 1 ? 'day' : 'days'}`
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isDay(value: string): boolean {
  const m = YMD.exec(value)
  if (!m) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

/** "Nov 22, 2026" from "2026-11-22"; the input as it is if it is no date. */
export function formatDay(day: string): string {
  return isDay(day) ? MEDIUM_DATE.format(new Date(`${day}T00:00:00Z`)) : day
}

/** Today in `timeZone` (default: the browser's), as YYYY-MM-DD. */
export function today(now = new Date(), timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', { ...(timeZone ? { timeZone } : {}) }).format(now)
}

const minuteFormats = new Map<string, Intl.DateTimeFormat>()

/** `now` in `timeZone` as YYYY-MM-DDTHH:MM (24-hour): an arrival window whose id is not after it has begun. */
export function localMinute(now: Date, timeZone: string): string {
  let f = minuteFormats.get(timeZone)
  if (!f) {
    const two = '2-digit' as const
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: two,
      day: two,
      hour: two,
      minute: two,
      hourCycle: 'h23',
    })
    minuteFormats.set(timeZone, f)
  }
  const part = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]))
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`
}

/** The digits of a number written any way, with +1 before ten North American digits and a leading + kept. */
function dialable(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (phone.trim().startsWith('+')) return `+${digits}`
  return digits.length === 10 ? `+1${digits}` : digits
}

/** A tel: link for a number written any way. */
export const telHref = (phone: string) => `tel:${dialable(phone)}`

/** An sms: link for a number written any way. */
export const smsHref = (phone: string) => `sms:${dialable(phone)}`

/**
 * An sms: link with its words filled in. `?&body=` is the form both phones read: Android takes
 * the query's `body`, iOS the part after `&` (RFC 5724's plain `?body=` is not read by older iOS).
 * The words are percent-encoded (a space is %20, never +, which a phone shows as a plus).
 */
export const smsBodyHref = (phone: string, body: string) => `${smsHref(phone)}?&body=${encodeURIComponent(body)}`

/** The first name, to address someone on a button ("Call Maria"); the whole name if it is one word. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}

/** An e-mail address as a mailto: link, encoded so nothing in it adds a header or a body. */
export const mailtoHref = (email: string) => `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`
