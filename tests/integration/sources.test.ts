// Where requests come from and the calls counted (docs/decisions/032-attribution-calls-privacy.md),
// against the built server on SQLite and PostgreSQL: the visit's arrival stored with a request
// (from the form's script, and from the Referer of a form sent without JavaScript), the source
// filter, the CSV's columns, the Sources report's numbers, /api/events (counted, limited, bots
// ignored, no cookie), and the privacy side: retention at start and the erasure of one person.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { startServer } from '../../scripts/lib/server.ts'
import { createStorage, STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { applyRetention } from '../../src/server/retention.ts'
import { createLogger } from '../../src/server/log.ts'
import { insertSubmission } from '../../src/server/db/submissions.ts'
import { countCall } from '../../src/server/db/calls.ts'

const PASSWORD = 'sources suite password, long'
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
const quiet = createLogger('error')

describe.each(STORAGE_KINDS)('sources, calls and privacy on %s', (kind) => {
  let address = 10
  const nextAddress = () => `192.0.2.${address++}`
  const served = serveOn(kind, PASSWORD)
  const admin = async () => {
    const client = adminClient(served.server.url, { password: PASSWORD, origin: ORIGIN, from: nextAddress() })
    expect((await client.login()).status).toBe(200)
    return client
  }
  const send = async (fields: Record<string, unknown>) => {
    const res = await fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({ page: '/contact', elapsedMs: 9000, ...fields }),
    })
    expect(res.status).toBe(201)
    return served.db.k
      .selectFrom('contact_submissions')
      .selectAll()
      .where('name', '=', String(fields.name))
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
  }
  const beacon = (body: unknown, { from = nextAddress(), agent = BROWSER, type = 'text/plain;charset=UTF-8' } = {}) =>
    fetch(`${served.server.url}/api/events`, {
      method: 'POST',
      headers: { 'content-type': type, 'x-forwarded-for': from, ...(agent ? { 'user-agent': agent } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const calls = async () =>
    (await served.db.k.selectFrom('call_counts').selectAll().orderBy('page').orderBy('source').execute()).map((r) => ({
      ...r,
      count: Number(r.count),
    }))

  it('stores the visit the form sends: landing page, campaign, click id and the source in words', async () => {
    const row = await send({
      name: 'Ada Ads',
      phone: '410 555 0101',
      landing: '/furnace-repair',
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'winter-tuneup',
      utm_term: 'furnace repair bel air',
      gclid: 'abc',
    })
    expect(row).toMatchObject({
      source_page: '/contact',
      landing_page: '/furnace-repair',
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'winter-tuneup',
      utm_term: 'furnace repair bel air',
      utm_content: null,
      click_id_type: 'gclid',
      click_id: 'abc',
      source: 'Google Ads',
      suspicion: null,
    })
    expect((await send({ name: 'Sam Search', phone: '410 555 0102', referrer: 'https://www.bing.com/' })).source).toBe(
      'Bing search',
    )
    expect((await send({ name: 'Dee Direct', phone: '410 555 0103' })).source).toBe('Direct')
  })

  it('cuts an overlong campaign value to fit instead of refusing the request', async () => {
    const row = await send({ name: 'Long Utm', phone: '410 555 0104', utm_campaign: 'x'.repeat(600) })
    expect(row.utm_campaign).toHaveLength(200)
  })

  it('keeps the referrer, the page and the campaign of the address a form without JavaScript was sent from', async () => {
    const res = await fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        'x-forwarded-for': nextAddress(),
        referer: `${ORIGIN}/contact?utm_source=facebook&utm_medium=paid_social&utm_campaign=fall&fbclid=xyz`,
      },
      body: new URLSearchParams({ name: 'No Script', phone: '410 555 0105', page: '/contact' }).toString(),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    const row = await served.db.k
      .selectFrom('contact_submissions')
      .selectAll()
      .where('name', '=', 'No Script')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      source_page: '/contact',
      utm_campaign: 'fall',
      click_id_type: 'fbclid',
      click_id: 'xyz',
      source: 'Facebook Ads',
    })
  })

  it('filters the inbox by source, "Direct" including requests from before sources were kept', async () => {
    const office = await admin()
    const ads = await office.call('GET', '/api/admin/submissions?source=Google%20Ads')
    expect((ads.body.items as { name: string }[]).map((i) => i.name)).toEqual(['Ada Ads'])
    await served.db.k.updateTable('contact_submissions').set({ source: null }).where('name', '=', 'Long Utm').execute()
    const direct = await office.call('GET', '/api/admin/submissions?source=Direct')
    expect((direct.body.items as { name: string }[]).map((i) => i.name).sort()).toEqual(['Dee Direct', 'Long Utm'])
    expect((await office.call('GET', `/api/admin/submissions?source=${'x'.repeat(101)}`)).status).toBe(400)
  })

  it('carries the source, landing page, campaign and click id in the CSV', async () => {
    const office = await admin()
    const res = await office.call('GET', '/api/admin/submissions.csv?source=Google%20Ads')
    const [header, row] = String(res.body.text)
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
    const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1])
    const named = Object.fromEntries(cells(header!).map((h, i) => [h, cells(row!)[i]]))
    expect(named).toMatchObject({
      Source: 'Google Ads',
      'Landing page': '/furnace-repair',
      'Campaign source': 'google',
      'Campaign medium': 'cpc',
      Campaign: 'winter-tuneup',
      'Campaign term': 'furnace repair bel air',
      'Ad click id type': 'gclid',
      'Ad click id': 'abc',
    })
  })

  it('counts a tel: tap per day, page and source, with no cookie and no personal data', async () => {
    const res = await beacon({
      type: 'call',
      page: '/furnace-repair',
      utm_source: 'google',
      utm_medium: 'cpc',
      clickIdType: 'gclid',
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect((await beacon({ type: 'call', page: '/furnace-repair', referrer: 'www.google.com' })).status).toBe(204)
    expect(
      (
        await beacon(
          { type: 'call', page: '/furnace-repair', referrer: 'www.google.com' },
          { type: 'application/json' },
        )
      ).status,
    ).toBe(204)
    expect((await beacon({ type: 'call', page: '/' })).status).toBe(204)
    const rows = await calls()
    expect(rows.map(({ page, source, count }) => ({ page, source, count }))).toEqual([
      { page: '/', source: 'Direct', count: 1 },
      { page: '/furnace-repair', source: 'Google Ads', count: 1 },
      { page: '/furnace-repair', source: 'Google search', count: 2 },
    ])
    expect(new Set(rows.map((r) => r.day)).size).toBe(1)
    expect(rows[0]!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('refuses what is not a call from a page of the site, and ignores known bots', async () => {
    const before = await calls()
    expect((await beacon({ type: 'call', page: '/no-such-page' })).status).toBe(400)
    expect((await beacon({ type: 'call', page: 'https://evil.example/' })).status).toBe(400)
    expect((await beacon({ type: 'view', page: '/' })).status).toBe(400)
    expect((await beacon('not json')).status).toBe(400)
    expect((await beacon({ type: 'call', page: '/' }, { type: 'application/x-www-form-urlencoded' })).status).toBe(415)
    expect((await beacon({ type: 'call', page: '/', pad: 'x'.repeat(3000) })).status).toBe(413)
    const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
    expect((await beacon({ type: 'call', page: '/' }, { agent: bot })).status).toBe(204)
    expect((await beacon({ type: 'call', page: '/' }, { agent: 'Chrome-Lighthouse' })).status).toBe(204)
    expect((await beacon({ type: 'call', page: '/' }, { agent: '' })).status).toBe(204) // fetch's own agent, "node"
    expect(await calls()).toEqual(before)
  })

  it('limits the calls counted per address: ten in ten minutes, then 429 and no count', async () => {
    const from = nextAddress()
    for (let i = 0; i < 10; i++) expect((await beacon({ type: 'call', page: '/about' }, { from })).status).toBe(204)
    const over = await beacon({ type: 'call', page: '/about' }, { from })
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await calls()).find((r) => r.page === '/about')?.count).toBe(10)
  })

  it('reports requests, contacted and scheduled per source, and the calls per day, page and source', async () => {
    await served.db.k
      .updateTable('contact_submissions')
      .set({ status: 'scheduled' })
      .where('name', '=', 'Ada Ads')
      .execute()
    await served.db.k
      .updateTable('contact_submissions')
      .set({ status: 'contacted' })
      .where('name', '=', 'Sam Search')
      .execute()
    const spam = await send({ name: 'Spam Bot', phone: '410 555 0109', website: 'http://spam.example', gclid: 'zzz' })
    expect(spam.is_spam).toBeTruthy()
    const office = await admin()
    const res = await office.call('GET', '/api/admin/sources')
    expect(res.status).toBe(200)
    const {
      sources,
      calls: totals,
      from,
      to,
    } = res.body as {
      sources: unknown[]
      calls: { total: number; byDay: unknown[]; byPage: unknown[]; bySource: unknown[] }
      from: string
      to: string
    }
    expect(to).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(from < to).toBe(true)
    expect(sources).toEqual([
      { source: 'Direct', requests: 2, contacted: 0, scheduled: 0 },
      { source: 'Bing search', requests: 1, contacted: 1, scheduled: 0 },
      { source: 'Facebook Ads', requests: 1, contacted: 0, scheduled: 0 },
      { source: 'Google Ads', requests: 1, contacted: 1, scheduled: 1 },
    ])
    expect(totals.total).toBe(14)
    expect(totals.byDay).toEqual([{ key: to, count: 14 }])
    expect(totals.byPage).toEqual([
      { key: '/about', count: 10 },
      { key: '/furnace-repair', count: 3 },
      { key: '/', count: 1 },
    ])
    expect(totals.bySource).toEqual([
      { key: 'Direct', count: 11 },
      { key: 'Google search', count: 2 },
      { key: 'Google Ads', count: 1 },
    ])
    // A period before any of it: empty.
    const old = await office.call('GET', '/api/admin/sources?from=2020-01-01&to=2020-01-31')
    expect(old.body).toMatchObject({ sources: [], calls: { total: 0, byDay: [] } })
    expect((await office.call('GET', '/api/admin/sources?from=2020-02-30')).status).toBe(400)
    expect((await office.call('GET', '/api/admin/sources?from=2020-01-01&to=2023-01-01')).status).toBe(400)
    expect((await office.call('GET', '/api/admin/sources?from=2020-01-02&to=2020-01-01')).status).toBe(400)
  })

  it('erases every request of one person, by phone digits or e-mail, with their timeline and notification', async () => {
    const first = await send({ name: 'Erin Erase', phone: '(410) 555-0177', email: 'Erin@Example.com' })
    await send({ name: 'Erin Again', phone: '+1 410 555 0177' })
    await send({ name: 'Erin Mail', phone: '443 555 0100', email: 'erin@example.com' })
    const keep = await send({ name: 'Kept Person', phone: '443 555 0101' })
    const office = await admin()
    expect((await office.call('POST', `/api/admin/submissions/${first.id}/notes`, { text: 'called' })).status).toBe(200)
    const res = await office.call('POST', '/api/admin/erase', { phone: '410-555-0177', email: 'erin@example.com' })
    expect(res.body).toEqual({ success: true, erased: 3 })
    const names = (await served.db.k.selectFrom('contact_submissions').select('name').execute()).map((r) => r.name)
    expect(names.filter((n) => n.startsWith('Erin'))).toEqual([])
    expect(names).toContain('Kept Person')
    const leftovers = await served.db.k
      .selectFrom('submission_activity')
      .select('id')
      .where('submission_id', '=', first.id)
      .execute()
    expect(leftovers).toEqual([])
    expect(
      await served.db.k.selectFrom('notification_outbox').select('id').where('submission_id', '=', first.id).execute(),
    ).toEqual([])
    expect(
      await served.db.k.selectFrom('notification_outbox').select('id').where('submission_id', '=', keep.id).execute(),
    ).toHaveLength(1)
    const line = served.server.records().find((r) => r.msg === 'person erased')
    expect(line).toMatchObject({ requests: 3, byPhone: true, byEmail: true })
    expect(JSON.stringify(line)).not.toMatch(/erin|0177/i)
    expect((await office.call('POST', '/api/admin/erase', {})).status).toBe(400)
    expect((await office.call('POST', '/api/admin/erase', { phone: '12' })).status).toBe(400)
    expect(
      (
        await adminClient(served.server.url, { origin: ORIGIN }).call('POST', '/api/admin/erase', {
          phone: '4105550101',
        })
      ).status,
    ).toBe(401)
  })

  it('deletes requests older than the retention with their activity, and call totals older than 13 months', async () => {
    const now = new Date('2026-11-23T15:00:00Z')
    const base = { phone: '4105550000', is_read: false, status: 'new' as const, is_client: false, is_spam: false }
    await insertSubmission(served.db.k, {
      ...base,
      id: 'a0000000-0000-4000-8000-000000000001',
      name: 'Old One',
      created_at: '2023-11-20T12:00:00.000Z',
      updated_at: '2023-11-20T12:00:00.000Z',
    })
    await insertSubmission(served.db.k, {
      ...base,
      id: 'a0000000-0000-4000-8000-000000000002',
      name: 'Recent One',
      created_at: '2023-11-25T12:00:00.000Z',
      updated_at: '2023-11-25T12:00:00.000Z',
    })
    await served.db.k
      .insertInto('submission_activity')
      .values({
        submission_id: 'a0000000-0000-4000-8000-000000000001',
        at: '2023-11-21T12:00:00.000Z',
        kind: 'note',
        detail: 'x',
      })
      .execute()
    await countCall(served.db.k, { day: '2025-10-22', page: '/', source: 'Direct' })
    await countCall(served.db.k, { day: '2025-10-23', page: '/', source: 'Direct' })
    const done = await applyRetention({ db: served.db, log: quiet, months: 36, now, today: '2026-11-23' })
    expect(done).toEqual({ requests: 1, callDays: 1 })
    const left = await served.db.k
      .selectFrom('contact_submissions')
      .select('name')
      .where('name', 'in', ['Old One', 'Recent One'])
      .execute()
    expect(left.map((r) => r.name)).toEqual(['Recent One'])
    const activity = await sql<{
      n: number | string
    }>`select count(*) as n from submission_activity where submission_id = ${'a0000000-0000-4000-8000-000000000001'}`.execute(
      served.db.k,
    )
    expect(Number(activity.rows[0]!.n)).toBe(0)
    expect(
      (await served.db.k.selectFrom('call_counts').select('day').where('day', '<', '2025-11-01').execute()).map(
        (r) => r.day,
      ),
    ).toEqual(['2025-10-23'])
  })
})

describe.each(STORAGE_KINDS)('RETENTION_MONTHS at start on %s', (kind) => {
  it('deletes the requests older than RETENTION_MONTHS when the server starts, with a log line', async () => {
    const storage = await createStorage(kind)
    const db = await storage.open()
    try {
      const old = new Date(Date.now() - 70 * 24 * 3_600_000).toISOString()
      const base = { phone: '4105550000', is_read: false, status: 'new' as const, is_client: false, is_spam: false }
      await insertSubmission(db.k, {
        ...base,
        id: 'b0000000-0000-4000-8000-000000000001',
        name: 'Two Months Old',
        created_at: old,
        updated_at: old,
      })
      await insertSubmission(db.k, {
        ...base,
        id: 'b0000000-0000-4000-8000-000000000002',
        name: 'Fresh',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      const server = await startServer({ DATABASE_URL: storage.databaseUrl, RETENTION_MONTHS: '2' })
      try {
        expect(server.records().find((r) => r.msg === 'retention: old requests deleted')).toMatchObject({
          requests: 1,
          retentionMonths: 2,
        })
      } finally {
        await server.stop()
      }
      expect((await db.k.selectFrom('contact_submissions').select('name').execute()).map((r) => r.name)).toEqual([
        'Fresh',
      ])
    } finally {
      await db.close()
      await storage.remove()
    }
  })
})
