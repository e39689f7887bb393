// Hostile input, property-based (fast-check): thousands of random and adversarial bodies,
// headers and query strings at POST /api/contact and every admin route. Whatever arrives: never a
// 5xx, never an error page with a stack trace, never a stored row the schema would refuse, and
// the server still answers afterwards.
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { validateContactMessage } from '../../src/server/contact/validate.ts'
import { STATUSES } from '../../src/lead/submission.ts'
import { toSubmission } from '../../src/server/db/submissions.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'

const PASSWORD = 'hostile input admin password'
const RUNS = Number(process.env.HOSTILE_RUNS ?? 1500)

/** Strings that have broken web apps: markup, SQL, formulas, traversal, encodings, huge and odd text. */
const nasty = fc.constantFrom(
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE contact_submissions; --",
  "1' OR '1'='1",
  '=HYPERLINK("http://evil.example","x")',
  '@SUM(1+1)',
  '+cmd|"/c calc"!A1',
  '../../../../etc/passwd',
  '%00',
  '\u0000\u0001\u001f',
  '\u202e\u202d',
  '\ud800',
  '\r\nBcc: victim@example.com',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  '𝕳𝖊𝖑𝖑𝖔 👋🏽',
  'x'.repeat(100_000),
  '',
  ' ',
)
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), nasty, fc.string({ maxLength: 40 }))
const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
)
const contactFields = fc.record(
  {
    name: value,
    phone: fc.oneof(value, fc.constant('(410) 555-0199')),
    email: value,
    service: fc.oneof(value, fc.constantFrom('ac-repair', 'other', 'plumbing')),
    message: value,
    website: value,
    elapsedMs: value,
    page: value,
    referrer: value,
    __proto__: value,
    extra: value,
  },
  { requiredKeys: [] },
)

/** A request body and the content type it claims (not always the truth). */
const contactRequest = fc.oneof(
  contactFields.map((f) => ({ type: 'application/json', body: JSON.stringify(f) })),
  contactFields.map((f) => ({
    type: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(
      Object.entries(f).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
    ).toString(),
  })),
  fc
    .tuple(
      fc.json(),
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-16',
        'application/x-www-form-urlencoded',
        'text/plain',
        'multipart/form-data; boundary=zz',
        '',
        'application/xml',
      ),
    )
    .map(([body, type]) => ({ type, body })),
  fc.tuple(text, fc.string({ maxLength: 60 })).map(([body, type]) => ({ type, body })),
  fc.constant({
    type: 'multipart/form-data; boundary=zz',
    body: '--zz\r\nContent-Disposition: form-data; name="name"\r\n\r\nDana\r\n--zz\r\nContent-Disposition: form-data; name="phone"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\n4105550199\r\n--zz--\r\n',
  }),
)
/** Text for a URL: well-formed and encoded, or raw broken escapes. */
const urlPart = fc.oneof(
  text.map((t) => encodeURIComponent(t.toWellFormed())),
  fc.constantFrom('%', '%ZZ', '%c0%ae%c0%ae', '..%2f..%2f', '%00', '%E0%A4%A', '..', '.%2e'),
)
const headerValue = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((s) => s.replace(/\p{Cc}/gu, '')),
  fc.constantFrom('*/*', 'text/html', 'application/json', 'text/html, application/json', ''),
)

describe('hostile input', () => {
  let cookie = ''

  // Random logins fail by the thousand from random addresses: the overall brake on guessing
  // (decision 028) would slow each down to 10 s. Its own tests are in rate-limits.test.ts.
  const served = serveOn('SQLite', PASSWORD, { LOGIN_RATE_LIMIT: '100000/15m' })
  beforeAll(async () => {
    const login = await fetch(`${served.server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ password: PASSWORD }),
    })
    cookie = login.headers.get('set-cookie')!.split(';')[0]!
  })

  let n = 0
  const address = () => `10.77.${(n >> 8) & 255}.${n++ & 255}`

  /** Every 5xx or leaked stack is a failure; the answer is returned for further checks. */
  async function send(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
    const res = await fetch(served.server.url + path, {
      method,
      headers: init.headers ?? {},
      ...(init.body !== undefined ? { body: init.body } : {}),
      redirect: 'manual',
    })
    const body = await res.text()
    expect(res.status, `${method} ${path} → ${res.status}: ${body.slice(0, 300)}`).toBeLessThan(500)
    expect(body).not.toMatch(/\bat .+\.(ts|js):\d+:\d+|node_modules|Error: /)
    return { status: res.status, body }
  }

  it(`POST /api/contact: ${RUNS} random requests, no 5xx, nothing invalid stored`, async () => {
    await fc.assert(
      fc.asyncProperty(contactRequest, headerValue, headerValue, async (request, accept, forwarded) => {
        const headers: Record<string, string> = {
          'x-forwarded-for': `${forwarded.replace(/,/g, '')}, ${address()}`,
          accept,
        }
        if (request.type) headers['content-type'] = request.type
        const { status } = await send('POST', '/api/contact', { headers, body: request.body })
        expect([201, 303, 400, 413, 415, 429]).toContain(status)
      }),
      { numRuns: RUNS },
    )
    const rows = (await served.db.k.selectFrom('contact_submissions').selectAll().execute()).map(toSubmission)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      const check = validateContactMessage({
        name: row.name,
        phone: row.phone ?? '',
        email: row.email ?? '',
        service: row.service ?? '',
        message: row.message ?? '',
      })
      expect(check.ok, `stored row ${JSON.stringify(row).slice(0, 300)} breaks the schema`).toBe(true)
      expect(row.status).toBe('new')
    }
    expect((await fetch(`${served.server.url}/healthz`)).status).toBe(200)
  })

  it(`admin routes: ${RUNS} random queries, bodies, ids and cookies, no 5xx`, async () => {
    const target = await served.db.k.selectFrom('contact_submissions').select('id').limit(1).executeTakeFirstOrThrow()
    const id = fc.oneof(fc.constant(target.id), fc.uuid(), urlPart)
    const query = fc.oneof(
      fc
        .dictionary(
          fc.constantFrom('view', 'q', 'status', 'service', 'limit', 'cursor', 'x'),
          text.map((t) => t.toWellFormed()),
          { maxKeys: 5 },
        )
        .map((q) => new URLSearchParams(q).toString()),
      fc
        .array(fc.tuple(fc.constantFrom('view', 'q', 'cursor', 'limit'), urlPart), { maxLength: 3 })
        .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
    )
    const changes = fc.oneof(
      fc
        .record(
          {
            is_read: value,
            status: fc.oneof(value, fc.constantFrom(...STATUSES)),
            is_client: value,
            client_since: fc.oneof(value, fc.constant('2026-02-30'), fc.constant('2026-11-22')),
            next_delivery_date: value,
            delivery_frequency: value,
            delivery_notes: value,
            is_spam: fc.constant(true),
            name: value,
          },
          { requiredKeys: [] },
        )
        .map((c) => JSON.stringify(c)),
      fc.json(),
      text,
    )
    const call = fc.oneof(
      fc.record({ method: fc.constant('GET'), path: query.map((q) => `/api/admin/submissions?${q}`) }),
      fc.record({ method: fc.constant('GET'), path: query.map((q) => `/api/admin/submissions.csv?${q}`) }),
      fc.record({ method: fc.constant('PATCH'), path: id.map((i) => `/api/admin/submissions/${i}`), body: changes }),
      fc.record({
        method: fc.constant('DELETE'),
        path: id.filter((i) => i !== target.id).map((i) => `/api/admin/submissions/${i}`),
      }),
      fc.record({
        method: fc.constant('POST'),
        path: fc.constant('/api/admin/login'),
        body: fc.oneof(
          changes,
          text.map((p) => JSON.stringify({ password: p })),
        ),
      }),
      fc.record({
        method: fc.constantFrom('GET', 'POST', 'PUT', 'OPTIONS'),
        path: urlPart.map((t) => `/api/admin/${t}`),
      }),
    )
    const session = fc.oneof(
      fc.constant(cookie),
      fc.constant(''),
      urlPart.map((t) => `longbar_admin=${t}`),
    )
    await fc.assert(
      fc.asyncProperty(call, session, fc.oneof(fc.constant(ORIGIN), headerValue), async (c, withCookie, origin) => {
        const headers: Record<string, string> = {
          origin,
          'x-forwarded-for': address(),
          'content-type': 'application/json',
        }
        if (withCookie) headers.cookie = withCookie
        await send(c.method, c.path, { headers, ...('body' in c ? { body: c.body } : {}) })
      }),
      { numRuns: RUNS },
    )
    // Whatever was accepted left every row valid.
    const rows = (await served.db.k.selectFrom('contact_submissions').selectAll().execute()).map(toSubmission)
    for (const row of rows) {
      expect(STATUSES).toContain(row.status)
      for (const date of [row.client_since, row.next_delivery_date])
        if (date !== null) expect(date).toMatch(/^\d{4}-\d\d-\d\d$/)
      expect((row.delivery_frequency ?? '').length).toBeLessThanOrEqual(100)
      expect((row.delivery_notes ?? '').length).toBeLessThanOrEqual(2000)
    }
    expect(
      await served.db.k.selectFrom('contact_submissions').select('id').where('id', '=', target.id).executeTakeFirst(),
    ).toBeDefined()
    expect((await fetch(`${served.server.url}/healthz`)).status).toBe(200)
    expect((await fetch(`${served.server.url}/api/admin/session`, { headers: { cookie } })).status).toBe(200)
  })
})
