// The customer's side of online booking (issue 24, docs/booking.md), through the built server and
// a real SMTP server in this process, on SQLite and PostgreSQL: the confirmation of a request that
// booked a window names it, carries its calendar file and the customer's link; the link's page
// shows the visit, moves it to another free window and cancels it (the window free again), each
// change on the timeline and told to the office, never to the customer's confirmation channel; a
// link that is spent, tampered with or posted to from another site does nothing. Windows depend on
// the clock: each test takes its own from GET /api/booking/windows, as the form does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { utcStamp } from '../../src/server/mail/ics.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { serveOn } from '../helpers/served.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { byTag, findAll, parseHtml } from '../helpers/html.ts'

type Day = { date: string; label: string; windows: { id: string; label: string; full: boolean }[] }
type Mail = TestSmtp['received'][number]

const catalogue = loadCatalogue()
const { business } = catalogue
const { texts, link } = catalogue.booking!
const OFFICE = 'office@longbar-hvac.example'

/** The parts of a multipart message, each with its headers and its body decoded. */
function partsOf(mail: Mail): { headers: Record<string, string>; body: string }[] {
  const boundary = /boundary="?([^";]+)"?/.exec(mail.headers['content-type'] ?? '')?.[1]
  if (!boundary) return []
  const body = mail.raw.slice(mail.raw.indexOf('\r\n\r\n') + 4)
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const split = part.indexOf('\r\n\r\n')
      const headers: Record<string, string> = {}
      for (const line of part
        .slice(0, split)
        .trim()
        .replace(/\r\n[ \t]+/g, ' ')
        .split('\r\n')) {
        const colon = line.indexOf(':')
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
      }
      const content = part.slice(split + 4).replace(/\r\n$/, '')
      const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
      const decoded =
        encoding === 'base64'
          ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? Buffer.from(
                content
                  .replace(/=\r\n/g, '')
                  .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
                'latin1',
              ).toString('utf8')
            : content
      return { headers, body: decoded }
    })
}

/** A calendar file's content lines, continuations joined back. */
const icsLines = (file: string) => file.replace(/\r\n /g, '').split('\r\n')

describe.each(STORAGE_KINDS)('the customer booking link on %s', (kind) => {
  let smtp: TestSmtp
  const env: Record<string, string> = { NOTIFY_EMAIL: OFFICE, CONTACT_OVERALL_LIMIT: '1000/1h' }
  beforeAll(async () => {
    smtp = await startSmtp()
    env.SMTP_URL = smtp.url
  })
  afterAll(() => smtp?.close())
  const served = serveOn(kind, 'booking link test password', env)

  let nextAddress = 1
  const address = () => `203.0.113.${nextAddress++}`
  const url = (path: string) => new URL(path, served.server.url).href
  const windows = async (): Promise<Day[]> => {
    const res = await fetch(url('/api/booking/windows'), { headers: { 'x-forwarded-for': address() } })
    expect(res.status).toBe(200)
    return ((await res.json()) as { days: Day[] }).days
  }
  const windowOf = async (id: string) => (await windows()).flatMap((d) => d.windows).find((w) => w.id === id)
  const send = async (fields: Record<string, unknown>) => {
    const res = await fetch(url('/api/contact'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address() },
      body: JSON.stringify({
        phone: '(410) 555-0199',
        zip: '21014',
        service: 'heating-repair',
        elapsedMs: 8_000,
        page: '/contact',
        ...fields,
      }),
    })
    expect(res.status).toBe(201)
    const row = await served.db.k
      .selectFrom('contact_submissions')
      .select('id')
      .where('name', '=', String(fields.name))
      .executeTakeFirstOrThrow()
    return row.id
  }
  /** The first e-mail to `to` (whose text contains `saying`), once it has arrived. */
  const mailTo = async (to: string, saying = '') => {
    const until = Date.now() + 15_000
    for (;;) {
      const found = smtp.received.find((m) => m.to.includes(to) && m.text.includes(saying))
      if (found) return found
      if (Date.now() > until) throw new Error(`no e-mail to ${to} saying ${saying}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  const bookingOf = (id: string) =>
    served.db.k.selectFrom('bookings').selectAll().where('submission_id', '=', id).executeTakeFirstOrThrow()
  const timeline = (id: string, kinds: string[]) =>
    served.db.k
      .selectFrom('submission_activity')
      .select(['kind', 'detail'])
      .where('submission_id', '=', id)
      .where('kind', 'in', kinds)
      .orderBy('id')
      .execute()
  /** A POST of the page's forms, as a browser sends it from the page. */
  const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(url(path), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(served.server.url).origin,
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    })

  // Shared by the tests below, in order: Dana's request, its link, its windows.
  let id = ''
  let linkPath = ''
  let first: Day['windows'][number]
  let second: Day['windows'][number]

  it('mails the customer the window booked, its calendar file and the link', async () => {
    const days = await windows()
    first = days[0]!.windows.find((w) => !w.full)!
    second = days[1]!.windows.find((w) => !w.full)!
    id = await send({ name: 'Dana Whitaker', email: 'dana@example.com', window: first.id, message: 'Gate code 1234' })

    const mail = await mailTo('dana@example.com')
    expect(mail.headers['content-type']).toMatch(/^multipart\/mixed/)
    const [text, calendar, ...rest] = partsOf(mail)
    expect(rest).toEqual([])
    expect(text!.headers['content-type']).toMatch(/^text\/plain/)
    expect(text!.body).toContain(`${texts.booked}: ${first.label}. ${texts.bookedNote}`)
    expect(text!.body).toContain(link.email)
    const href = /http:\/\/localhost:3000(\/booking\/[A-Za-z0-9_-]+)/.exec(text!.body)?.[1]
    expect(href).toBeDefined()
    linkPath = href!
    expect(text!.body).not.toContain('Gate code')

    expect(calendar!.headers['content-type']).toMatch(/^text\/calendar; charset=utf-8; method=PUBLISH/i)
    expect(calendar!.headers['content-disposition']).toMatch(/^attachment; filename="?arrival-window\.ics"?/)
    const lines = icsLines(calendar!.body)
    const held = await bookingOf(id)
    expect(lines).toContain('METHOD:PUBLISH')
    expect(lines).toContain(`UID:booking-${id}@localhost`)
    expect(lines).toContain(`DTSTART:${utcStamp(new Date(held.starts_at))}`)
    expect(lines).toContain(`DTEND:${utcStamp(new Date(held.ends_at))}`)
    expect(lines).toContain(`SUMMARY:Arrival window: ${business.name}`)
    expect(lines.find((l) => l.startsWith('LOCATION:'))).toMatch(/^LOCATION:.+ 21014$/)
    expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toContain(business.phone.display)
    expect(calendar!.body).not.toContain('Gate code')
    expect(calendar!.body.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true)
  })

  it('opens a page that shows the visit, and moves it to another free window', async () => {
    const page = await fetch(url(linkPath))
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('referrer-policy')).toBe('same-origin')
    const html = await page.text()
    const doc = parseHtml(html)
    expect(findAll(doc, byTag('h1')).length).toBe(1)
    expect(html).toContain('noindex')
    expect(html).toContain(first.label)
    expect(html).toContain(texts.bookedNote)
    const options = findAll(doc, byTag('option')).map((o) => o.attrs.value)
    expect(options).toContain(first.id)
    expect(options).toContain(second.id)

    // Someone else takes one visit of `second`: Dana's move takes its last.
    await send({ name: 'Other Customer', window: second.id })
    const before = smtp.received.length
    const res = await postForm(`${linkPath}/move`, { window: second.id })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${linkPath}?done=moved`)
    expect(await bookingOf(id)).toMatchObject({
      window_date: second.id.slice(0, 10),
      window_start: second.id.slice(11),
      status: 'booked',
    })
    expect(await timeline(id, ['booking_moved'])).toEqual([
      { kind: 'booking_moved', detail: `${first.label} → ${second.label} (by the customer)` },
    ])
    // Not read: the office has not seen it.
    const row = await served.db.k
      .selectFrom('contact_submissions')
      .select('is_read')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(Boolean(row.is_read)).toBe(false)
    expect((await windowOf(second.id))?.full).toBe(true)
    expect((await windowOf(first.id))?.full).toBe(false)

    // The office hears of it, in the same transaction's outbox row, on its e-mail.
    const events = await served.db.k
      .selectFrom('notification_outbox')
      .select(['event', 'detail'])
      .where('submission_id', '=', id)
      .where('channel', 'is', null)
      .where('event', '=', 'booking')
      .execute()
    const moved = `Booking moved by the customer: ${first.label} → ${second.label}`
    expect(events).toEqual([{ event: 'booking', detail: moved }])
    const alert = await mailTo(OFFICE, `${moved}.`)
    expect(alert.subject).toBe('Booking changed by the customer: Dana Whitaker – Heating Repair')
    expect(alert.text).toContain('Phone:')
    // The customer's own confirmation does not go out again.
    await new Promise((r) => setTimeout(r, 500))
    expect(smtp.received.slice(before).filter((m) => m.to.includes('dana@example.com'))).toEqual([])

    const after = await fetch(url(res.headers.get('location')!))
    const afterHtml = await after.text()
    expect(afterHtml).toContain(link.moved)
    expect(afterHtml).toContain(second.label)
  })

  it('keeps the visit where it is when the window chosen is full, or not offered', async () => {
    const id2 = await send({ name: 'Sam Ortiz', email: 'sam@example.com', window: first.id })
    const mail = await mailTo('sam@example.com')
    const samLink = /http:\/\/localhost:3000(\/booking\/[A-Za-z0-9_-]+)/.exec(partsOf(mail)[0]!.body)![1]!
    for (const window of [second.id, '2030-01-06T08:00', 'tomorrow']) {
      const res = await postForm(`${samLink}/move`, { window })
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe(`${samLink}?done=full`)
    }
    expect(await bookingOf(id2)).toMatchObject({ window_date: first.id.slice(0, 10), window_start: first.id.slice(11) })
    const page = await (await fetch(url(`${samLink}?done=full`))).text()
    expect(page).toContain(link.full)
  })

  it('cancels the visit after a confirmation step: the window is free again, the office told, the link spent', async () => {
    const ask = await (await fetch(url(`${linkPath}?cancel`))).text()
    expect(ask).toContain(link.cancelQuestion)
    const form = findAll(parseHtml(ask), byTag('form')).find((f) => f.attrs.action?.endsWith('/cancel'))
    expect(form?.attrs.method).toBe('post')

    const res = await postForm(`${linkPath}/cancel`, {})
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${linkPath}?done=cancelled`)
    expect((await bookingOf(id)).status).toBe('cancelled')
    expect((await windowOf(second.id))?.full).toBe(false)
    expect((await timeline(id, ['booking_cancelled'])).map((e) => e.detail)).toEqual([
      `${second.label} (by the customer)`,
    ])
    const cancelled = `Booking cancelled by the customer: ${second.label}.`
    await mailTo(OFFICE, cancelled)
    await new Promise((r) => setTimeout(r, 500))
    expect(smtp.received.filter((m) => m.text.includes(cancelled)).map((m) => m.to)).toEqual([[OFFICE]])

    const done = await fetch(url(res.headers.get('location')!))
    expect(done.status).toBe(200)
    expect(await done.text()).toContain(link.cancelled)

    const spent = await fetch(url(linkPath))
    expect(spent.status).toBe(404)
    const spentHtml = await spent.text()
    expect(spentHtml).toContain(link.invalid)
    expect(spentHtml).toContain(business.phone.display)
    // Nothing more can be done with it.
    expect((await postForm(`${linkPath}/move`, { window: first.id })).status).toBe(404)
    expect((await bookingOf(id)).status).toBe('cancelled')
  })

  it('says a tampered or made-up link is no longer valid, the same way, 404', async () => {
    const token = linkPath.split('/')[2]!
    const tampered = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`
    for (const path of [`/booking/${tampered}`, '/booking/not-a-token', '/booking/manage']) {
      const res = await fetch(url(path))
      expect(res.status, path).toBe(404)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const html = await res.text()
      expect(html).toContain(link.invalid)
      expect(html).toContain(business.phone.display)
    }
    expect((await postForm(`/booking/${tampered}/cancel`, {})).status).toBe(404)
  })

  it('refuses a post from another site', async () => {
    const id3 = await send({ name: 'Lee Park', email: 'lee@example.com', window: second.id })
    const mail = await mailTo('lee@example.com')
    const leeLink = /http:\/\/localhost:3000(\/booking\/[A-Za-z0-9_-]+)/.exec(partsOf(mail)[0]!.body)![1]!
    const crossSite = await postForm(`${leeLink}/cancel`, {}, { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    // A browser that sends no Sec-Fetch-Site, from a page elsewhere.
    const elsewhere = await fetch(url(`${leeLink}/cancel`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: '',
      redirect: 'manual',
    })
    expect(elsewhere.status).toBe(403)
    expect((await bookingOf(id3)).status).toBe('booked')
    // The page's own form as Chromium posts it under a strict referrer policy: Origin "null", and
    // the browser's word that it is same-origin. (Refused before; found by a walk in Chromium.)
    const own = await postForm(`${leeLink}/cancel`, {}, { origin: 'null', 'sec-fetch-site': 'same-origin' })
    expect(own.status).toBe(303)
    expect((await bookingOf(id3)).status).toBe('cancelled')
  })
})
