// POST /api/contact against the built server, on SQLite and on PostgreSQL: what is stored, what
// is refused (and that nothing of it is stored), spam, the rate limit, and the no-JS answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { countSubmissions, toSubmission } from '../../src/server/db/submissions.ts'
import { startServer, type RunningServer } from '../../scripts/lib/server.ts'
import { byTag, findAll, readPage, textOf } from '../helpers/html.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'

const PHONE = '(410) 555-0142'
/** The confirmation's words in a JSON answer (src/lead/confirmation.ts; its hours are tested in tests/unit/confirmation.test.ts). */
const confirmed = (name: string, phone: string, { urgent = false, outside = false } = {}) => ({
  heading: 'Your request has arrived',
  details: `Thank you, ${name}. We'll call you at ${phone}.`,
  when: expect.stringMatching(/^Our office is (open now|closed right now)/),
  urgent: urgent ? expect.stringContaining(`call ${PHONE} now`) : null,
  outside: outside ? expect.stringContaining('outside our usual service area') : null,
  booking: null,
})
const valid = {
  name: 'Dana Whitaker',
  phone: '(410) 555-0199',
  email: 'dana@example.com',
  service: 'heating-repair',
  message: 'The furnace blows cold air.\nSince this morning.',
}

describe.each(STORAGE_KINDS)('POST /api/contact on %s', (kind) => {
  let storage: StorageTarget
  let server: RunningServer
  let db: Db
  let nextAddress = 1
  // Each test speaks from its own address (through TRUST_PROXY) so the rate limit is its own; past
  // 203.0.113.255 they go on in the next /24 (an invalid address would fall back to the socket's, shared).
  const address = () => {
    const n = nextAddress++
    return `203.0.${113 + (n >> 8)}.${n & 255}`
  }

  beforeAll(async () => {
    storage = await createStorage(kind)
    db = await storage.open()
    server = await startServer({ DATABASE_URL: storage.databaseUrl, TRUST_PROXY: '1' })
  })
  afterAll(async () => {
    await server?.stop()
    await db?.close()
    await storage?.remove()
  })

  const post = (
    body: string | object,
    { type = 'application/json', accept = 'application/json', from = address() } = {},
  ) =>
    fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { ...(type ? { 'content-type': type } : {}), accept, 'x-forwarded-for': from },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    })
  const rows = async () =>
    (await db.k.selectFrom('contact_submissions').selectAll().orderBy('created_at').execute()).map(toSubmission)
  const newest = async () => (await rows()).at(-1)!

  it('stores a valid request with every field and answers { success: true }', async () => {
    const before = Date.now()
    const res = await post({ ...valid, page: '/contact', referrer: 'https://www.google.com/', elapsedMs: 12_000 })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ success: true, confirmation: confirmed('Dana Whitaker', '(410) 555-0199') })
    const row = await newest()
    expect(row).toMatchObject({
      name: 'Dana Whitaker',
      phone: '(410) 555-0199',
      email: 'dana@example.com',
      service: 'heating-repair',
      message: 'The furnace blows cold air.\nSince this morning.',
      status: 'new',
      is_read: false,
      read_at: null,
      is_client: false,
      client_since: null,
      source_page: '/contact',
      referrer: 'https://www.google.com/',
      is_spam: false,
      spam_reason: null,
    })
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(Date.parse(row.created_at)).toBeGreaterThanOrEqual(before - 1000)
    const outbox = await db.k
      .selectFrom('notification_outbox')
      .selectAll()
      .where('submission_id', '=', row.id)
      .execute()
    expect(outbox).toHaveLength(1)
  })

  it('stores the ZIP code with its place, the out-now answer and the time to call back; out now makes it urgent', async () => {
    const res = await post({ ...valid, name: 'Zip Inside', zip: '21085', outNow: 'yes', callbackTime: 'evening' })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({
      success: true,
      confirmation: confirmed('Zip Inside', valid.phone, { urgent: true }),
    })
    expect(await newest()).toMatchObject({
      name: 'Zip Inside',
      zip: '21085',
      zip_place: 'Joppa, Harford County',
      out_now: 'yes',
      callback_time: 'evening',
      urgency: 'Out right now',
      urgent_open: true,
    })
    expect((await post({ ...valid, name: 'Town Zip', zip: ' 21014 ', outNow: 'no' })).status).toBe(201)
    expect(await newest()).toMatchObject({
      zip: '21014',
      zip_place: 'Bel Air',
      out_now: 'no',
      callback_time: null,
      urgency: null,
      urgent_open: false,
    })
  })

  it('takes a ZIP code outside the area without refusing it: stored with no place', async () => {
    const res = await post({ ...valid, name: 'Zip Outside', zip: '90210' })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({
      success: true,
      confirmation: confirmed('Zip Outside', valid.phone, { outside: true }),
    })
    expect(await newest()).toMatchObject({ name: 'Zip Outside', zip: '90210', zip_place: null, out_now: null })
  })

  it('stores the new fields from a form sent without JavaScript too, empty ones as null', async () => {
    const form = new URLSearchParams({ ...valid, name: 'Form Zip', zip: '21001', outNow: 'yes', callbackTime: '' })
    const res = await post(form.toString(), { type: 'application/x-www-form-urlencoded', accept: 'text/html' })
    expect(res.status).toBe(303)
    expect(await newest()).toMatchObject({
      name: 'Form Zip',
      zip: '21001',
      zip_place: 'Aberdeen',
      out_now: 'yes',
      callback_time: null,
      urgency: 'Out right now',
    })
    const blank = new URLSearchParams({ ...valid, name: 'Form Blank', zip: '', callbackTime: '' })
    expect(
      (await post(blank.toString(), { type: 'application/x-www-form-urlencoded', accept: 'text/html' })).status,
    ).toBe(303)
    expect(await newest()).toMatchObject({
      name: 'Form Blank',
      zip: null,
      zip_place: null,
      out_now: null,
      callback_time: null,
    })
  })

  it('stores the old client\'s body too: the five fields, empty ones as ""', async () => {
    const res = await post({ name: 'Sam Ortiz', phone: '410.555.0123', email: '', service: '', message: '' })
    expect(res.status).toBe(201)
    expect(await newest()).toMatchObject({
      name: 'Sam Ortiz',
      phone: '410.555.0123',
      email: null,
      service: null,
      message: null,
    })
  })

  it('accepts form data from the script (JSON answer) and from a browser without it (303 to the confirmation)', async () => {
    const form = new URLSearchParams({ ...valid, website: '', page: '/contact' }).toString()
    const json = await post(form, { type: 'application/x-www-form-urlencoded' })
    expect(json.status).toBe(201)
    expect(await json.json()).toMatchObject({ success: true })
    const html = await post(form, {
      type: 'application/x-www-form-urlencoded',
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    })
    expect(html.status).toBe(303)
    expect(html.headers.get('location')).toMatch(/^\/contact\/sent\/[0-9a-f-]{36}$/)
    expect((await rows()).filter((r) => r.name === valid.name && r.source_page === '/contact')).toHaveLength(3)
  })

  it('keeps markup, SQL and spreadsheet formulas verbatim, as text', async () => {
    const hostile = {
      name: '<script>alert("x")</script> O\'Brien',
      phone: '+1 (410) 555-0100',
      email: 'a+b@example.com',
      message:
        '\'); DROP TABLE contact_submissions; --\n=HYPERLINK("http://evil.example","click")\n<img src=x onerror=alert(1)>',
    }
    expect((await post(hostile)).status).toBe(201)
    expect(await newest()).toMatchObject(hostile)
    expect(await countSubmissions(db)).toBeGreaterThan(0)
  })

  it('drops unknown fields instead of refusing the request', async () => {
    const res = await post({
      ...valid,
      name: 'Extra Field',
      utm_source: 'flyer',
      id: 'x',
      status: 'closed',
      is_read: true,
    })
    expect(res.status).toBe(201)
    expect(await newest()).toMatchObject({ name: 'Extra Field', status: 'new', is_read: false })
  })

  const long = (n: number) => 'x'.repeat(n)
  it.each([
    ['no name', { ...valid, name: undefined }, 400, ['name']],
    ['a blank name', { ...valid, name: '   ' }, 400, ['name']],
    ['a name over 100 characters', { ...valid, name: long(101) }, 400, ['name']],
    ['a name of control characters only', { ...valid, name: '\u0000\u0007' }, 400, ['name']],
    ['no phone', { ...valid, phone: undefined }, 400, ['phone']],
    ['a phone with 9 digits', { ...valid, phone: '410-555-014' }, 400, ['phone']],
    ['a phone with 16 digits', { ...valid, phone: '1234567890123456' }, 400, ['phone']],
    ['a phone over 30 characters', { ...valid, phone: `4105550142${' '.repeat(25)}x` }, 400, ['phone']],
    ['a malformed e-mail', { ...valid, email: 'dana@' }, 400, ['email']],
    ['an e-mail over 254 characters', { ...valid, email: `${long(250)}@example.com` }, 400, ['email']],
    ['an unknown service', { ...valid, service: 'plumbing' }, 400, ['service']],
    ['a message over 5000 characters', { ...valid, message: long(5001) }, 400, ['message']],
    ['a number as name', { ...valid, name: 42 }, 400, ['name']],
    ['a list as phone', { ...valid, phone: ['4105550142'] }, 400, ['phone']],
    ['an object as message', { ...valid, message: { text: 'hi' } }, 400, ['message']],
    ['a boolean as service', { ...valid, service: true }, 400, ['service']],
    ['a ZIP code of four digits', { ...valid, zip: '2101' }, 400, ['zip']],
    ['a ZIP+4 code', { ...valid, zip: '21014-1234' }, 400, ['zip']],
    ['an out-now answer that is not yes or no', { ...valid, outNow: 'maybe' }, 400, ['outNow']],
    ['an unknown time to call back', { ...valid, callbackTime: 'midnight' }, 400, ['callbackTime']],
    ['nothing at all', {}, 400, ['name', 'phone']],
  ] as const)('refuses %s with 400 naming the field, and stores nothing', async (_label, body, status, fields) => {
    const before = await countSubmissions(db)
    const res = await post(body)
    expect(res.status).toBe(status)
    const answer = (await res.json()) as { success: boolean; error: string; fields: Record<string, string> }
    expect(answer.success).toBe(false)
    expect(answer.error.length).toBeGreaterThan(10)
    expect(Object.keys(answer.fields).sort()).toEqual([...fields].sort())
    expect(await countSubmissions(db)).toBe(before)
  })

  it.each([
    ['broken JSON', '{"name": "Dana", ', 'application/json', 400],
    ['a JSON list', '[1, 2]', 'application/json', 400],
    ['a JSON string', '"hello"', 'application/json', 400],
    ['JSON null', 'null', 'application/json', 400],
    ['plain text', 'name=Dana&phone=4105550142', 'text/plain', 415],
    ['XML', '<contact><name>Dana</name></contact>', 'application/xml', 415],
    ['no content type', JSON.stringify(valid), '', 415],
    ['a body over 64 KB', JSON.stringify({ ...valid, message: long(70_000) }), 'application/json', 413],
  ] as const)(
    'answers %s with %#: status, { success: false, error }, nothing stored',
    async (_label, body, type, status) => {
      const before = await countSubmissions(db)
      const res = await post(body, { type })
      expect(res.status).toBe(status)
      const answer = (await res.json()) as { success: boolean; error: string }
      expect(answer).toEqual({ success: false, error: expect.stringContaining(PHONE) })
      expect(await countSubmissions(db)).toBe(before)
    },
  )

  it('limits a body sent in chunks, without a declared length, the same: over 64 KB refused, nothing stored', async () => {
    const chunked = (text: string) =>
      fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': address() },
        body: new ReadableStream({
          start(controller) {
            for (let i = 0; i < text.length; i += 16_384)
              controller.enqueue(new TextEncoder().encode(text.slice(i, i + 16_384)))
            controller.close()
          },
        }),
        duplex: 'half',
      } as RequestInit)
    const before = await countSubmissions(db)
    const over = await chunked(JSON.stringify({ ...valid, message: long(70_000) }))
    expect(over.status).toBe(413)
    expect(await over.json()).toEqual({ success: false, error: expect.stringContaining(PHONE) })
    expect(await countSubmissions(db)).toBe(before)
    const under = await chunked(JSON.stringify({ ...valid, name: 'Chunked Sender' }))
    expect(under.status).toBe(201)
    expect(await countSubmissions(db)).toBe(before + 1)
  })

  it('answers JSON with its length declared, small enough to go out uncompressed to a browser that takes gzip', async () => {
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        'x-forwarded-for': address(),
      },
      body: JSON.stringify({ ...valid, name: 'Length Declared' }),
    })
    expect(res.status).toBe(201)
    const text = await res.text()
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)))
    expect(JSON.parse(text)).toEqual({ success: true, confirmation: confirmed('Length Declared', valid.phone) })
  })

  describe('spam', () => {
    const outbox = (id: string) =>
      db.k.selectFrom('notification_outbox').select('id').where('submission_id', '=', id).execute()

    it('files a request with the honeypot filled in as spam, answers like any other, and sends no notification', async () => {
      const res = await post({ ...valid, name: 'Spam honeypot', website: 'http://cheap-pills.example' })
      expect(res.status).toBe(201)
      expect(await res.json()).toEqual({ success: true, confirmation: confirmed('Spam honeypot', valid.phone) })
      const row = await newest()
      expect(row).toMatchObject({ name: 'Spam honeypot', is_spam: true, spam_reason: 'honeypot field filled in' })
      expect(await outbox(row.id)).toEqual([])
    })

    it.each([
      ['a form sent 0.3 s after it was first touched', { elapsedMs: 332, page: '/contact' }, /0\.3 s/],
      ['a body the form did not send (JSON without timing)', { page: '/contact' }, /sent without the form/],
      ['malformed timing', { elapsedMs: '2999.5', page: '/contact' }, /malformed elapsedMs/],
      ['no page', { elapsedMs: 9_000 }, /no page named/],
      [
        'many links',
        { elapsedMs: 9_000, page: '/contact', message: 'https://a.example https://b.example https://c.example' },
        /3 links/,
      ],
    ])('keeps %s in the inbox as possible spam, and notifies it', async (label, extra, reason) => {
      const res = await post({ ...valid, ...extra, name: `Possible ${label}` })
      expect(res.status).toBe(201)
      const row = await newest()
      expect(row).toMatchObject({ name: `Possible ${label}`, is_spam: false, spam_reason: null })
      expect(row.suspicion).toMatch(reason)
      expect(await outbox(row.id)).toHaveLength(1)
    })

    it('suspects nothing of a form that took its time, or one sent without JavaScript (no timing)', async () => {
      await post({ ...valid, name: 'Slow Typist', elapsedMs: 45_000, page: '/contact' })
      expect(await newest()).toMatchObject({ name: 'Slow Typist', is_spam: false, suspicion: null })
      await post(new URLSearchParams({ ...valid, name: 'No Script', website: '', page: '/contact' }).toString(), {
        type: 'application/x-www-form-urlencoded',
      })
      expect(await newest()).toMatchObject({ name: 'No Script', is_spam: false, suspicion: null })
    })
  })

  describe('rate limit', () => {
    it('lets 5 requests from one address through in 10 minutes, then answers 429 with the phone number', async () => {
      const from = address()
      for (let i = 1; i <= 5; i++) expect((await post({ ...valid, name: `Resend ${i}` }, { from })).status).toBe(201)
      const before = await countSubmissions(db)
      const refused = await post({ ...valid, name: 'Resend 6' }, { from })
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      // The sliding count lets one more through once the burst's slice (a tenth of the window) is a
      // whole window old: 10 to 11 minutes later (decision 040).
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(600)
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(660)
      expect(await refused.json()).toEqual({ success: false, error: expect.stringContaining(PHONE) })
      expect(await countSubmissions(db)).toBe(before)
      // Another address is not affected.
      expect((await post({ ...valid, name: 'Neighbour' })).status).toBe(201)
    })

    it('does not count the refused requests against the visitor: only the 5 let through are in its window', async () => {
      const from = address()
      for (let i = 1; i <= 5; i++) expect((await post({ ...valid, name: `Counted ${i}` }, { from })).status).toBe(201)
      for (let i = 1; i <= 3; i++) expect((await post({ ...valid, name: `Refused ${i}` }, { from })).status).toBe(429)
      const counted = await db.k
        .selectFrom('rate_limits')
        .select((eb) => eb.fn.sum<number | string>('count').as('n'))
        .where('key', '=', from)
        .where('bucket', '=', 'contact:10m')
        .executeTakeFirstOrThrow()
      expect(Number(counted.n)).toBe(5)
    })

    it('counts through the database: a second server on the same storage sees the same count', async () => {
      const second = await startServer({ DATABASE_URL: storage.databaseUrl, TRUST_PROXY: '1' })
      try {
        const from = address()
        for (let i = 0; i < 5; i++) {
          const target = i % 2 === 0 ? server.url : second.url
          const res = await fetch(`${target}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
            body: JSON.stringify(valid),
          })
          expect(res.status).toBe(201)
        }
        const res = await fetch(`${second.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
          body: JSON.stringify(valid),
        })
        expect(res.status).toBe(429)
      } finally {
        await second.stop()
      }
    })

    it('counts an IPv6 visitor by its /64: a fresh address in it is the same visitor', async () => {
      const prefix = `2001:db8:${nextAddress++}:7`
      for (let i = 1; i <= 5; i++) expect((await post(valid, { from: `${prefix}::${i}` })).status).toBe(201)
      expect((await post(valid, { from: `${prefix}:ffff:ffff:ffff:ffff` })).status).toBe(429)
      expect((await post(valid, { from: `2001:db8:${nextAddress++}:7::1` })).status).toBe(201)
    })

    it('takes its limits from CONTACT_RATE_LIMIT, and its words suit a shared network with the number to call', async () => {
      const strict = await startServer({
        DATABASE_URL: storage.databaseUrl,
        TRUST_PROXY: '1',
        CONTACT_RATE_LIMIT: '2/1h',
      })
      try {
        const from = address()
        const send = () =>
          fetch(`${strict.url}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
            body: JSON.stringify(valid),
          })
        expect([(await send()).status, (await send()).status]).toEqual([201, 201])
        const refused = await send()
        expect(refused.status).toBe(429)
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(600)
        expect(await refused.json()).toEqual({
          success: false,
          error: expect.stringMatching(
            new RegExp(`^We've received many requests from your network .*${PHONE.replace(/[()]/g, '\\$&')}`),
          ),
        })
      } finally {
        await strict.stop()
      }
    })

    it('ignores a forged X-Forwarded-For beyond the trusted proxy', async () => {
      const real = address()
      for (let i = 0; i < 5; i++) expect((await post(valid, { from: `198.51.100.${i}, ${real}` })).status).toBe(201)
      expect((await post(valid, { from: `198.51.100.99, ${real}` })).status).toBe(429)
    })
  })

  describe('without JavaScript', () => {
    const formPost = (fields: Record<string, string>, from = address()) =>
      post(new URLSearchParams(fields).toString(), {
        type: 'application/x-www-form-urlencoded',
        accept: 'text/html',
        from,
      })

    it('answers a bad request with the form page: 400, the problems listed, the values kept', async () => {
      const before = await countSubmissions(db)
      const res = await formPost({
        name: '  ',
        phone: '12',
        email: 'dana@example.com',
        service: 'maintenance',
        message: 'Tune-up <b>please</b>',
        website: '',
      })
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
      const html = await res.text()
      expect(html).toContain('Please enter your name.')
      expect(html).toContain('Please enter a phone number we can call back')
      expect(html).toContain('value="dana@example.com"')
      expect(html).toContain('Tune-up &lt;b&gt;please&lt;/b&gt;')
      expect(html).not.toContain('<b>please</b>')
      expect(await countSubmissions(db)).toBe(before)
    })

    it("lands on the request's own confirmation: the name and phone, when we call, call now, the outside note", async () => {
      const res = await formPost({ ...valid, name: 'Sent <Page>', zip: '90210', outNow: 'yes' })
      expect(res.status).toBe(303)
      const location = res.headers.get('location')!
      const page = await fetch(`${server.url}${location}`, { redirect: 'manual' })
      expect(page.status).toBe(200)
      expect(page.headers.get('cache-control')).toBe('no-store')
      const html = await page.text()
      const sent = readPage(html)
      const panel = findAll(sent.main, (e) => e.attrs.id === 'contact-confirmation')[0]!
      const text = textOf(panel)
      expect(text).toContain(`Thank you, Sent <Page>. We'll call you at ${valid.phone}.`)
      expect(text).toMatch(/Our office is (open now|closed right now)/)
      expect(text).toContain(`call ${PHONE} now`)
      expect(text).toContain('outside our usual service area')
      expect(html).not.toContain('<Page>')
      expect(findAll(panel, byTag('a')).map((a) => a.attrs.href)).toEqual(['tel:+14105550142'])
      expect(sent.title).toBe('Message Sent | Longbar Heating & Cooling')
    })

    it('sends an unknown, malformed or spam request id to the plain confirmation', async () => {
      const spam = await formPost({ ...valid, name: 'Sent Spam', website: 'http://x.example' })
      for (const path of [
        '/contact/sent/00000000-0000-4000-8000-000000000000',
        '/contact/sent/not-an-id',
        spam.headers.get('location')!,
      ]) {
        const res = await fetch(`${server.url}${path}`, { redirect: 'manual' })
        expect(res.status, path).toBe(303)
        expect(res.headers.get('location'), path).toBe('/contact/sent')
      }
    })

    it("lists a bad ZIP code with the other problems and keeps the new fields' values", async () => {
      const res = await formPost({ name: 'Dana', phone: '12', zip: '2101', outNow: 'yes', callbackTime: 'morning' })
      expect(res.status).toBe(400)
      const page = readPage(await res.text())
      const box = findAll(page.doc, (e) => e.attrs.id === 'contact-problems')[0]!
      expect(findAll(box, byTag('a')).map((a) => [a.attrs.href, textOf(a)])).toEqual([
        ['#contact-phone', expect.stringContaining('Please enter a phone number')],
        ['#contact-zip', 'Please enter a 5-digit ZIP code, like 21014, or leave it empty.'],
      ])
      const byName = (name: string) => findAll(page.doc, (e) => e.attrs.name === name)
      expect(byName('zip')[0]!.attrs.value).toBe('2101')
      expect(byName('outNow').map((r) => 'checked' in r.attrs)).toEqual([true, false])
      const chosen = findAll(byName('callbackTime')[0]!, (e) => e.tag === 'option' && 'selected' in e.attrs)
      expect(chosen.map((o) => o.attrs.value)).toEqual(['morning'])
    })

    it('answers the sixth request in 10 minutes with the form page, 429 and the phone number', async () => {
      const from = address()
      for (let i = 0; i < 5; i++) expect((await formPost({ ...valid }, from)).status).toBe(303)
      const res = await formPost({ ...valid, name: 'Sixth Try' }, from)
      expect(res.status).toBe(429)
      const html = await res.text()
      expect(html).toContain(PHONE)
      expect(html).toContain('value="Sixth Try"')
    })
  })
})
