// Online booking against the built server, on SQLite and on PostgreSQL (issue 24): the windows
// offered, a request that books one, 50 requests at once for a window with room for 2 (on
// PostgreSQL through two instances on one database), and the requests that never take one
// (emergency, outside the area, spam), each still stored. Windows depend on the clock: each test
// takes its window from GET /api/booking/windows, as the form does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { startServer, type RunningServer } from '../../scripts/lib/server.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'
import { clearRequests } from '../helpers/suite-db.ts'
import { bookingDesk } from '../../src/server/contact/booking.ts'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { byTag, findAll, parseHtml } from '../helpers/html.ts'

type Day = { date: string; label: string; windows: { id: string; label: string; full: boolean }[] }

const JUST_FILLED =
  'Your request is in, but the window you chose is no longer free: we will call you to find another time.'
const request = {
  name: 'Dana Whitaker',
  phone: '(410) 555-0199',
  zip: '21014',
  service: 'heating-repair',
  elapsedMs: 8_000,
}

describe.each(STORAGE_KINDS)('booking on %s', (kind) => {
  let storage: StorageTarget
  let servers: RunningServer[] = []
  let db: Db
  let nextAddress = 1
  const address = () => {
    const n = nextAddress++
    return `198.51.${100 + (n >> 8)}.${n & 255}`
  }

  beforeAll(async () => {
    storage = await createStorage(kind)
    db = await storage.open()
    const env = { DATABASE_URL: storage.databaseUrl, TRUST_PROXY: '1', CONTACT_OVERALL_LIMIT: '1000/1h' }
    // Several instances on one PostgreSQL; SQLite has one process.
    servers = await Promise.all((kind === 'PostgreSQL' ? [1, 2] : [1]).map(() => startServer(env)))
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await db?.close()
    await storage?.remove()
  })

  const url = (i = 0) => servers[i % servers.length]!.url
  const windows = async (): Promise<Day[]> => {
    const res = await fetch(`${url()}/api/booking/windows`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    return ((await res.json()) as { days: Day[] }).days
  }
  /** Each test books its own day, so they do not share room. */
  let nextDay = 0
  const freeWindow = async () => {
    const day = (await windows())[nextDay++]!
    return day.windows[0]!
  }
  const post = (body: object, i = 0) =>
    fetch(`${url(i)}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': address() },
      body: JSON.stringify(body),
    })
  const bookings = (windowId: string) =>
    db.k
      .selectFrom('bookings')
      .selectAll()
      .where('window_date', '=', windowId.slice(0, 10))
      .where('window_start', '=', windowId.slice(11))
      .execute()
  const timeline = (kinds: string[]) =>
    db.k
      .selectFrom('submission_activity')
      .select(['submission_id', 'kind', 'detail'])
      .where('kind', 'in', kinds)
      .execute()

  it('offers the days ahead with their windows, none sooner than the notice', async () => {
    const days = await windows()
    expect(days.length).toBeGreaterThan(5)
    const first = Date.parse(`${days[0]!.date}T00:00:00Z`)
    // 14 days ahead, today included; Sundays have no windows.
    expect(Date.parse(`${days.at(-1)!.date}T00:00:00Z`) - first).toBeLessThan(14 * 86_400_000)
    for (const day of days) {
      expect(day.label).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat) [A-Z][a-z]{2} \d{1,2}$/)
      for (const w of day.windows) {
        expect(w.id.startsWith(day.date)).toBe(true)
        expect(w.label.startsWith(`${day.label}, `)).toBe(true)
      }
    }
    // Twelve hours' notice: nothing starts within 12 hours (windows start on the hour, in New York).
    const soonest = days[0]!.windows[0]!.id
    const ny = new Date(Date.now() + 12 * 3_600_000).toLocaleString('sv-SE', { timeZone: 'America/New_York' })
    expect(soonest >= ny.slice(0, 16).replace(' ', 'T').slice(0, 13)).toBe(true)
  })

  it('books the window a request chose, in the same commit as the request', async () => {
    const w = await freeWindow()
    const res = await post({ ...request, window: w.id })
    expect(res.status).toBe(201)
    const answer = (await res.json()) as { confirmation: { booking: string } }
    expect(answer.confirmation.booking).toBe(`Your arrival window: ${w.label}. We will call to confirm it.`)
    const [held] = await bookings(w.id)
    expect(held).toMatchObject({ status: 'booked', window_end: expect.stringMatching(/^\d\d:00$/) })
    const stored = await db.k
      .selectFrom('contact_submissions')
      .select(['id', 'status'])
      .where('id', '=', held!.submission_id)
      .executeTakeFirst()
    expect(stored?.status).toBe('new')
    expect(await timeline(['booked'])).toContainEqual({
      submission_id: held!.submission_id,
      kind: 'booked',
      detail: w.label,
    })
    // The window has one visit left of two.
    const after = (await windows()).flatMap((d) => d.windows).find((x) => x.id === w.id)
    expect(after?.full).toBe(false)
  })

  it('gives a window with room for 2 to exactly 2 of 50 requests at once; the other 48 are kept, told it filled', async () => {
    await clearRequests(db)
    const w = await freeWindow()
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await post({ ...request, name: `Racer ${i}`, window: w.id }, i)
        expect(res.status).toBe(201)
        return ((await res.json()) as { confirmation: { booking: string } }).confirmation.booking
      }),
    )
    expect(answers.filter((a) => a.startsWith('Your arrival window:'))).toHaveLength(2)
    expect(answers.filter((a) => a === JUST_FILLED)).toHaveLength(48)
    expect(await bookings(w.id)).toHaveLength(2)
    const stored = await db.k.selectFrom('contact_submissions').select('id').where('name', 'like', 'Racer %').execute()
    expect(stored).toHaveLength(50)
    expect(await timeline(['booking_full'])).toHaveLength(48)
    const after = (await windows()).flatMap((d) => d.windows).find((x) => x.id === w.id)
    expect(after?.full).toBe(true)
  })

  it('locks the day itself: 50 transactions at once, with nothing else in common, book 2', async () => {
    // Straight to the store, with no overall flood count (whose row every request locks too): only
    // the day's lock stands between these transactions.
    const desk = bookingDesk(loadCatalogue().booking, 'America/New_York')!
    const w = await freeWindow()
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const message = { name: `Direct ${i}`, phone: '(410) 555-0199', window: w.id }
        return storeContactRequest(db, {
          message,
          clientKey: `direct-${i}`,
          overallLimits: [],
          booking: desk.asked(message, null, Date.now()),
        })
      }),
    )
    expect(results.filter((r) => r.stored && r.booking?.booked)).toHaveLength(2)
    expect(await bookings(w.id)).toHaveLength(2)
  })

  it('never books an emergency, a place outside the area, a spam request or a window not offered; each request is kept', async () => {
    await clearRequests(db)
    const w = await freeWindow()
    const asks = [
      { ...request, name: 'Emergency', service: 'emergency', window: w.id },
      { ...request, name: 'Outside', zip: '10001', window: w.id },
      { ...request, name: 'Spam', website: 'http://spam.example', window: w.id },
      { ...request, name: 'Sunday', window: '2030-01-06T08:00' },
      { ...request, name: 'Malformed', window: 'tomorrow 8am' },
    ]
    const answers = []
    for (const body of asks) {
      const res = await post(body)
      expect(res.status).toBe(201)
      answers.push(((await res.json()) as { confirmation: { booking: string | null } }).confirmation.booking)
    }
    // Emergency and outside: their own lines say what happens; a window not offered: not kept.
    expect(answers).toEqual([null, null, JUST_FILLED, null, null])
    expect(await bookings(w.id)).toHaveLength(0)
    const stored = await db.k.selectFrom('contact_submissions').select('name').execute()
    expect(stored.map((r) => r.name).sort()).toEqual(['Emergency', 'Malformed', 'Outside', 'Spam', 'Sunday'])
    // Not told: booking_refused; told it was not kept: booking_full.
    expect((await timeline(['booking_refused'])).map((e) => e.detail).sort()).toEqual([
      '2030-01-06T08:00 (not a window of the schedule)',
      `${w.label} (outside the service area)`,
      `${w.label} (service not booked online)`,
    ])
    expect((await timeline(['booking_full'])).map((e) => e.detail)).toEqual([`${w.label} (possible spam)`])
  })

  it('holds the room the office set for a day', async () => {
    const w = await freeWindow()
    const now = new Date().toISOString()
    await db.k
      .insertInto('booking_days')
      .values({ date: w.id.slice(0, 10), visits_per_window: 0, updated_at: now })
      .execute()
    const day = (await windows()).find((d) => d.date === w.id.slice(0, 10))!
    expect(day.windows.every((x) => x.full)).toBe(true)
    const res = await post({ ...request, window: w.id })
    expect(((await res.json()) as { confirmation: { booking: string } }).confirmation.booking).toBe(JUST_FILLED)
    expect(await bookings(w.id)).toHaveLength(0)
  })

  it('works without JavaScript: /contact/book offers the windows, a form post books one and its confirmation says so', async () => {
    const page = await fetch(`${url()}/contact/book`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    const doc = parseHtml(await page.text())
    const select = findAll(doc, (el) => el.attrs.id === 'contact-booking-window')[0]!
    expect(select.attrs.hidden).toBeUndefined()
    const options = findAll(select, byTag('option'))
    expect(options.length).toBeGreaterThan(10)
    const w = await freeWindow()
    expect(options.some((o) => o.attrs.value === w.id)).toBe(true)
    const form = new URLSearchParams({
      name: 'Sam Post',
      phone: '410-555-0100',
      zip: '21014',
      window: w.id,
      page: '/contact',
    })
    const res = await fetch(`${url()}/api/contact`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        'x-forwarded-for': address(),
      },
      body: form.toString(),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    const sent = await fetch(new URL(res.headers.get('location')!, url()))
    expect(await sent.text()).toContain(`Your arrival window: ${w.label}. We will call to confirm it.`)
    expect(await bookings(w.id)).toHaveLength(1)
  })
})
