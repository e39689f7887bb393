// Online booking's arrival windows: the windows of a day in the business's zone (daylight saving
// included), what can be booked now (notice, days ahead, closed days), the room left once bookings
// are counted, and the words for days and windows. Expected instants are worked out by hand.
import { describe, expect, it } from 'vitest'
import {
  capacityOf,
  dayLabel,
  offeredDays,
  offeredRange,
  serviceBookable,
  timeLabel,
  windowById,
  windowLabel,
  windowRefusal,
  windowsOf,
  type ArrivalWindow,
  type Taken,
} from '../../src/lead/booking-windows.ts'
import type { Booking } from '../../src/catalogue/types.gen.ts'

const TZ = 'America/New_York'
const at = (iso: string) => Date.parse(iso)
const HOUR = 3_600_000

// Like content/booking.yaml, with commercial left out of the services.
const RULES: Booking = {
  week: [
    {
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      windows: ['08:00-10:00', '10:00-12:00', '12:00-14:00', '14:00-16:00'],
    },
    { days: ['Saturday'], windows: ['08:00-10:00', '10:00-12:00'] },
  ],
  visitsPerWindow: 2,
  dailyCap: 6,
  noticeHours: 12,
  daysAhead: 14,
  closed: [
    { date: '2026-12-25', name: 'Christmas Day' },
    { date: '2027-01-01', name: "New Year's Day" },
  ],
  services: ['ac-repair', 'heating-repair', 'installation', 'maintenance', 'other'],
  texts: {
    legend: 'Choose an arrival window',
    hint: 'Optional.',
    none: 'No window: call me to set a time',
    full: 'Full',
    emergency: 'Call {phone} now.',
    outside: 'Outside the area.',
    noWindows: 'No window is free.',
    justFilled: 'The window just filled.',
    booked: 'Your arrival window',
    bookedNote: 'We will call to confirm it.',
    more: 'See the open arrival windows',
  },
  // The customer's link's words: no part of the windows' arithmetic.
  link: {} as Booking['link'],
}

const NOTHING_TAKEN: Taken = { byWindow: new Map(), byDay: new Map() }
const taken = (byWindow: Record<string, number>, byDay: Record<string, number>): Taken => ({
  byWindow: new Map(Object.entries(byWindow)),
  byDay: new Map(Object.entries(byDay)),
})
const ids = (windows: readonly ArrivalWindow[]) => windows.map((w) => w.id)
const windowAt = (id: string, rules = RULES, timeZone = TZ) => {
  const window = windowById(rules, timeZone, id)
  if (!window) throw new Error(`no window ${id}`)
  return window
}

describe('the windows of a day', () => {
  it('gives a weekday its four windows, as local times and instants (EST: UTC-5)', () => {
    // Tuesday 1 December 2026.
    const windows = windowsOf(RULES, TZ, '2026-12-01')
    expect(ids(windows)).toEqual(['2026-12-01T08:00', '2026-12-01T10:00', '2026-12-01T12:00', '2026-12-01T14:00'])
    expect(windows[0]).toEqual({
      id: '2026-12-01T08:00',
      date: '2026-12-01',
      start: '08:00',
      end: '10:00',
      startsAt: at('2026-12-01T13:00:00Z'),
      endsAt: at('2026-12-01T15:00:00Z'),
    })
    expect(windows[3]).toMatchObject({ start: '14:00', end: '16:00' })
    expect(windows[3]!.startsAt).toBe(at('2026-12-01T19:00:00Z'))
    expect(windows[3]!.endsAt).toBe(at('2026-12-01T21:00:00Z'))
  })

  it('gives Saturday its two windows and Sunday none', () => {
    expect(ids(windowsOf(RULES, TZ, '2026-12-05'))).toEqual(['2026-12-05T08:00', '2026-12-05T10:00'])
    expect(windowsOf(RULES, TZ, '2026-12-05')[1]).toMatchObject({ start: '10:00', end: '12:00' })
    expect(windowsOf(RULES, TZ, '2026-12-06')).toEqual([])
  })

  it('gives a closed day none, even on a weekday with windows', () => {
    expect(windowsOf(RULES, TZ, '2026-12-25')).toEqual([]) // Christmas, a Friday
    expect(windowsOf(RULES, TZ, '2027-01-01')).toEqual([]) // New Year's Day, a Friday
    expect(windowsOf(RULES, TZ, '2026-12-24')).toHaveLength(4) // the Thursday before
  })

  it('gives a date that is malformed or does not exist none', () => {
    expect(windowsOf(RULES, TZ, '2026-02-30')).toEqual([])
    expect(windowsOf(RULES, TZ, '2026-12-1')).toEqual([])
    expect(windowsOf(RULES, TZ, '')).toEqual([])
  })

  it('places 8:00 local at 13:00 UTC in winter and 12:00 UTC in summer', () => {
    expect(windowsOf(RULES, TZ, '2026-12-01')[0]!.startsAt).toBe(at('2026-12-01T13:00:00Z'))
    expect(windowsOf(RULES, TZ, '2026-07-01')[0]!.startsAt).toBe(at('2026-07-01T12:00:00Z')) // EDT: UTC-4
  })

  it('keeps local times on the days the clocks change (Sundays 8 March and 1 November 2026)', () => {
    const sunday = (windows: string[]): Booking => ({ ...RULES, week: [{ days: ['Sunday'], windows }] })
    // Spring forward: 2 AM EST becomes 3 AM EDT, so 1:00–4:00 lasts two hours.
    const [night, morning] = windowsOf(sunday(['01:00-04:00', '08:00-10:00']), TZ, '2026-03-08')
    expect(night!.startsAt).toBe(at('2026-03-08T06:00:00Z')) // 1:00 EST
    expect(night!.endsAt).toBe(at('2026-03-08T08:00:00Z')) // 4:00 EDT
    expect(night!.endsAt - night!.startsAt).toBe(2 * HOUR)
    expect(morning!.startsAt).toBe(at('2026-03-08T12:00:00Z'))
    // Fall back: 2 AM EDT becomes 1 AM EST, so 0:00–3:00 lasts four hours.
    const [late, day] = windowsOf(sunday(['00:00-03:00', '08:00-10:00']), TZ, '2026-11-01')
    expect(late!.startsAt).toBe(at('2026-11-01T04:00:00Z')) // 0:00 EDT
    expect(late!.endsAt).toBe(at('2026-11-01T08:00:00Z')) // 3:00 EST
    expect(late!.endsAt - late!.startsAt).toBe(4 * HOUR)
    expect(day!.startsAt).toBe(at('2026-11-01T13:00:00Z'))
  })

  it('works in other zones', () => {
    expect(windowsOf(RULES, 'America/Los_Angeles', '2026-12-01')[0]!.startsAt).toBe(at('2026-12-01T16:00:00Z')) // PST
    expect(windowsOf(RULES, 'America/Los_Angeles', '2026-07-01')[0]!.startsAt).toBe(at('2026-07-01T15:00:00Z')) // PDT
    expect(windowsOf(RULES, 'Europe/Berlin', '2026-12-01')[0]!.startsAt).toBe(at('2026-12-01T07:00:00Z')) // CET
    expect(windowsOf(RULES, 'Europe/Berlin', '2026-07-01')[0]!.startsAt).toBe(at('2026-07-01T06:00:00Z')) // CEST
    // Europe's clocks go forward on Sunday 29 March 2026, 2:00 CET → 3:00 CEST.
    const berlinSunday: Booking = { ...RULES, week: [{ days: ['Sunday'], windows: ['01:00-04:00'] }] }
    const [w] = windowsOf(berlinSunday, 'Europe/Berlin', '2026-03-29')
    expect(w!.startsAt).toBe(at('2026-03-29T00:00:00Z'))
    expect(w!.endsAt).toBe(at('2026-03-29T02:00:00Z'))
  })
})

describe('a window by its id', () => {
  it('finds the window an id names', () => {
    expect(windowById(RULES, TZ, '2026-12-01T10:00')).toEqual({
      id: '2026-12-01T10:00',
      date: '2026-12-01',
      start: '10:00',
      end: '12:00',
      startsAt: at('2026-12-01T15:00:00Z'),
      endsAt: at('2026-12-01T17:00:00Z'),
    })
    expect(windowById(RULES, TZ, '2026-12-05T10:00')?.endsAt).toBe(at('2026-12-05T17:00:00Z'))
  })

  it('gives null for a malformed id', () => {
    for (const id of [
      '',
      '2026-12-01',
      '2026-12-01 08:00',
      '2026-12-01T8:00',
      '2026-12-1T08:00',
      '2026-12-01T08:00Z',
      '2026-12-01T08:00:00',
      ' 2026-12-01T08:00',
    ])
      expect(windowById(RULES, TZ, id)).toBeNull()
  })

  it('gives null for a date that does not exist (which would roll over to a Monday with windows)', () => {
    expect(windowById(RULES, TZ, '2026-02-30T08:00')).toBeNull()
    expect(windowById(RULES, TZ, '2026-13-01T08:00')).toBeNull()
    expect(windowById(RULES, TZ, '2026-12-00T08:00')).toBeNull()
  })

  it('gives null for a time that starts no window, a closed day and a day without windows', () => {
    expect(windowById(RULES, TZ, '2026-12-01T09:00')).toBeNull() // inside a window, not its start
    expect(windowById(RULES, TZ, '2026-12-01T16:00')).toBeNull() // the last window's end
    expect(windowById(RULES, TZ, '2026-12-05T12:00')).toBeNull() // a weekday window on a Saturday
    expect(windowById(RULES, TZ, '2026-12-25T08:00')).toBeNull() // Christmas
    expect(windowById(RULES, TZ, '2026-12-06T08:00')).toBeNull() // Sunday
  })
})

describe('the room of a day', () => {
  it('is the rules’ visits per window, and the daily cap when the windows allow more', () => {
    expect(capacityOf(RULES, TZ, '2026-12-01')).toEqual({ perWindow: 2, perDay: 6 }) // 4 windows × 2 = 8 > 6
  })

  it('never lets a day take more than its windows hold', () => {
    expect(capacityOf(RULES, TZ, '2026-12-05')).toEqual({ perWindow: 2, perDay: 4 }) // Saturday: 2 × 2
    expect(capacityOf(RULES, TZ, '2026-12-06')).toEqual({ perWindow: 2, perDay: 0 }) // Sunday
    expect(capacityOf(RULES, TZ, '2026-12-25')).toEqual({ perWindow: 2, perDay: 0 }) // closed
  })

  it('takes the office’s override for the day, raising or lowering the room', () => {
    expect(capacityOf(RULES, TZ, '2026-12-01', 3)).toEqual({ perWindow: 3, perDay: 6 })
    expect(capacityOf(RULES, TZ, '2026-12-01', 1)).toEqual({ perWindow: 1, perDay: 4 }) // 4 × 1 < 6
    expect(capacityOf(RULES, TZ, '2026-12-01', 0)).toEqual({ perWindow: 0, perDay: 0 })
    expect(capacityOf(RULES, TZ, '2026-12-05', 3)).toEqual({ perWindow: 3, perDay: 6 }) // 2 × 3
    expect(capacityOf(RULES, TZ, '2026-12-05', 1)).toEqual({ perWindow: 1, perDay: 2 }) // 2 × 1
  })
})

describe('the days offered', () => {
  it('runs from the local date holding now over daysAhead days', () => {
    expect(offeredRange(RULES, TZ, at('2026-12-01T15:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-14' })
    expect(offeredRange(RULES, TZ, at('2026-12-25T15:00:00Z'))).toEqual({ from: '2026-12-25', to: '2027-01-07' })
    expect(offeredRange({ ...RULES, daysAhead: 1 }, TZ, at('2026-12-01T15:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
    })
  })

  it('counts the local date as today late in the evening, when UTC is already on the next day', () => {
    // 04:30 UTC on 2 December is 23:30 on Tuesday 1 December in New York.
    expect(offeredRange(RULES, TZ, at('2026-12-02T04:30:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-14' })
    // 23:30 UTC on 30 November is already 00:30 on 1 December in Berlin.
    expect(offeredRange(RULES, 'Europe/Berlin', at('2026-11-30T23:30:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-14',
    })
  })

  it('offers a window starting exactly noticeHours from now, not one a minute sooner', () => {
    const window = windowAt('2026-12-02T08:00') // 13:00 UTC
    expect(windowRefusal(RULES, TZ, window, at('2026-12-02T01:00:00Z'))).toBeNull() // 12 hours before
    expect(windowRefusal(RULES, TZ, window, at('2026-12-02T01:01:00Z'))).toBe('too-soon') // 11 h 59 min
    expect(windowRefusal(RULES, TZ, window, at('2026-12-02T14:00:00Z'))).toBe('too-soon') // started
    expect(windowRefusal(RULES, TZ, window, at('2026-12-02T16:00:00Z'))).toBe('too-soon') // over
  })

  it('with no notice, offers a window until it starts', () => {
    const rules = { ...RULES, noticeHours: 0 }
    const window = windowAt('2026-12-02T08:00')
    expect(windowRefusal(rules, TZ, window, at('2026-12-02T13:00:00Z'))).toBeNull()
    expect(windowRefusal(rules, TZ, window, at('2026-12-02T13:01:00Z'))).toBe('too-soon')
  })

  it('refuses a window after the last day offered as too far', () => {
    const now = at('2026-12-01T15:00:00Z') // Tuesday 1 December, 10:00
    expect(windowRefusal(RULES, TZ, windowAt('2026-12-14T14:00'), now)).toBeNull()
    expect(windowRefusal(RULES, TZ, windowAt('2026-12-15T08:00'), now)).toBe('too-far')
    expect(windowRefusal(RULES, TZ, windowAt('2027-01-04T08:00'), now)).toBe('too-far')
  })

  it('leaves out days with no window left, from late on the local evening', () => {
    // 23:30 on Tuesday 1 December: with 12 hours' notice the first window is Wednesday's at 12:00.
    const days = offeredDays(RULES, TZ, at('2026-12-02T04:30:00Z'), NOTHING_TAKEN)
    expect(days.map((d) => d.date)).toEqual([
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-14', // the 14th day counting Tuesday 1 December; Tuesday 15 December is too far
    ])
    expect(ids(days[0]!.windows)).toEqual(['2026-12-02T12:00', '2026-12-02T14:00'])
    expect(ids(days[3]!.windows)).toEqual(['2026-12-05T08:00', '2026-12-05T10:00'])
    expect(days[0]!.label).toBe('Wed Dec 2')
    expect(days[0]!.windows[0]).toEqual({
      id: '2026-12-02T12:00',
      date: '2026-12-02',
      start: '12:00',
      end: '14:00',
      startsAt: at('2026-12-02T17:00:00Z'),
      endsAt: at('2026-12-02T19:00:00Z'),
      label: '12–2 pm',
      room: 2,
      full: false,
    })
  })

  it('leaves out closed days, across the new year', () => {
    const days = offeredDays(RULES, TZ, at('2026-12-20T15:00:00Z'), NOTHING_TAKEN) // Sunday 20 December
    expect(days.map((d) => d.date)).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-26',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-02',
    ])
  })

  it('counts the room of each window and keeps full windows', () => {
    const now = at('2026-12-01T15:00:00Z') // Tuesday 10:00: every window of Wednesday is offered
    const days = offeredDays(
      RULES,
      TZ,
      now,
      taken(
        { '2026-12-02T08:00': 2, '2026-12-02T10:00': 1, '2026-12-03T08:00': 5 },
        { '2026-12-02': 3, '2026-12-03': 5 },
      ),
    )
    expect(days[0]!.date).toBe('2026-12-02')
    expect(days[0]!.windows.map((w) => [w.start, w.room, w.full])).toEqual([
      ['08:00', 0, true],
      ['10:00', 1, false],
      ['12:00', 2, false],
      ['14:00', 2, false],
    ])
    // More taken than the window holds (the office lowered it): room 0, never below.
    expect(days[1]!.windows.map((w) => [w.start, w.room])).toEqual([
      ['08:00', 0],
      ['10:00', 1], // the day's cap of 6 leaves 1
      ['12:00', 1],
      ['14:00', 1],
    ])
  })

  it('fills every window left on a day whose daily cap is reached', () => {
    const days = offeredDays(
      RULES,
      TZ,
      at('2026-12-01T15:00:00Z'),
      taken({ '2026-12-02T08:00': 2, '2026-12-02T10:00': 2, '2026-12-02T12:00': 2 }, { '2026-12-02': 6 }),
    )
    expect(days[0]!.date).toBe('2026-12-02')
    expect(days[0]!.windows.map((w) => [w.start, w.room, w.full])).toEqual([
      ['08:00', 0, true],
      ['10:00', 0, true],
      ['12:00', 0, true],
      ['14:00', 0, true], // nobody booked it, but the day is full
    ])
    expect(days[1]!.windows.every((w) => w.room === 2)).toBe(true) // Thursday untouched
  })

  it('takes the office’s overrides: more room one day, less another, none a third', () => {
    const overrides = new Map([
      ['2026-12-02', 3],
      ['2026-12-03', 1],
      ['2026-12-04', 0],
    ])
    const days = offeredDays(
      RULES,
      TZ,
      at('2026-12-01T15:00:00Z'),
      taken({ '2026-12-02T08:00': 2, '2026-12-03T08:00': 1 }, { '2026-12-02': 2, '2026-12-03': 1 }),
      overrides,
    )
    const rooms = (date: string) => days.find((d) => d.date === date)!.windows.map((w) => w.room)
    expect(rooms('2026-12-02')).toEqual([1, 3, 3, 3]) // 3 per window; the day's 6 leaves 4
    expect(rooms('2026-12-03')).toEqual([0, 1, 1, 1]) // 1 per window, 4 a day
    expect(rooms('2026-12-04')).toEqual([0, 0, 0, 0]) // shown, all full
    expect(rooms('2026-12-07')).toEqual([2, 2, 2, 2]) // no override: the rules' 2
  })

  it('lets the per-window override limit the day below the daily cap', () => {
    // Override 1 on Wednesday: 4 a day (4 windows × 1), not the cap of 6. Four visits already
    // count against the day in no window offered (booked before the windows changed): it is full.
    const days = offeredDays(
      RULES,
      TZ,
      at('2026-12-01T15:00:00Z'),
      taken({ '2026-12-02T09:00': 4 }, { '2026-12-02': 4 }),
      new Map([['2026-12-02', 1]]),
    )
    expect(days[0]!.windows.map((w) => [w.room, w.full])).toEqual([
      [0, true],
      [0, true],
      [0, true],
      [0, true],
    ])
  })
})

describe('what can be booked', () => {
  it('never books an emergency, books listed services and a request with no service', () => {
    expect(serviceBookable(RULES, 'emergency')).toBe(false)
    expect(serviceBookable(RULES, 'heating-repair')).toBe(true)
    expect(serviceBookable(RULES, 'other')).toBe(true)
    expect(serviceBookable(RULES, 'commercial')).toBe(false) // not in these rules' list
    expect(serviceBookable(RULES, 'plumbing')).toBe(false)
    expect(serviceBookable(RULES, undefined)).toBe(true)
  })
})

describe('words for windows', () => {
  it('says a window’s times on the 12-hour clock, the half of the day once when shared', () => {
    expect(timeLabel('08:00', '10:00')).toBe('8–10 am')
    expect(timeLabel('10:00', '12:00')).toBe('10 am–12 pm')
    expect(timeLabel('12:00', '14:00')).toBe('12–2 pm')
    expect(timeLabel('14:00', '16:00')).toBe('2–4 pm')
    expect(timeLabel('08:30', '10:00')).toBe('8:30–10 am')
    expect(timeLabel('00:00', '03:00')).toBe('12–3 am')
    expect(timeLabel('11:30', '12:15')).toBe('11:30 am–12:15 pm')
    expect(timeLabel('22:00', '23:59')).toBe('10–11:59 pm')
    expect(timeLabel('08:00', '10:00')).toContain('\u2013')
  })

  it('says a date as a short weekday, month and day', () => {
    expect(dayLabel('2026-12-01')).toBe('Tue Dec 1')
    expect(dayLabel('2027-01-01')).toBe('Fri Jan 1')
    expect(dayLabel('2026-03-08')).toBe('Sun Mar 8')
    expect(dayLabel('2026-07-31')).toBe('Fri Jul 31')
  })

  it('says a window as its day and times', () => {
    expect(windowLabel({ date: '2026-12-01', start: '08:00', end: '10:00' })).toBe('Tue Dec 1, 8–10 am')
    expect(windowLabel(windowAt('2026-12-05T10:00'))).toBe('Sat Dec 5, 10 am–12 pm')
  })
})
