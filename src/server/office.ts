// The office as the server needs it: its hours in its time zone (content/business.yaml, carried by
// the build info), read as a clock. It says what day it is at the office (for follow-ups due),
// and how much of a wait fell within business hours.
import { businessMillisBetween, localTime, type Hours } from '../lead/business-hours.ts'
import type { DeskClock } from './db/changes.ts'

export type Office = { hours: Hours; timeZone: string }

export type OfficeClock = DeskClock & {
  /** The office's date today, YYYY-MM-DD. */
  today(): string
}

const pad = (n: number) => String(n).padStart(2, '0')

export function officeClock(office: Office, now: () => Date = () => new Date()): OfficeClock {
  return {
    now,
    businessMs: (from, to) => businessMillisBetween(office.hours, office.timeZone, Date.parse(from), Date.parse(to)),
    today() {
      const t = localTime(now().getTime(), office.timeZone)
      return `${t.year}-${pad(t.month)}-${pad(t.day)}`
    },
  }
}
