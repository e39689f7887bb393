// The second black-box probe's findings (issue 20, decision 040, docs/security.md), each replayed
// against the built server on SQLite and PostgreSQL: who the client is behind a proxy, client
// aborts in the log, cross-site posts, overall caps.
import net from 'node:net'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { suiteDb } from '../helpers/suite-db.ts'
import { housekeeping } from '../../src/server/housekeeping.ts'
import { parseRateLimits } from '../../src/server/db/rate-limits.ts'
import { createLogger } from '../../src/server/log.ts'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { startAlertWorker } from '../../src/server/alerts/worker.ts'
import { erasePerson } from '../../src/server/db/privacy.ts'
import type { Channel } from '../../src/server/alerts/channel.ts'

const PASSWORD = 'probe round two password'
const contact = (url: string, from: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...headers },
    body: JSON.stringify({ name: 'Pat Visitor', phone: '(410) 555-0199', elapsedMs: 9000, page: '/contact' }),
  })

describe.each(STORAGE_KINDS)('the client behind a proxy on %s', (kind) => {
  describe('with TRUST_PROXY false and a proxy in front', () => {
    const served = serveOn(kind, PASSWORD, { TRUST_PROXY: 'false' })

    it('warns once in the log at first sight, and the alert-health banner says so', async () => {
      const admin = adminClient(served.server.url, { password: PASSWORD, origin: ORIGIN })
      expect((await admin.login()).status).toBe(200)
      expect((await admin.call('GET', '/api/admin/alert-health')).body.problems).toContainEqual({
        kind: 'untrusted-proxy',
        since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      })
      expect((await contact(served.server.url, '203.0.113.9')).status).toBe(201)
      const warnings = served.server.records().filter((r) => r.alert === 'untrusted-proxy')
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatchObject({ level: 'warn', header: 'x-forwarded-for' })
      expect(String(warnings[0]!.msg)).toContain('TRUST_PROXY')
    })
  })

  describe('with TRUST_PROXY=1', () => {
    const served = serveOn(kind, PASSWORD)

    it('says nothing about the proxy', async () => {
      const admin = adminClient(served.server.url, { password: PASSWORD, origin: ORIGIN, from: '198.51.100.70' })
      expect((await admin.login()).status).toBe(200)
      const problems = (await admin.call('GET', '/api/admin/alert-health')).body.problems as { kind: string }[]
      expect(problems.map((p) => p.kind)).not.toContain('untrusted-proxy')
      expect(served.server.records().filter((r) => r.alert === 'untrusted-proxy')).toEqual([])
    })

    it('counts an X-Forwarded-For entry written ip:port as the address itself', async () => {
      const statuses = []
      for (let port = 1000; port < 1006; port++)
        statuses.push((await contact(served.server.url, `198.51.100.71:${port}`)).status)
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
      expect((await contact(served.server.url, '198.51.100.71')).status).toBe(429)
      expect((await contact(served.server.url, '[2001:db8:7::1]:443')).status).toBe(201)
    })

    it('counts fresh /64s of one IPv6 /48 together in a wider bucket', async () => {
      const statuses: number[] = []
      // 5 per /64 in 10 minutes; the /48 takes 8 visitors' worth (40).
      for (let i = 0; i < 41; i++)
        statuses.push((await contact(served.server.url, `2001:db8:48:${i.toString(16)}::1`)).status)
      expect(statuses.slice(0, 40).every((s) => s === 201)).toBe(true)
      expect(statuses[40]).toBe(429)
      // Another /48 is not affected.
      expect((await contact(served.server.url, '2001:db8:49:1::1')).status).toBe(201)
    })
  })
})

/** A request whose chunked body breaks off: the headers, half a chunk, then the connection closed. */
async function cutMidBody(url: string, path: string, type: string): Promise<void> {
  const { hostname, port } = new URL(url)
  const socket = net.connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${type}\r\nOrigin: ${ORIGIN}\r\n` +
      `X-Forwarded-For: 203.0.113.90\r\nTransfer-Encoding: chunked\r\n\r\n40\r\n{"name":"Half`,
  )
  await new Promise((r) => setTimeout(r, 150))
  socket.destroy()
  await new Promise((r) => setTimeout(r, 150))
}

describe.each(STORAGE_KINDS)('client aborts on %s', (kind) => {
  const served = serveOn(kind, PASSWORD)

  it('logs a body cut mid-way below error, on every route that reads one (finding 3)', async () => {
    const routes: [string, string][] = [
      ['/api/contact', 'application/json'],
      ['/api/contact', 'application/x-www-form-urlencoded'],
      ['/api/events', 'text/plain'],
      ['/api/admin/login', 'application/json'],
      ['/admin', 'application/x-www-form-urlencoded'],
    ]
    for (const [path, type] of routes) await cutMidBody(served.server.url, path, type)
    await new Promise((r) => setTimeout(r, 300))
    const records = served.server.records()
    expect(records.filter((r) => r.level === 'error')).toEqual([])
    const aborts = records.filter((r) => r.msg === 'client closed the connection before sending its whole request')
    expect(aborts.map((r) => [r.level, r.path])).toEqual(routes.map(([path]) => ['info', path]))
    // The server still answers.
    expect((await contact(served.server.url, '203.0.113.91')).status).toBe(201)
  })
})

describe.each(STORAGE_KINDS)('cross-site posts on %s', (kind) => {
  let smtp: TestSmtp
  const env: Record<string, string> = { NOTIFY_EMAIL: 'office@longbar-hvac.example' }
  beforeAll(async () => {
    smtp = await startSmtp()
    env.SMTP_URL = smtp.url
  })
  afterAll(() => smtp?.close())
  const served = serveOn(kind, PASSWORD, env)
  let from = 100
  const form = (headers: Record<string, string>, name: string) =>
    fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        'x-forwarded-for': `203.0.113.${from++}`,
        ...headers,
      },
      body: new URLSearchParams({ name, phone: '(410) 555-0199', email: addressOf(name), page: '/contact' }),
    })
  /** Each request names its own address (one confirmation per recipient per day). */
  const addressOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`
  const stored = (name: string) =>
    served.db.k
      .selectFrom('contact_submissions')
      .select(['suspicion', 'is_spam'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow()

  it("marks a form posted from another site possible spam and sends no confirmation; the site's own form is untouched (finding 4)", async () => {
    const cross = await form({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, 'Cross Site')
    const foreign = await form({ origin: 'https://evil.example' }, 'Foreign Origin')
    const own = await form({ 'sec-fetch-site': 'same-origin', origin: ORIGIN }, 'Own Form')
    const direct = await form({ origin: served.server.url }, 'Own Host')
    // Stored and answered as any other (the visitor's page learns nothing).
    for (const res of [cross, foreign, own, direct]) expect(res.status).toBe(303)
    expect(await stored('Cross Site')).toMatchObject({
      suspicion: expect.stringContaining('sent from another site'),
    })
    expect(await stored('Foreign Origin')).toMatchObject({
      suspicion: expect.stringContaining('sent from another site'),
    })
    expect((await stored('Own Form')).suspicion).toBeNull()
    expect((await stored('Own Host')).suspicion).toBeNull()
    // The office hears of all four; only the two of our own form are confirmed.
    await smtp.waitFor(6)
    await new Promise((r) => setTimeout(r, 1_000))
    const toCustomer = smtp.received.filter((m) => !m.to.includes('office@longbar-hvac.example'))
    expect(toCustomer.flatMap((m) => m.to).sort()).toEqual([addressOf('Own Form'), addressOf('Own Host')].sort())
    expect(smtp.received.filter((m) => m.to.includes('office@longbar-hvac.example'))).toHaveLength(4)
  })

  it('refuses a call beacon from another site, and counts one from ours', async () => {
    const beacon = (headers: Record<string, string>) =>
      fetch(`${served.server.url}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-forwarded-for': `203.0.113.${from++}`, ...headers },
        body: JSON.stringify({ type: 'call', page: '/contact' }),
      }).then((r) => r.status)
    expect(await beacon({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).toBe(403)
    expect(await beacon({ origin: 'https://evil.example' })).toBe(403)
    expect(
      await beacon({ 'sec-fetch-site': 'same-origin', origin: served.server.url, 'user-agent': 'Mozilla/5.0' }),
    ).toBe(204)
  })
})

describe.each(STORAGE_KINDS)('overall caps on %s', (kind) => {
  let smtp: TestSmtp
  const env: Record<string, string> = { NOTIFY_EMAIL: 'office@longbar-hvac.example', CONTACT_OVERALL_LIMIT: '5/1h' }
  beforeAll(async () => {
    smtp = await startSmtp()
    env.SMTP_URL = smtp.url
  })
  afterAll(() => smtp?.close())
  const served = serveOn(kind, PASSWORD, env)
  let from = 1

  it('stores every request of a flood but marks those past CONTACT_OVERALL_LIMIT and announces none of them (finding 5)', async () => {
    const statuses = []
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${served.server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${from++}` },
        body: JSON.stringify({
          name: `Flood ${i}`,
          phone: '(410) 555-0199',
          email: `flood${i}@example.com`,
          elapsedMs: 9000,
          page: '/contact',
        }),
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual(Array(8).fill(201))
    const rows = await served.db.k
      .selectFrom('contact_submissions')
      .select(['name', 'suspicion'])
      .orderBy('name')
      .execute()
    expect(rows.map((r) => r.suspicion)).toEqual([
      ...Array(5).fill(null),
      ...Array(3).fill('more than 5 requests from everyone in an hour'),
    ])
    // Five office e-mails and five confirmations; nothing for the three past the cap.
    await smtp.waitFor(10)
    await new Promise((r) => setTimeout(r, 1_000))
    expect(smtp.received).toHaveLength(10)
  })

  it('keeps the Sources report to a bounded set of labels, the rest as "Other"', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${served.server.url}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-forwarded-for': `192.0.2.${from++}`, 'user-agent': 'Mozilla/5.0' },
        body: JSON.stringify({ type: 'call', page: '/contact', utm_source: `CALL 1-900-SCAM NOW ${i}` }),
      })
      expect(res.status).toBe(204)
    }
    const labels = await served.db.k.selectFrom('call_counts').select('source').distinct().execute()
    expect(labels.length).toBe(31)
    expect(labels.map((l) => l.source)).toContain('Other')
    const admin = adminClient(served.server.url, { password: PASSWORD, origin: ORIGIN, from: '192.0.2.250' })
    expect((await admin.login()).status).toBe(200)
    const report = (await admin.call('GET', '/api/admin/sources')).body as {
      calls: { total: number; bySource: { key: string; count: number }[] }
    }
    expect(report.calls.total).toBe(40)
    expect(report.calls.bySource.length).toBeLessThanOrEqual(30)
    expect(report.calls.bySource.find((t) => t.key === 'Other')?.count).toBe(11)
  })
})

describe.each(STORAGE_KINDS)('the login under a flood on %s', (kind) => {
  const served = serveOn(kind, PASSWORD)
  const login = (from: string, password: string, cookie?: string) =>
    fetch(`${served.server.url}/api/admin/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        'x-forwarded-for': from,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ password }),
    })

  it('caps password checks a second overall, and lets a device that signed in before through (finding 8)', async () => {
    // The owner's phone signed in last week: it keeps its device cookie.
    const first = await login('198.51.100.200', PASSWORD)
    expect(first.status).toBe(200)
    const device = first.headers.getSetCookie().find((c) => c.startsWith('longbar_device='))!
    expect(device).toMatch(/HttpOnly/i)
    const deviceCookie = device.split(';')[0]!

    // A botnet: 20 failures from 20 addresses turn the overall brake on (4 addresses' allowance)…
    for (let i = 0; i < 20; i++) expect((await login(`10.76.0.${i}`, `warm-up ${i}`)).status).toBe(401)
    // …then 60 guesses at once from 60 more.
    const started = performance.now()
    const flood = Promise.all(Array.from({ length: 60 }, (_, i) => login(`10.77.${i >> 8}.${i & 255}`, `guess ${i}`)))
    const owner = login('198.51.100.201', PASSWORD, deviceCookie)
    const [guesses, ownerAnswer] = await Promise.all([flood, owner])
    const seconds = (performance.now() - started) / 1000
    const checked = guesses.filter((r) => r.status === 401).length
    const busy = guesses.filter((r) => r.status === 429)
    expect(checked + busy.length).toBe(60)
    // At most 4 checks a second (a full bucket to start with, then 4 a second).
    expect(checked).toBeLessThanOrEqual(4 + Math.ceil(seconds * 4))
    expect(busy.length).toBeGreaterThan(0)
    expect(await busy[0]!.json()).toEqual({
      success: false,
      error: 'Too many sign-in attempts right now. Try again in a few seconds.',
    })
    expect(ownerAnswer.status).toBe(200)
    // The device cookie does not lift its own address's limit.
    for (let i = 0; i < 5; i++) await login('198.51.100.203', `typo ${i}`, deviceCookie)
    expect((await login('198.51.100.203', PASSWORD, deviceCookie)).status).toBe(429)
  })
})

describe.each(STORAGE_KINDS)('housekeeping on %s', (kind) => {
  const suite = suiteDb(kind)

  it("keeps the beacons' daily counters when CONTACT_RATE_LIMIT has no day-long window (finding 11)", async () => {
    const day = 86_400_000
    const windowStart = Math.floor(Date.now() / day) * day
    await suite.db.k
      .insertInto('rate_limits')
      .values({ bucket: 'events:1d', key: '203.0.113.80', window_start: windowStart, count: 50 })
      .execute()
    const limits = parseRateLimits('contact', '5/10m') as Exclude<ReturnType<typeof parseRateLimits>, string>
    await housekeeping({ db: suite.db, log: createLogger('error', () => undefined), limits })()
    const left = await suite.db.k.selectFrom('rate_limits').select('count').where('bucket', '=', 'events:1d').execute()
    expect(left).toEqual([{ count: 50 }])
  })
})

describe.each(STORAGE_KINDS)('admin input the database would refuse, on %s', (kind) => {
  const served = serveOn(kind, PASSWORD)

  it('answers 400, never 500, to a year 0 date, an out-of-range period and a NUL in the address to erase (finding 9)', async () => {
    const admin = adminClient(served.server.url, { password: PASSWORD, origin: ORIGIN, from: '192.0.2.240' })
    expect((await admin.login()).status).toBe(200)
    expect((await contact(served.server.url, '192.0.2.241')).status).toBe(201)
    const { id } = await served.db.k.selectFrom('contact_submissions').select('id').executeTakeFirstOrThrow()
    for (const field of ['follow_up_on', 'client_since', 'next_delivery_date'])
      for (const day of ['0000-01-01', '1000-02-03', '2026-02-30']) {
        const res = await admin.call('PATCH', `/api/admin/submissions/${id}`, { [field]: day })
        expect([field, day, res.status]).toEqual([field, day, 400])
      }
    expect((await admin.call('PATCH', `/api/admin/submissions/${id}`, { follow_up_on: '2026-12-01' })).status).toBe(200)
    for (const query of ['from=0000-01-01&to=0000-01-31', 'to=0000-12-31', 'from=0001-01-01'])
      expect((await admin.call('GET', `/api/admin/sources?${query}`)).status).toBe(400)
    const nul = await admin.call('POST', '/api/admin/erase', { email: 'a\u0000@example.com' })
    expect(nul.status).toBe(400)
    expect(served.server.records().filter((r) => r.level === 'error')).toEqual([])
  })
})

describe.each(STORAGE_KINDS)('erasing a person on %s', (kind) => {
  const suite = suiteDb(kind)
  let n = 0
  const store = (phone: string) =>
    storeContactRequest(suite.db, { message: { name: 'Erase Me', phone }, clientKey: `erase-${n++}` }).then((r) => {
      if (!r.stored) throw new Error('not stored')
      return r.id
    })

  it('finds the number written with an extension, either way round (finding 12)', async () => {
    await store('410-555-0177 ext. 12')
    await store('(410) 555-0177')
    await store('+1 410 555 0177 x9')
    await store('(410) 555-0178')
    expect(await erasePerson(suite.db, { phone: '410.555.0177' })).toBe(3)
    await store('(410) 555-0176')
    expect(await erasePerson(suite.db, { phone: '410-555-0176 ext 4' })).toBe(1)
    const left = await suite.db.k.selectFrom('contact_submissions').select('phone').execute()
    expect(left.map((r) => r.phone)).toEqual(['(410) 555-0178'])
  })

  it('does not log "cannot reach the database" when the request vanished under a statement (finding 12)', async () => {
    const lines: string[] = []
    const log = createLogger('info', (line) => lines.push(line))
    // A channel that writes to the timeline of a request erased meanwhile: the database's own
    // foreign-key refusal, as when the office erases a person while an alert goes out.
    const racing: Channel<'webhook'> = {
      name: 'webhook',
      targets: async (trx) => {
        await trx
          .insertInto('submission_activity')
          .values({ submission_id: randomUUID(), at: new Date().toISOString(), kind: 'notified', detail: 'x' })
          .execute()
        return ['never']
      },
      describe: () => 'Racing channel',
      deliver: () => Promise.resolve(),
    }
    await store('(410) 555-0190')
    const worker = startAlertWorker({ db: suite.db, channels: [racing], log, idlePollMs: 50, concurrency: 1 })
    await new Promise((r) => setTimeout(r, 400))
    await worker.stop()
    expect(lines.join('')).not.toContain('cannot reach the database')
    expect(lines.join('')).toContain('the request was deleted while its alert was being sent')
  })
})
