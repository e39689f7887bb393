// Dates and links as the inbox shows them (SPEC §2: a long date-time for when a request came in,
// a medium date for the client dates). Only ever run in the browser, in the admin's time zone.

const LONG_DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' })
// A client date is a calendar day with no time zone: read and written as UTC so it never shifts.
const MEDIUM_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** "November 22, 2026 at 3:45 PM" (the browser's time zone); the input as it is if it is no date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : LONG_DATE_TIME.format(date)
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

/** Today in the browser's time zone, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** A tel: link for a number written any way: its digits, with a leading + kept. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (phone.trim().startsWith('+')) return `tel:+${digits}`
  // Ten digits: a North American number without its country code.
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${digits}`
}
