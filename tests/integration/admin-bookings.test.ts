// The office's side of online booking (docs/admin-api.md "Bookings") against the built server, on
// SQLite and on PostgreSQL: a request that booked carries its booking wherever the inbox reads it
// and shows in the Schedule; the office confirms it, moves it (not into a full window), cancels it
// (the window is free again on the contact form) and books a visit for a request without one; a
// day's room lowered to nothing and back; each change on the request's timeline; and the refusals.
// Windows depend on the clock: each test takes its own day from GET /api/booking/windows, as the
// form does, so that no test fills a window another one needs.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import type { StoredBooking } from '../../src/lead/booking.ts'

const PASSWORD = 'bookings password, long enough'

type Slot = { id: string; label: string; full: boolean }
type OfferedDay = { date: string; label: string; windows: Slot[] }
type Item = Record<string, unknown> & {
  id: string
  name: string
  booking: StoredBooking | null
  zip_place: string | null
}
type Visit = { submissionId: string; name: string; phone: string; service: string; place: string; status: string }
type ScheduleDay = {
  date: string
  label: string
  perWindow: number
  perDay: number
  override: number | null
  booked: number
  windows: { id: string; label: string; room: number; visits: Visit[] }[]
}
type Entry = { kind: string; detail: string | null }

describe.each(STORAGE_KINDS)("the office's bookings on %s", (kind) => {
  const served = serveOn(kind, PASSWORD)
  let address = 10
  const nextAddress = () => `203.0.113.${address++}`
  const tag = `book${randomBytes(3).toString('hex')}`
  const client = (options: Parameters<typeof adminClient>[1] = {}) =>
    adminClient(served.server.url, { from: nextAddress(), origin: ORIGIN, password: PASSWORD, ...options })
  let office: ReturnType<typeof client>

  beforeAll(async () => {
    office = client()
    expect((await office.login()).status).toBe(200)
  })

  const offered = async (): Promise<OfferedDay[]> => {
    const res = await fetch(`${served.server.url}/api/booking/windows`)
    expect(res.status).toBe(200)
    return ((await res.json()) as { days: OfferedDay[] }).days
  }
  /** A day of its own for each test, with at least three windows (a Saturday has two). */
  let nextDay = 0
  const ownDay = async (): Promise<OfferedDay> => {
    const days = (await offered()).filter((d) => d.windows.length >= 3 && d.windows.every((w) => !w.full))
    const day = days[nextDay++]
    if (!day) throw new Error('no day left with three open windows')
    return day
  }
  const windowOf = async (id: string) => (await offered()).flatMap((d) => d.windows).find((w) => w.id === id)

  /** A request as a visitor sends it (with a window, or none); returns it as the inbox lists it. */
  const send = async (name: string, window?: string): Promise<Item> => {
    const full = `${tag} ${name}`
    const res = await fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${address}.${address++ % 250}` },
      body: JSON.stringify({
        name: full,
        phone: '(410) 555-0199',
        zip: '21014',
        service: 'heating-repair',
        elapsedMs: 8000,
        ...(window ? { window } : {}),
      }),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const found = await office.call('GET', `/api/admin/submissions?q=${encodeURIComponent(full)}`)
    expect(found.status).toBe(200)
    return (found.body.items as Item[])[0]!
  }
  const schedule = async () => {
    const res = await office.call('GET', '/api/admin/schedule')
    expect(res.status).toBe(200)
    return res.body as { success: true; today: string; days: ScheduleDay[] }
  }
  const dayOf = async (date: string) => (await schedule()).days.find((d) => d.date === date)!
  const timeline = async (id: string) =>
    ((await office.call('GET', `/api/admin/submissions/${id}/activity`)).body.items as Entry[])
      .filter((e) => e.kind.startsWith('book'))
      .map(({ kind, detail }) => ({ kind, detail }))
  const book = (id: string, window: string) => office.call('PUT', `/api/admin/submissions/${id}/booking`, { window })

  it('lists a request that booked with its booking, and the Schedule shows it under its window', async () => {
    const day = await ownDay()
    const w = day.windows[0]!
    const item = await send('Dana Booked', w.id)
    expect(item.booking).toEqual({
      submissionId: item.id,
      date: day.date,
      start: w.id.slice(11),
      end: expect.stringMatching(/^\d{2}:\d{2}$/),
      startsAt: expect.any(String),
      endsAt: expect.any(String),
      status: 'booked',
    })
    expect(Date.parse(item.booking!.endsAt) - Date.parse(item.booking!.startsAt)).toBeGreaterThan(0)
    // The request opened by its link carries it too.
    const got = await office.call('GET', `/api/admin/submissions/${item.id}`)
    expect((got.body.item as Item).booking).toEqual(item.booking)
    // A request without a window has none.
    expect((await send('Dana Unbooked')).booking).toBeNull()

    const { today, days } = await schedule()
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(days[0]!.date >= today).toBe(true)
    expect(days.map((d) => d.date)).toEqual(days.map((d) => d.date).sort())
    const shown = days.find((d) => d.date === day.date)!
    expect(shown).toMatchObject({ label: day.label, perWindow: 2, override: null, booked: 1 })
    expect(shown.perDay).toBeGreaterThanOrEqual(2)
    const slot = shown.windows.find((x) => x.id === w.id)!
    expect(w.label).toBe(`${day.label}, ${slot.label}`)
    expect(slot.room).toBe(1)
    expect(slot.visits).toEqual([
      {
        submissionId: item.id,
        name: item.name,
        phone: '(410) 555-0199',
        service: 'heating-repair',
        place: item.zip_place,
        status: 'booked',
      },
    ])
    expect(shown.windows.filter((x) => x.id !== w.id).every((x) => x.visits.length === 0 && x.room === 2)).toBe(true)
  })

  it('confirms a booking once, on the timeline; a request without one has nothing to confirm', async () => {
    const day = await ownDay()
    const w = day.windows[0]!
    const item = await send('Casey Confirm', w.id)
    const confirmed = await office.call('POST', `/api/admin/submissions/${item.id}/booking/confirm`)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toMatchObject({ success: true, counts: { total: expect.any(Number) } })
    expect((confirmed.body.item as Item).booking).toMatchObject({ status: 'confirmed', date: day.date })
    // A change marks the request read, as every change of the office does.
    expect((confirmed.body.item as Item).is_read).toBe(true)
    // Confirmed again: nothing new.
    expect((await office.call('POST', `/api/admin/submissions/${item.id}/booking/confirm`)).status).toBe(200)
    expect(await timeline(item.id)).toEqual([
      { kind: 'booking_confirmed', detail: w.label },
      { kind: 'booked', detail: w.label },
    ])
    expect((await dayOf(day.date)).windows.find((x) => x.id === w.id)!.visits[0]!.status).toBe('confirmed')

    const none = await send('Casey None')
    const refused = await office.call('POST', `/api/admin/submissions/${none.id}/booking/confirm`)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ success: false, error: 'This request has no booking.' })
  })

  it('moves a booking to another window, never into a full one', async () => {
    const day = await ownDay()
    const [first, second, third] = day.windows as [Slot, Slot, Slot]
    const item = await send('Morgan Move', first.id)
    await office.call('POST', `/api/admin/submissions/${item.id}/booking/confirm`)
    const moved = await book(item.id, second.id)
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ success: true, counts: expect.any(Object) })
    // Moved by the office, it stays confirmed.
    expect((moved.body.item as Item).booking).toMatchObject({
      date: day.date,
      start: second.id.slice(11),
      status: 'confirmed',
    })
    const shown = await dayOf(day.date)
    expect(shown.booked).toBe(1)
    expect(shown.windows.find((x) => x.id === first.id)!.visits).toEqual([])
    expect(shown.windows.find((x) => x.id === second.id)!.visits.map((v) => v.submissionId)).toEqual([item.id])

    // The third window filled by two other requests: the move is refused, and nothing changed.
    await send('Full One', third.id)
    await send('Full Two', third.id)
    expect((await windowOf(third.id))?.full).toBe(true)
    const refused = await book(item.id, third.id)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      success: false,
      error: `${third.label} is full: choose another window, or give that day more room in the Schedule.`,
    })
    const after = await office.call('GET', `/api/admin/submissions/${item.id}`)
    expect((after.body.item as Item).booking).toMatchObject({ start: second.id.slice(11), status: 'confirmed' })
    // Moved to where it is already: nothing new.
    expect((await book(item.id, second.id)).status).toBe(200)
    expect(await timeline(item.id)).toEqual([
      { kind: 'booking_moved', detail: `${first.label} → ${second.label}` },
      { kind: 'booking_confirmed', detail: first.label },
      { kind: 'booked', detail: first.label },
    ])
  })

  it('cancels a booking: the window is free again on the contact form and in the Schedule', async () => {
    const day = await ownDay()
    const w = day.windows[1]!
    const kept = await send('Kim Kept', w.id)
    const item = await send('Lee Cancel', w.id)
    expect((await windowOf(w.id))?.full).toBe(true)
    const cancelled = await office.call('DELETE', `/api/admin/submissions/${item.id}/booking`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ success: true, counts: expect.any(Object) })
    expect((cancelled.body.item as Item).booking).toMatchObject({ status: 'cancelled', date: day.date })
    expect((await windowOf(w.id))?.full).toBe(false)
    const slot = (await dayOf(day.date)).windows.find((x) => x.id === w.id)!
    expect(slot).toMatchObject({ room: 1 })
    expect(slot.visits.map((v) => v.submissionId)).toEqual([kept.id])
    expect(await timeline(item.id)).toEqual([
      { kind: 'booking_cancelled', detail: w.label },
      { kind: 'booked', detail: w.label },
    ])
    // Nothing left to cancel, or to confirm.
    const again = await office.call('DELETE', `/api/admin/submissions/${item.id}/booking`)
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ success: false, error: 'This request has no booking.' })
    expect((await office.call('POST', `/api/admin/submissions/${item.id}/booking/confirm`)).status).toBe(409)
    // A cancelled booking can be booked again.
    const rebooked = await book(item.id, w.id)
    expect(rebooked.status).toBe(200)
    expect((rebooked.body.item as Item).booking).toMatchObject({ status: 'booked', start: w.id.slice(11) })
  })

  it('books a visit for a request that had none, marked as the office’s', async () => {
    const day = await ownDay()
    const w = day.windows.at(-1)!
    const item = await send('Robin Phoned')
    expect(item.booking).toBeNull()
    const booked = await book(item.id, w.id)
    expect(booked.status).toBe(200)
    expect((booked.body.item as Item).booking).toMatchObject({
      submissionId: item.id,
      date: day.date,
      start: w.id.slice(11),
      status: 'booked',
    })
    expect(await timeline(item.id)).toEqual([{ kind: 'booked', detail: `${w.label} (by the office)` }])
    const slot = (await dayOf(day.date)).windows.find((x) => x.id === w.id)!
    expect(slot.visits.map((v) => v.submissionId)).toEqual([item.id])
    // The list carries it too.
    const listed = await office.call('GET', `/api/admin/submissions?q=${encodeURIComponent(item.name)}`)
    expect((listed.body.items as Item[])[0]!.booking).toMatchObject({ status: 'booked' })
  })

  it("lowers a day's room to nothing (every window full, for the form and the Schedule) and back to usual", async () => {
    const day = await ownDay()
    const item = await send('Pat Room', day.windows[0]!.id)
    const closed = await office.call('PUT', `/api/admin/schedule/days/${day.date}`, { visitsPerWindow: 0 })
    expect(closed.status).toBe(200)
    const shut = closed.body.day as ScheduleDay
    expect(shut).toMatchObject({ date: day.date, label: day.label, perWindow: 0, perDay: 0, override: 0, booked: 1 })
    expect(shut.windows.every((w) => w.room === 0)).toBe(true)
    // The visit already booked stays.
    expect(shut.windows[0]!.visits.map((v) => v.submissionId)).toEqual([item.id])
    expect((await offered()).find((d) => d.date === day.date)!.windows.every((w) => w.full)).toBe(true)
    expect(await dayOf(day.date)).toEqual(shut)
    // Nothing more can be booked that day, not even by the office.
    const other = await send('Pat Other')
    expect((await book(other.id, day.windows[1]!.id)).status).toBe(409)

    const raised = await office.call('PUT', `/api/admin/schedule/days/${day.date}`, { visitsPerWindow: 3 })
    expect(raised.body.day).toMatchObject({ perWindow: 3, override: 3 })
    expect((raised.body.day as ScheduleDay).windows[0]!.room).toBe(2)

    const usual = await office.call('PUT', `/api/admin/schedule/days/${day.date}`, { visitsPerWindow: null })
    expect(usual.status).toBe(200)
    expect(usual.body.day).toMatchObject({ perWindow: 2, override: null, booked: 1 })
    expect((usual.body.day as ScheduleDay).windows.map((w) => w.room)).toEqual(
      day.windows.map((_, i) => (i === 0 ? 1 : 2)),
    )
    expect((await offered()).find((d) => d.date === day.date)!.windows.every((w) => !w.full)).toBe(true)
  })

  it('refuses what is not a window, not a room or not a request, and what is not signed in or not from the inbox', async () => {
    const day = (await offered())[0]!
    const item = await send('Sam Refused')
    // Not a window: malformed (with the field's problem), or no window of the schedule that day.
    const malformed = await book(item.id, 'tomorrow 8am')
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({ success: false, fields: { window: 'Choose a window.' } })
    for (const window of [`${day.date}T07:00`, '2030-01-06T08:00', '2026-02-30T08:00']) {
      const res = await book(item.id, window)
      expect(res.status, window).toBe(400)
      expect(res.body).toMatchObject({ success: false, error: 'That is not a window of the schedule.' })
    }
    expect((await office.call('PUT', `/api/admin/submissions/${item.id}/booking`, {})).status).toBe(400)
    // A window already over (a Monday in the past): the office books ahead, never back.
    const over = await book(item.id, '2026-11-02T08:00')
    expect(over.status).toBe(400)
    expect(over.body).toMatchObject({ success: false, error: 'That window is over: choose one to come.' })
    // Not a room: a whole number from 0 to 50, or null.
    for (const visitsPerWindow of [-1, 51, 1.5, '2', true]) {
      const res = await office.call('PUT', `/api/admin/schedule/days/${day.date}`, { visitsPerWindow })
      expect(res.status, String(visitsPerWindow)).toBe(400)
      expect(res.body).toMatchObject({
        success: false,
        fields: { visitsPerWindow: 'Write a whole number of visits from 0 to 50.' },
      })
    }
    expect((await office.call('PUT', '/api/admin/schedule/days/2026-02-30', { visitsPerWindow: 1 })).status).toBe(404)
    expect((await office.call('PUT', '/api/admin/schedule/days/soon', { visitsPerWindow: 1 })).status).toBe(404)
    // Not a request.
    const unknown = await book('00000000-0000-4000-8000-000000000000', day.windows[0]!.id)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ success: false, error: 'Submission not found' })
    // Not signed in.
    const stranger = client()
    for (const [method, path, body] of [
      ['GET', '/api/admin/schedule'],
      ['PUT', `/api/admin/schedule/days/${day.date}`, { visitsPerWindow: 0 }],
      ['PUT', `/api/admin/submissions/${item.id}/booking`, { window: day.windows[0]!.id }],
      ['POST', `/api/admin/submissions/${item.id}/booking/confirm`],
      ['DELETE', `/api/admin/submissions/${item.id}/booking`],
    ] as [string, string, unknown?][]) {
      const res = await stranger.call(method, path, body)
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(res.body).toEqual({ success: false, error: 'Not signed in' })
    }
    // Signed in, but sent from another origin (or with none): refused before anything changes.
    for (const origin of ['https://evil.example', null]) {
      const elsewhere = client({ origin })
      elsewhere.cookie = office.cookie
      for (const [method, path, body] of [
        ['PUT', `/api/admin/schedule/days/${day.date}`, { visitsPerWindow: 0 }],
        ['PUT', `/api/admin/submissions/${item.id}/booking`, { window: day.windows[0]!.id }],
        ['POST', `/api/admin/submissions/${item.id}/booking/confirm`],
        ['DELETE', `/api/admin/submissions/${item.id}/booking`],
      ] as [string, string, unknown?][]) {
        const res = await elsewhere.call(method, path, body)
        expect(res.status, `${method} ${path} from ${origin}`).toBe(403)
      }
    }
    expect((await dayOf(day.date)).override).toBeNull()
    expect((await office.call('GET', `/api/admin/submissions/${item.id}`)).body.item).toMatchObject({ booking: null })
    expect(await timeline(item.id)).toEqual([])
    // A request in the trash takes no booking.
    expect((await office.call('DELETE', `/api/admin/submissions/${item.id}`)).status).toBe(200)
    const trashed = await book(item.id, day.windows[0]!.id)
    expect(trashed.status).toBe(409)
    expect(trashed.body).toEqual({ success: false, error: 'This request is in the trash. Restore it first.' })
  })
})
