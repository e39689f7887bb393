// The customer's confirmation (decision 033): through the built server and a real SMTP server in
// this process, on SQLite and PostgreSQL: one plain-text e-mail to a visitor who gave an address,
// Reply-To the business, saying when to expect a call and to call now in an emergency; none for
// spam, "Possible spam", no address, or a request moved out of Spam days later. Its wording, open
// and closed, from content/confirmation.yaml.
import { describe, expect, it, beforeAll, afterAll } from 'vitest'
import { getCatalogue } from '../../src/catalogue/load.ts'
import { composeConfirmation } from '../../src/server/mail/confirmation.ts'
import { confirmationChannel } from '../../src/server/alerts/confirmation.ts'
import type { Submission } from '../../src/server/db/submissions.ts'
import { listActivity } from '../../src/server/db/activity.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'

const catalogue = getCatalogue()
const { business } = catalogue
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('the confirmation e-mail', () => {
  const settings = {
    text: catalogue.confirmation,
    office: { hours: business.hours, timeZone: business.timeZone },
    replyTo: business.email,
    from: 'web@longbar-hvac.example',
    publicOrigin: ORIGIN,
  }
  const request = (created_at: string) =>
    ({ id: 'abc', created_at, service: 'heating-repair', name: 'Dana <a href=x>', message: 'Buy now' }) as Submission

  it('says the office will call shortly when it is open, and after the next opening when it is closed', () => {
    // Monday 10:00 in New York (open), then Saturday 20:00 (closed until Monday 7:00; Sunday has no hours).
    const open = composeConfirmation(request('2026-11-23T15:00:00.000Z'), 'dana@example.com', settings)
    expect(open).toMatchObject({
      to: 'dana@example.com',
      replyTo: 'info@longbar-hvac.example',
      subject: 'We received your request – Longbar Heating & Cooling',
      messageId: '<confirmation-abc@localhost>',
      headers: { 'Auto-Submitted': 'auto-replied' },
    })
    expect(open.text).toBe(
      [
        'Hello,',
        '',
        'Thank you for contacting Longbar Heating & Cooling. We have received your service request.',
        'Service: Heating Repair',
        '',
        catalogue.confirmation.callWhenOpen,
        '',
        `If this is an emergency (no heat, no cooling, a gas smell, water leaking), please don't wait for us: call ${business.phone.display} now, day or night.`,
        '',
        `Longbar Heating & Cooling\n${business.phone.display}`,
        '',
        '--',
        catalogue.confirmation.footer,
        '',
      ].join('\n'),
    )
    const closed = composeConfirmation(request('2026-11-22T01:00:00.000Z'), 'dana@example.com', settings)
    expect(closed.text).toContain(
      'Our office is closed right now. We will call you back after we open: Monday, November 23, at 7:00 AM.',
    )
    // Nothing the visitor wrote.
    expect(closed.text).not.toContain('Dana')
    expect(closed.text).not.toContain('Buy now')
  })
})

describe.each(STORAGE_KINDS)('the confirmation through the server on %s', (kind) => {
  let smtp: TestSmtp
  const env: Record<string, string> = { NOTIFY_EMAIL: 'office@longbar-hvac.example' }
  beforeAll(async () => {
    smtp = await startSmtp()
    env.SMTP_URL = smtp.url
  })
  afterAll(() => smtp?.close())
  const served = serveOn(kind, 'confirmation test password', env)

  let address = 20
  const send = (fields: Record<string, unknown>) =>
    fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${address++}` },
      body: JSON.stringify({ phone: '(410) 555-0199', elapsedMs: 9000, page: '/contact', ...fields }),
    }).then((r) => r.status)

  it('goes to a visitor who gave an address, once; never for spam, possible spam or no address', async () => {
    expect(await send({ name: 'Dana Whitaker', email: 'dana@example.com', service: 'ac-repair' })).toBe(201)
    expect(await send({ name: 'No Address' })).toBe(201)
    expect(await send({ name: 'Bot', email: 'victim@example.com', website: 'http://spam.example' })).toBe(201)
    const links = 'http://a.example http://b.example http://c.example'
    expect(await send({ name: 'Linky', email: 'victim2@example.com', message: links })).toBe(201)
    // Three office e-mails (the spam has none) and one confirmation.
    await smtp.waitFor(4)
    await sleep(800)
    expect(smtp.received).toHaveLength(4)
    const toCustomer = smtp.received.filter((m) => !m.to.includes('office@longbar-hvac.example'))
    expect(toCustomer).toHaveLength(1)
    const mail = toCustomer[0]!
    expect(mail.to).toEqual(['dana@example.com'])
    expect(mail.headers['reply-to']).toBe('info@longbar-hvac.example')
    expect(mail.headers['content-type']).toMatch(/^text\/plain/)
    expect(mail.subject).toBe('We received your request – Longbar Heating & Cooling')
    expect(mail.text).toContain('Service: AC Repair')
    expect(mail.text).toContain(`call ${business.phone.display} now`)
    expect(mail.text).toMatch(/call you back (shortly|after we open: \w+day, \w+ \d+, at \d+:\d\d [AP]M\.)/)

    const row = await served.db.k
      .selectFrom('contact_submissions')
      .select('id')
      .where('name', '=', 'Dana Whitaker')
      .executeTakeFirstOrThrow()
    expect((await listActivity(served.db, row.id)).map((e) => `${e.kind}: ${e.detail}`).sort()).toEqual([
      'notified: Confirmation to the customer (dana@example.com)',
      'notified: E-mail to office@longbar-hvac.example',
    ])
  })
  it('is sent only for a new request with a valid address, not possible spam, announced within a day', async () => {
    const now = new Date('2026-11-23T15:00:00.000Z')
    const channel = confirmationChannel({ send: () => Promise.resolve(), compose: () => ({}) as never, now: () => now })
    const s = (fields: Partial<Submission>) =>
      ({
        email: 'targets@example.com',
        is_spam: false,
        suspicion: null,
        created_at: '2026-11-23T14:59:00.000Z',
        ...fields,
      }) as Submission
    const targets = (event: 'new' | 'status', fields: Partial<Submission> = {}) =>
      channel.targets(served.db.k, event, s(fields))
    expect(await targets('new')).toEqual(['targets@example.com'])
    expect(await targets('status')).toEqual([])
    expect(await targets('new', { email: null })).toEqual([])
    expect(await targets('new', { email: 'not an address' })).toEqual([])
    expect(await targets('new', { is_spam: true })).toEqual([])
    expect(await targets('new', { suspicion: 'many links' })).toEqual([])
    expect(await targets('new', { created_at: '2026-11-20T15:00:00.000Z' })).toEqual([])
  })

  it('is sent once per recipient per day, however many requests name the address (finding 6)', async () => {
    const before = smtp.received.length
    for (let i = 0; i < 10; i++) expect(await send({ name: `Caller ${i}`, email: 'Stranger@Example.com' })).toBe(201)
    await smtp.waitFor(before + 11)
    await sleep(800)
    expect(smtp.received.filter((m) => m.to.some((to) => to.toLowerCase() === 'stranger@example.com'))).toHaveLength(1)
    expect(smtp.received.slice(before).filter((m) => m.to.includes('office@longbar-hvac.example'))).toHaveLength(10)
  })
})
