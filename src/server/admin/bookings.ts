// The office's side of online booking (docs/admin-api.md "Bookings", decision 049): the Schedule
// (the coming days, each window with its visits and the room left), one day's room raised or
// lowered (a technician out sick), and a request's booking confirmed, made or moved, or cancelled,
// each on the request's timeline. Every request the inbox reads carries its booking (withBookings).
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app.ts'
import type { BookingDesk } from '../contact/booking.ts'
import { dayLabel, offeredRange, timeLabel, windowById, windowsOf } from '../../lead/booking-windows.ts'
import {
  NoBooking,
  WindowFull,
  bookedBetween,
  bookingsOf,
  scheduleBetween,
  setDayRoom,
  type BookingAction,
} from '../db/bookings.ts'
import { changeBooking, TRASHED } from '../db/changes.ts'
import { customerLines } from '../db/customers.ts'
import { namesOf } from '../db/users.ts'
import type { Db } from '../db/client.ts'
import { viewCounts } from '../db/views.ts'
import type { Logger } from '../log.ts'
import type { OfficeClock } from '../office.ts'
import { fail, jsonInput, NOT_FOUND, submissionId } from './answers.ts'
import type { Checked } from './validate.ts'

/**
 * The requests with their bookings (null: none, or none ever), their customer lines (the card's
 * "Returning · 3rd request", src/server/db/customers.ts) and their assignee's name (decision 062),
 * as every answer of the inbox gives them.
 */
export async function withBookings<T extends { id: string; customer_id: string | null; assigned_to: number | null }>(
  db: Db,
  items: T[],
) {
  const [bookings, customers, names] = await Promise.all([
    bookingsOf(
      db,
      items.map((i) => i.id),
    ),
    customerLines(db, items),
    namesOf(db, [...new Set(items.flatMap((i) => (i.assigned_to === null ? [] : [i.assigned_to])))]),
  ])
  return items.map((item) => ({
    ...item,
    booking: bookings.get(item.id) ?? null,
    customer: customers.get(item.id) ?? null,
    assignee: item.assigned_to === null ? null : (names.get(item.assigned_to) ?? null),
  }))
}

const BOOKING_OFF = 'Online booking is off: content/booking.yaml is missing.'
const DATE = /^\d{4}-\d{2}-\d{2}$/
/** The most visits per window the office can set for a day (the schema's own cap). */
const ROOM_MAX = 50

function validateWindow(body: unknown): Checked<{ window: string }> {
  const window = (body as { window?: unknown } | null)?.window
  if (typeof window !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(window)) {
    const problem = 'Choose a window.'
    return { ok: false, error: problem, fields: { window: problem } }
  }
  return { ok: true, value: { window } }
}

function validateRoom(body: unknown): Checked<{ visitsPerWindow: number | null }> {
  const room = (body as { visitsPerWindow?: unknown } | null)?.visitsPerWindow
  if (room === null) return { ok: true, value: { visitsPerWindow: null } }
  if (typeof room !== 'number' || !Number.isInteger(room) || room < 0 || room > ROOM_MAX) {
    const problem = `Write a whole number of visits from 0 to ${ROOM_MAX}.`
    return { ok: false, error: problem, fields: { visitsPerWindow: problem } }
  }
  return { ok: true, value: { visitsPerWindow: room } }
}

export function bookingsApi({
  db,
  log,
  clock,
  booking,
}: {
  db: Db
  log: Logger
  clock: OfficeClock
  booking?: BookingDesk | undefined
}) {
  /** The Schedule of the days offered (today first), or one day of it. */
  async function schedule(desk: BookingDesk, only?: string) {
    const { rules, timeZone } = desk
    const range = offeredRange(rules, timeZone, clock.now().getTime())
    const from = only ?? range.from
    const to = only ?? range.to
    const [visits, { overrides }] = await Promise.all([scheduleBetween(db, from, to), bookedBetween(db, from, to)])
    const days = []
    for (let date = from; date <= to; date = nextDate(date)) {
      const windows = windowsOf(rules, timeZone, date)
      const dayVisits = visits.filter((v) => v.date === date)
      if (windows.length === 0 && dayVisits.length === 0 && !only) continue
      const override = overrides.get(date)
      const { perWindow, perDay } = desk.roomOf(date, override)
      // A visit in a window the schedule no longer has (booking.yaml changed) is listed under its own times.
      const starts = [...new Set([...windows.map((w) => w.start), ...dayVisits.map((v) => v.start)])].sort()
      days.push({
        date,
        label: dayLabel(date),
        perWindow,
        perDay,
        override: override ?? null,
        booked: dayVisits.length,
        windows: starts.map((start) => {
          const w = windows.find((x) => x.start === start)
          const here = dayVisits.filter((v) => v.start === start)
          const end = w?.end ?? here[0]!.end
          return {
            id: `${date}T${start}`,
            label: timeLabel(start, end),
            room: w ? Math.max(0, Math.min(perWindow - here.length, perDay - dayVisits.length)) : 0,
            visits: here.map(({ submissionId, name, phone, service, place, status }) => ({
              submissionId,
              name,
              phone,
              service,
              place,
              status,
            })),
          }
        }),
      })
    }
    return days
  }

  /** A booking change answered as every change of a request is: the request (with its booking) and the counts. */
  async function change(c: Context<AppEnv, string, object>, id: string, action: BookingAction, desk: BookingDesk) {
    let item
    try {
      item = await changeBooking(db, id, action, desk.roomOf, clock)
    } catch (error) {
      if (error instanceof WindowFull)
        return fail(
          c,
          409,
          `${error.label} is full: choose another window, or give that day more room in the Schedule.`,
        )
      if (error instanceof NoBooking) return fail(c, 409, error.message)
      throw error
    }
    if (item === TRASHED) return fail(c, 409, 'This request is in the trash. Restore it first.')
    if (!item) return fail(c, 404, NOT_FOUND)
    log.info('booking changed', { id, action: action.kind })
    const [withBooking] = await withBookings(db, [item])
    return c.json({ success: true, item: withBooking!, counts: await viewCounts(db, clock.today()) }, 200)
  }

  return new Hono<AppEnv>()
    .get('/schedule', async (c) => {
      if (!booking) return fail(c, 404, BOOKING_OFF)
      return c.json({ success: true, today: clock.today(), days: await schedule(booking) }, 200)
    })
    .put('/schedule/days/:date', jsonInput<{ visitsPerWindow: number | null }>()(validateRoom), async (c) => {
      if (!booking) return fail(c, 404, BOOKING_OFF)
      const date = c.req.param('date')
      if (!DATE.test(date) || !dayLabel(date).includes(' ')) return fail(c, 404, 'No such day.')
      const { visitsPerWindow } = c.req.valid('json')
      await setDayRoom(db, date, visitsPerWindow, clock.now().toISOString())
      log.info('day room set', { date, visitsPerWindow })
      return c.json({ success: true, day: (await schedule(booking, date))[0]! }, 200)
    })
    .put('/submissions/:id/booking', submissionId, jsonInput<{ window: string }>()(validateWindow), async (c) => {
      if (!booking) return fail(c, 404, BOOKING_OFF)
      const window = windowById(booking.rules, booking.timeZone, c.req.valid('json').window)
      if (!window) return fail(c, 400, 'That is not a window of the schedule.', { window: 'Choose a window.' })
      // The office may book past the notice and the days offered, never a window already over.
      if (window.endsAt <= clock.now().getTime())
        return fail(c, 400, 'That window is over: choose one to come.', { window: 'Choose a window to come.' })
      return change(c, c.req.valid('param').id, { kind: 'move', window, by: 'office' }, booking)
    })
    .post('/submissions/:id/booking/confirm', submissionId, async (c) => {
      if (!booking) return fail(c, 404, BOOKING_OFF)
      return change(c, c.req.valid('param').id, { kind: 'confirm' }, booking)
    })
    .delete('/submissions/:id/booking', submissionId, async (c) => {
      if (!booking) return fail(c, 404, BOOKING_OFF)
      return change(c, c.req.valid('param').id, { kind: 'cancel', by: 'office' }, booking)
    })
}

/** The calendar day after `date` (YYYY-MM-DD). */
function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
}
