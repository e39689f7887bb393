// Display forms of business facts. Pure and browser-safe.
import type { Business } from './types.gen.ts'

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

/** "07:00" → "7:00 AM" */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number)
  const suffix = h < 12 ? 'AM' : 'PM'
  const hour = h % 12 === 0 ? 12 : h % 12
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`
}

/** ["Monday",…,"Friday"] → "Monday – Friday"; non-consecutive days are listed. */
export function dayRange(days: string[]): string {
  const idx = days.map((d) => WEEK.indexOf(d as (typeof WEEK)[number])).sort((a, b) => a - b)
  const consecutive = idx.every((v, i) => i === 0 || v === idx[i - 1]! + 1)
  if (idx.length > 2 && consecutive) return `${WEEK[idx[0]!]} – ${WEEK[idx[idx.length - 1]!]}`
  return idx.map((i) => WEEK[i]).join(', ')
}

export type HoursLine = { days: string; hours: string }

export function hoursLines(hours: Business['hours']): HoursLine[] {
  return hours.map((h) => ({
    days: dayRange(h.days),
    hours: h.opens && h.closes ? `${clockTime(h.opens)} – ${clockTime(h.closes)}` : (h.note ?? 'Closed'),
  }))
}

export function streetAddress(b: Business): string {
  return `${b.address.street}, ${b.address.locality}, ${b.address.region} ${b.address.postalCode}`
}
