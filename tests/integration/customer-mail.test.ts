// The customer's automated e-mails (issue 25, docs/decisions/051-customer-mail.md) through the
// built server and a real SMTP server in this process, on SQLite and PostgreSQL: every e-mail to a
// customer (the confirmation, the review request, the visit reminder) carries the one-click
// unsubscribe headers (RFC 8058) and the office's alerts do not; a job marked completed sends one
// review request, at most once per customer in 12 months; the unsubscribe link's POST suppresses
// the address and its GET does not; a suppressed address gets nothing more while the office is
// still alerted; a client's visit reminder goes once per visit date; "Visits due" lists them.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getCatalogue } from '../../src/catalogue/load.ts'
import { listActivity } from '../../src/server/db/activity.ts'
import { enqueueVisitReminders, isSuppressed } from '../../src/server/db/customer-mail.ts'
import { signingKey } from '../../src/server/db/signing-keys.ts'
import { unsubscribeToken } from '../../src/server/mail/unsubscribe.ts'
import { adminClient } from '../helpers/admin.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'

const { business } = getCatalogue()
const OFFICE = 'office@longbar-hvac.example'
const PASSWORD = 'customer mail password, long enough'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The office's date today (YYYY-MM-DD), and `n` days after it. */
const officeDay = (n = 0) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: business.timeZone }).format(new Date())
  return new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
}

/** The URL in a List-Unsubscribe header: `<https://…>`. */
const unsubscribeUrl = (header: string | undefined) => /<(http[^>]+)>/.exec(header ?? '')?.[1]

describe.each(STORAGE_KINDS)("the customer's e-mails on %s", (kind) => {
  let smtp: TestSmtp
  const env: Record<string, string> = { NOTIFY_EMAIL: OFFICE }
  beforeAll(async () => {
    smtp = await startSmtp()
    env.SMTP_URL = smtp.url
  })
  afterAll(() => smtp?.close())
  const served = serveOn(kind, PASSWORD, env)
  const tag = randomBytes(3).toString('hex')
  let address = 10
  let office: ReturnType<typeof adminClient>
  beforeAll(async () => {
    office = adminClient(served.server.url, { from: '203.0.113.9', origin: ORIGIN, password: PASSWORD })
    expect((await office.login()).status).toBe(200)
  })

  /** A request as a visitor sends it; returns its id. */
  const send = async (name: string, email?: string, phone = '(410) 555-0199'): Promise<string> => {
    const res = await fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${address++}` },
      body: JSON.stringify({
        name: `${name} ${tag}`,
        phone,
        elapsedMs: 9000,
        page: '/contact',
        ...(email ? { email } : {}),
      }),
    })
    expect(res.status).toBe(201)
    const row = await served.db.k
      .selectFrom('contact_submissions')
      .select('id')
      .where('name', '=', `${name} ${tag}`)
      .executeTakeFirstOrThrow()
    return row.id
  }
  const patch = async (id: string, changes: Record<string, unknown>) => {
    const res = await office.call('PATCH', `/api/admin/submissions/${id}`, changes)
    expect(res.status).toBe(200)
  }
  /** The mails to `to` received so far. */
  const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to))
  /** Waits until `to` has `count` mails, then a little more to see that no other comes. */
  const settle = async (to: string, count: number) => {
    const until = Date.now() + 15_000
    while (mailsTo(to).length < count && Date.now() < until) await sleep(50)
    await sleep(800)
    return mailsTo(to)
  }
  /** A request sent two hours ago (a later one from the same customer is not "sent again"). */
  const age = (id: string) =>
    served.db.k
      .updateTable('contact_submissions')
      .set({ created_at: new Date(Date.now() - 2 * 3_600_000).toISOString() })
      .where('id', '=', id)
      .execute()
  const timeline = async (id: string) => (await listActivity(served.db, id)).map((e) => `${e.kind}: ${e.detail ?? ''}`)

  it('carries the one-click unsubscribe on the confirmation, not on the office alert', async () => {
    const email = `first-${tag}@example.com`
    await send('Dana Confirm', email)
    const [confirmation] = await settle(email, 1)
    expect(confirmation!.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\?t=[\w-]+>$/)
    expect(confirmation!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    const alert = (await settle(OFFICE, 1)).at(-1)!
    expect(alert.headers['list-unsubscribe']).toBeUndefined()
    expect(alert.headers['list-unsubscribe-post']).toBeUndefined()
  })

  it('sends one review request when a job is completed, at most once per customer in 12 months', async () => {
    const email = `review-${tag}@example.com`
    const first = await send('Rita Review', email, '(410) 555-0101')
    await settle(email, 1) // the confirmation
    await patch(first, { status: 'completed' })
    const mails = await settle(email, 2)
    expect(mails).toHaveLength(2)
    const review = mails[1]!
    expect(review.subject).toBe(`How did we do? A review for ${business.name}`)
    expect(review.text).toContain(business.reviewUrl!)
    expect(review.text).toContain('Hello Rita,')
    expect(review.headers['reply-to']).toBe(business.email)
    expect(unsubscribeUrl(review.headers['list-unsubscribe'])).toMatch(/\/unsubscribe\?t=/)
    expect(review.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(await timeline(first)).toEqual(
      expect.arrayContaining([
        'customer_mail: Review request e-mail queued',
        `notified: Review request to the customer (${email})`,
      ]),
    )
    // Back and completed again: not asked twice.
    await patch(first, { status: 'scheduled' })
    await patch(first, { status: 'completed' })
    // The same customer's next job, with the address in another case.
    await age(first)
    const second = await send('Rita Second', email.toUpperCase(), '(410) 555-0101')
    const same = await served.db.k
      .selectFrom('contact_submissions')
      .select(['id', 'customer_id'])
      .where('id', 'in', [first, second])
      .execute()
    expect(new Set(same.map((r) => r.customer_id)).size).toBe(1)
    await patch(second, { status: 'completed' })
    expect(await settle(email, 2)).toHaveLength(2)
    expect(await timeline(second)).toContain(
      'customer_mail: No review request: this customer was asked within the last 12 months',
    )
    // Thirteen months later the customer may be asked again.
    await served.db.k
      .updateTable('customer_mails')
      .set({ created_at: new Date(Date.now() - 396 * 86_400_000).toISOString() })
      .where('submission_id', '=', first)
      .execute()
    await age(second)
    const third = await send('Rita Third', email, '(410) 555-0101')
    await patch(third, { status: 'completed' })
    // Its confirmation was sent today already (one a day per address): the review request alone.
    const later = await settle(email, 3)
    expect(later.filter((m) => m.subject.startsWith('How did we do?'))).toHaveLength(2)
    expect(later).toHaveLength(3)
  })

  it('is not sent to a customer without an e-mail address', async () => {
    const id = await send('Nora Nomail')
    await patch(id, { status: 'completed' })
    const log = await timeline(id)
    expect(log.some((e) => e.startsWith('customer_mail:'))).toBe(false)
    expect(
      await served.db.k.selectFrom('customer_mails').select('kind').where('submission_id', '=', id).execute(),
    ).toEqual([])
  })

  it('unsubscribes in one click by POST, never by GET; a suppressed address gets nothing, the office still does', async () => {
    const email = `leave-${tag}@example.com`
    const id = await send('Lee Leave', email, '(410) 555-0102')
    const [confirmation] = await settle(email, 1)
    const url = unsubscribeUrl(confirmation!.headers['list-unsubscribe'])!
    const local = url.replace(ORIGIN, served.server.url)

    // A link scanner's GET: a page with a button, and nothing done.
    const page = await fetch(local)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    expect(html).toContain('<button type="submit">Unsubscribe</button>')
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"')
    expect(html).not.toContain(email)
    expect(await isSuppressed(served.db.k, email)).toBe(false)

    // A POST without the one-click body does nothing.
    expect((await fetch(local, { method: 'POST' })).status).toBe(400)
    expect(await isSuppressed(served.db.k, email)).toBe(false)
    // A tampered token is not valid.
    const tampered = local.replace(/t=(.)/, (_, c: string) => `t=${c === 'A' ? 'B' : 'A'}`)
    const bad = await fetch(tampered, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(bad.status).toBe(404)
    expect((await fetch(`${served.server.url}/unsubscribe?t=nonsense`)).status).toBe(404)

    // The mail provider's POST (RFC 8058): no Origin, no cookie, from another machine.
    const done = await fetch(local, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('You are unsubscribed')
    expect(await isSuppressed(served.db.k, email.toUpperCase())).toBe(true)
    // Posted again (a second click), still fine.
    const again = await fetch(local, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    })
    expect(again.status).toBe(200)

    // The job completed: no review request, said on the timeline.
    await patch(id, { status: 'completed' })
    expect(await timeline(id)).toContain('customer_mail: No review request: the address unsubscribed')
  })

  it('sends no confirmation to an address that unsubscribed, and still alerts the office', async () => {
    const email = `never-${tag}@example.com`
    const token = unsubscribeToken(await signingKey(served.db, 'unsubscribe'), email)
    const res = await fetch(`${served.server.url}/unsubscribe?t=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    const officeBefore = mailsTo(OFFICE).length
    const id = await send('Never Mailed', email, '(410) 555-0108')
    expect((await settle(OFFICE, officeBefore + 1)).length).toBe(officeBefore + 1)
    expect(mailsTo(email)).toHaveLength(0)
    expect((await timeline(id)).filter((e) => e.startsWith('notified:'))).toEqual([`notified: E-mail to ${OFFICE}`])
  })

  it('reminds a client of the next service visit once per visit date, with the booking link', async () => {
    const email = `visit-${tag}@example.com`
    const id = await send('Vic Visit', email, '(410) 555-0104')
    await settle(email, 1)
    await patch(id, { is_client: true, next_delivery_date: officeDay(3), delivery_frequency: 'Twice a year' })
    const run = () =>
      enqueueVisitReminders(served.db, { today: officeDay(), daysBefore: 7, now: new Date().toISOString() })
    await run()
    await run()
    const mails = await settle(email, 2)
    expect(mails).toHaveLength(2)
    const reminder = mails[1]!
    expect(reminder.subject).toMatch(/^Your next service visit: \w+day, \w+ \d+$/)
    expect(reminder.text).toContain(`${ORIGIN}/contact#contact-form`)
    expect(reminder.text).toContain(business.phone.display)
    expect(reminder.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(unsubscribeUrl(reminder.headers['list-unsubscribe'])).toBeDefined()
    expect(await timeline(id)).toEqual(
      expect.arrayContaining([
        `customer_mail: Visit reminder e-mail queued for ${officeDay(3)}`,
        `notified: Visit reminder to the customer (${email})`,
      ]),
    )
    // A visit beyond the days before: not yet. A new date within them: its own reminder, once.
    const reminders = () =>
      served.db.k
        .selectFrom('customer_mails')
        .select('visit_date')
        .where('submission_id', '=', id)
        .where('kind', '=', 'visit')
        .orderBy('visit_date')
        .execute()
    await patch(id, { next_delivery_date: officeDay(30) })
    await run()
    expect(await reminders()).toEqual([{ visit_date: officeDay(3) }])
    await patch(id, { next_delivery_date: officeDay(5) })
    await run()
    await run()
    expect(await reminders()).toEqual([{ visit_date: officeDay(3) }, { visit_date: officeDay(5) }])
    expect(await settle(email, 3)).toHaveLength(3)
  })

  it('lists the visits due: overdue, this month, next month', async () => {
    const overdue = await send('Otto Overdue', undefined, '(410) 555-0105')
    const soon = await send('Sue Soon', undefined, '(410) 555-0106')
    const far = await send('Fay Far', undefined, '(410) 555-0107')
    await patch(overdue, { is_client: true, next_delivery_date: officeDay(-10) })
    await patch(soon, { is_client: true, next_delivery_date: officeDay() })
    await patch(far, { is_client: true, next_delivery_date: officeDay(120) })
    const res = await office.call('GET', '/api/admin/visits-due')
    expect(res.status).toBe(200)
    type Group = { id: string; name: string; date: string; phone: string | null }[]
    const body = res.body as { today: string; overdue: Group; thisMonth: Group; nextMonth: Group }
    expect(body.today).toBe(officeDay())
    expect(body.overdue.map((v) => v.id)).toContain(overdue)
    expect(body.thisMonth.map((v) => v.id)).toContain(soon)
    const all = [...body.overdue, ...body.thisMonth, ...body.nextMonth].map((v) => v.id)
    expect(all).not.toContain(far)
    expect(body.overdue.find((v) => v.id === overdue)).toMatchObject({ phone: '(410) 555-0105', date: officeDay(-10) })
    // Signed out: refused.
    expect((await fetch(`${served.server.url}/api/admin/visits-due`)).status).toBe(401)
  })
})
