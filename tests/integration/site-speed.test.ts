// The live site's speed (issue 21 item 6) on SQLite and PostgreSQL, through the built server: the
// beacon's page view is counted per day, page, device class and vital (nothing else is kept); a
// bot, an unknown page or a malformed body is not; the address is rate-limited; the inbox's
// /api/admin/site-speed gives each page's 75th percentiles within the scale's 5%; counts older than
// 13 months are pruned by the retention job.
import { describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { applyRetention } from '../../src/server/retention.ts'
import { createLogger } from '../../src/server/log.ts'
import { countVitals } from '../../src/server/db/vitals.ts'

const PASSWORD = 'site speed suite password'
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const quiet = createLogger('error', () => undefined)

describe.each(STORAGE_KINDS)('site speed on %s', (kind) => {
  let address = 10
  const nextAddress = () => `198.51.100.${address++}`
  const served = serveOn(kind, PASSWORD)
  const beacon = (body: unknown, { from = nextAddress(), agent = BROWSER } = {}) =>
    fetch(`${served.server.url}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': from, 'user-agent': agent },
      body: JSON.stringify(body),
    })

  it('counts each page view in its buckets and reports the 75th percentile per page and device', async () => {
    // Four phones on the home page: LCP 1.2, 1.8, 2.6 and 5 s; the 75th percentile is the third.
    for (const [lcp, inp, cls, ttfb] of [
      [1200, 80, 0.01, 300],
      [1800, 120, 0.02, 400],
      [2600, 240, 0.05, 500],
      [5000, 900, 0.4, 2500],
    ])
      expect((await beacon({ type: 'vitals', page: '/', device: 'mobile', lcp, inp, cls, ttfb })).status).toBe(204)
    expect((await beacon({ type: 'vitals', page: '/contact', device: 'desktop', ttfb: 120 })).status).toBe(204)
    // Not counted: a bot, a page the site does not have, a device class it does not know, no value, a negative one.
    expect(
      (await beacon({ type: 'vitals', page: '/', device: 'mobile', lcp: 1 }, { agent: 'Googlebot/2.1' })).status,
    ).toBe(204)
    expect((await beacon({ type: 'vitals', page: '/nope', device: 'mobile', lcp: 1 })).status).toBe(400)
    expect((await beacon({ type: 'vitals', page: '/', device: 'tv', lcp: 1 })).status).toBe(400)
    expect((await beacon({ type: 'vitals', page: '/', device: 'mobile' })).status).toBe(400)
    expect((await beacon({ type: 'vitals', page: '/', device: 'mobile', lcp: -5 })).status).toBe(400)

    // Nothing but the day, page, device, vital, bucket and a count is stored.
    const stored = await served.db.k.selectFrom('vitals_counts').selectAll().execute()
    expect(Object.keys(stored[0]!).sort()).toEqual(['bucket', 'count', 'day', 'device', 'metric', 'page'])
    expect(stored.reduce((n, r) => n + Number(r.count), 0)).toBe(17)

    const office = adminClient(served.server.url, { password: PASSWORD, origin: ORIGIN, from: nextAddress() })
    expect((await office.login()).status).toBe(200)
    const res = await office.call('GET', '/api/admin/site-speed')
    expect(res.status).toBe(200)
    const { pages } = res.body as {
      pages: { page: string; device: string; views: number; p75: Record<string, number | null> }[]
    }
    expect(pages.map((p) => [p.page, p.device, p.views])).toEqual([
      ['/', 'mobile', 4],
      ['/contact', 'desktop', 1],
    ])
    const home = pages[0]!.p75
    expect(home.lcp! / 2600).toBeGreaterThanOrEqual(1)
    expect(home.lcp! / 2600).toBeLessThan(1.05)
    expect(home.inp! / 240).toBeLessThan(1.05)
    expect(home.cls! / 0.05).toBeLessThan(1.05)
    expect(home.ttfb! / 500).toBeLessThan(1.05)
    expect(pages[1]!.p75).toMatchObject({ lcp: null, inp: null, cls: null })
    expect((await office.call('GET', '/api/admin/site-speed?from=2020-02-30')).status).toBe(400)
  })

  it('limits one address, and prunes counts older than 13 months', async () => {
    const from = nextAddress()
    const statuses = []
    for (let i = 0; i < 61; i++)
      statuses.push((await beacon({ type: 'vitals', page: '/', device: 'desktop', ttfb: 100 }, { from })).status)
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true)
    expect(statuses[60]).toBe(429)

    await countVitals(served.db.k, { day: '2025-10-01', page: '/', device: 'mobile', values: { lcp: 1000 } })
    await countVitals(served.db.k, { day: '2025-11-01', page: '/', device: 'mobile', values: { lcp: 1000 } })
    await applyRetention({
      db: served.db,
      log: quiet,
      months: 36,
      now: new Date('2026-11-23T12:00:00Z'),
      today: '2026-11-23',
    })
    const days = await served.db.k.selectFrom('vitals_counts').select('day').distinct().execute()
    expect(days.map((d) => d.day)).not.toContain('2025-10-01')
    expect(days.map((d) => d.day)).toContain('2025-11-01')
  })
})
