// Business hours as time, in the office's zone (America/New_York), across daylight-saving changes.
import { describe, expect, it } from 'vitest'
import { businessMillisBetween, isOpen, localTime, nextOpening, type Hours } from '../../src/lead/business-hours.ts'

const TZ = 'America/New_York'
const HOURS: Hours = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00' },
  { days: ['Saturday'], opens: '08:00', closes: '16:00' },
  { days: ['Sunday'], note: 'Emergency service only' },
]
const at = (iso: string) => Date.parse(iso)
const MIN = 60_000
const HOUR = 60 * MIN

describe('the office clock', () => {
  it('reads the local day and time, standard and daylight time alike', () => {
    // Monday 23 November 2026, 6:31 PM EST = 23:31 UTC.
    expect(localTime(at('2026-11-23T23:31:00Z'), TZ)).toEqual({
      year: 2026,
      month: 11,
      day: 23,
      weekday: 'Monday',
      minutes: 18 * 60 + 31,
    })
    // Wednesday 15 July 2026, 7:00 AM EDT = 11:00 UTC.
    expect(localTime(at('2026-07-15T11:00:00Z'), TZ).minutes).toBe(7 * 60)
  })

  it('is open on weekdays 7–18 and Saturdays 8–16, closed on Sundays (emergency only)', () => {
    expect(isOpen(HOURS, TZ, at('2026-11-23T12:00:00Z'))).toBe(true) // Mon 7:00 EST, the opening minute
    expect(isOpen(HOURS, TZ, at('2026-11-23T11:59:00Z'))).toBe(false) // Mon 6:59
    expect(isOpen(HOURS, TZ, at('2026-11-23T23:00:00Z'))).toBe(false) // Mon 18:00, closed
    expect(isOpen(HOURS, TZ, at('2026-11-28T13:00:00Z'))).toBe(true) // Sat 8:00
    expect(isOpen(HOURS, TZ, at('2026-11-28T21:00:00Z'))).toBe(false) // Sat 16:00
    expect(isOpen(HOURS, TZ, at('2026-11-29T16:00:00Z'))).toBe(false) // Sun 11:00
  })

  it('knows the next opening: now when open, the next morning after hours, Monday after a Saturday evening', () => {
    expect(nextOpening(HOURS, TZ, at('2026-11-24T15:00:00Z'))).toBe(at('2026-11-24T15:00:00Z'))
    expect(nextOpening(HOURS, TZ, at('2026-11-24T04:00:00Z'))).toBe(at('2026-11-24T12:00:00Z')) // Mon 11 PM → Tue 7 AM
    expect(nextOpening(HOURS, TZ, at('2026-11-28T22:00:00Z'))).toBe(at('2026-11-30T12:00:00Z')) // Sat 5 PM → Mon 7 AM
    expect(nextOpening([{ days: ['Sunday'], note: 'closed' }], TZ, at('2026-11-28T22:00:00Z'))).toBeNull()
  })

  it('counts only opening hours between two instants', () => {
    // Within one morning: 45 minutes.
    expect(businessMillisBetween(HOURS, TZ, at('2026-11-24T14:00:00Z'), at('2026-11-24T14:45:00Z'))).toBe(45 * MIN)
    // Sent Monday 11 PM, answered Tuesday 7:30 AM: 30 minutes of business time.
    expect(businessMillisBetween(HOURS, TZ, at('2026-11-24T04:00:00Z'), at('2026-11-24T12:30:00Z'))).toBe(30 * MIN)
    // Sent Saturday 3 PM, answered Monday 8 AM: Saturday's last hour and Monday's first.
    expect(businessMillisBetween(HOURS, TZ, at('2026-11-28T20:00:00Z'), at('2026-11-30T13:00:00Z'))).toBe(2 * HOUR)
    // A whole week: 5 × 11 h + 8 h.
    expect(businessMillisBetween(HOURS, TZ, at('2026-11-22T05:00:00Z'), at('2026-11-29T05:00:00Z'))).toBe(63 * HOUR)
    expect(businessMillisBetween(HOURS, TZ, at('2026-11-24T14:00:00Z'), at('2026-11-24T13:00:00Z'))).toBe(0)
  })

  it('keeps opening at 7 AM local across the daylight-saving changes', () => {
    // Sunday 8 March 2026 clocks go forward: Monday 9 March opens at 7:00 EDT = 11:00 UTC.
    expect(nextOpening(HOURS, TZ, at('2026-03-08T18:00:00Z'))).toBe(at('2026-03-09T11:00:00Z'))
    // Sunday 1 November 2026 clocks go back: Monday 2 November opens at 7:00 EST = 12:00 UTC.
    expect(nextOpening(HOURS, TZ, at('2026-11-01T18:00:00Z'))).toBe(at('2026-11-02T12:00:00Z'))
  })

  it('reads every instant as the platform does, however often the same minute is asked, in any zone and any year', () => {
    // The platform's reading, a format per question (the date, the time), made once per zone.
    const formats = new Map<string, Intl.DateTimeFormat>()
    const read = (instant: number, timeZone: string, options: Intl.DateTimeFormatOptions) => {
      const key = `${timeZone} ${Object.keys(options).join()}`
      const format = formats.get(key) ?? new Intl.DateTimeFormat('en-US', { timeZone, ...options })
      formats.set(key, format)
      return Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]))
    }
    const direct = (instant: number, timeZone: string) => {
      const date = read(instant, timeZone, { weekday: 'long', year: 'numeric', month: 'numeric', day: 'numeric' })
      const time = read(instant, timeZone, { hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
      return {
        year: Number(date.year),
        month: Number(date.month),
        day: Number(date.day),
        weekday: date.weekday,
        minutes: Number(time.hour) * 60 + Number(time.minute),
      }
    }
    // A day across the autumn change in 7-second steps, twice; in a zone offset by 5:45; and in
    // 1870, when New York's offset still had seconds in it (local mean time, -4:56:02).
    const days: [string, string][] = [
      ['2026-11-01T04:00:00Z', TZ],
      ['2026-11-01T04:00:00Z', TZ],
      ['2026-06-15T00:00:00Z', 'Asia/Kathmandu'],
      ['1870-06-15T12:00:00Z', TZ],
    ]
    for (const [start, zone] of days)
      for (let t = at(start); t < at(start) + 26 * HOUR; t += 7_000) {
        const local = localTime(t, zone)
        expect(local).toEqual(direct(t, zone))
        local.minutes = -1 // a caller's change to its copy changes nothing remembered
      }
  })
})
