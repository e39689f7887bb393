// Outcomes (issue 25 points 2 and 3, docs/decisions/050-outcomes.md) against the built server, on
// SQLite and on PostgreSQL: the office enters a completed job's value and a closed request's reason
// lost (checked, refused by status, Origin-checked, each change on the timeline); the Sources
// report's booked rate, completed rate and revenue per source, landing page and campaign,
// first-time and returning customers apart; and the Google Ads offline conversions file of a
// period: the template's rows for completed jobs with a value from a Google click id, nothing else.
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import type { NewSubmission } from '../../src/server/db/submissions.ts'
import { requestRow } from '../helpers/request-row.ts'

const PASSWORD = 'outcomes suite password, long'
type Item = Record<string, unknown> & { id: string; job_value_cents: number | null; outcome_at: string | null }
type Entry = { kind: string; detail: string | null }

describe.each(STORAGE_KINDS)('outcomes on %s', (kind) => {
  const served = serveOn(kind, PASSWORD, { GOOGLE_ADS_CONVERSION_NAME: 'Completed job, HVAC' })
  let address = 10
  const client = (options: Parameters<typeof adminClient>[1] = {}) =>
    adminClient(served.server.url, { from: `192.0.2.${address++}`, origin: ORIGIN, password: PASSWORD, ...options })
  let office: ReturnType<typeof client>

  beforeAll(async () => {
    office = client()
    expect((await office.login()).status).toBe(200)
  })

  /** A request stored as the contact form would, with what the test sets; its id. */
  const stored = async (fields: Partial<NewSubmission> = {}): Promise<string> => {
    const id = randomUUID()
    await served.db.k
      .insertInto('contact_submissions')
      .values(
        requestRow({ id, name: `Outcome ${id.slice(0, 6)}`, phone: '(410) 555-0150', customer_id: id, ...fields }),
      )
      .execute()
    return id
  }
  const put = (id: string, body: unknown, who = office) =>
    who.call('PUT', `/api/admin/submissions/${id}/job-outcome`, body)
  const timeline = async (id: string) =>
    ((await office.call('GET', `/api/admin/submissions/${id}/activity`)).body.items as Entry[]).map(
      ({ kind, detail }) => ({ kind, detail }),
    )

  describe('the outcome entered on a request', () => {
    it('takes a completed job’s value, keeps its first time through a correction, and clears it', async () => {
      const id = await stored({ status: 'completed' })
      const set = await put(id, { job_value_cents: 48500 })
      expect(set.status).toBe(200)
      const item = set.body.item as Item
      expect(item).toMatchObject({ id, job_value_cents: 48500, lost_reason: null, is_read: true })
      expect(item.outcome_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
      expect(set.body.counts).toMatchObject({ total: expect.any(Number) })

      const corrected = (await put(id, { job_value_cents: 52050 })).body.item as Item
      expect(corrected.job_value_cents).toBe(52050)
      expect(corrected.outcome_at).toBe(item.outcome_at)
      // The same value again changes nothing and records nothing.
      expect((await put(id, { job_value_cents: 52050 })).status).toBe(200)

      const cleared = (await put(id, { job_value_cents: null })).body.item as Item
      expect(cleared).toMatchObject({ job_value_cents: null, outcome_at: null })
      expect(await timeline(id)).toEqual([
        { kind: 'job_value', detail: null },
        { kind: 'job_value', detail: '$520.50' },
        { kind: 'job_value', detail: '$485.00' },
        { kind: 'read', detail: null },
      ])
    })

    it('takes a closed request’s reason lost, and refuses a value or a reason its status does not allow', async () => {
      const id = await stored({ status: 'closed' })
      const refused = await put(id, { job_value_cents: 10000 })
      expect(refused.status).toBe(409)
      expect(refused.body).toEqual({
        success: false,
        error: 'Mark the request completed before entering the job’s value.',
        fields: { job_value_cents: 'Mark the request completed before entering the job’s value.' },
      })
      const lost = await put(id, { lost_reason: 'chose_another' })
      expect(lost.status).toBe(200)
      expect(lost.body.item).toMatchObject({ lost_reason: 'chose_another', job_value_cents: null })
      expect(await timeline(id)).toEqual([
        { kind: 'lost_reason', detail: 'Chose another company' },
        { kind: 'read', detail: null },
      ])

      const open = await stored({ status: 'scheduled' })
      const early = await put(open, { lost_reason: 'price' })
      expect(early.status).toBe(409)
      expect(early.body.error).toBe('Mark the request closed before choosing why it was lost.')
      // Clearing is always allowed (a status changed back).
      expect((await put(open, { lost_reason: null, job_value_cents: null })).status).toBe(200)
      expect(await timeline(open)).toEqual([])
    })

    it('refuses a value that is not whole cents from 1 to $1,000,000, an unknown reason or field, and an empty body', async () => {
      const id = await stored({ status: 'completed' })
      const value =
        'Write the job’s value in dollars, more than $0 and at most $1,000,000 (like 485 or 1,250.50). Send it in cents (48500 for $485), or null to clear it.'
      for (const bad of [0, -5, 100_000_001, 12.5, '485', true]) {
        const res = await put(id, { job_value_cents: bad })
        expect(res.status, String(bad)).toBe(400)
        expect(res.body).toEqual({
          success: false,
          error: 'Check job_value_cents.',
          fields: { job_value_cents: value },
        })
      }
      expect((await put(id, { job_value_cents: 100_000_000 })).status).toBe(200)
      const reason = await put(id, { lost_reason: 'weather' })
      expect(reason.status).toBe(400)
      expect(reason.body.fields).toEqual({
        lost_reason:
          'Must be one of: price, chose_another, no_response, not_a_fit, repaired_themselves, other; or null to clear it.',
      })
      const unknown = await put(id, { status: 'closed' })
      expect(unknown.body).toEqual({
        success: false,
        error: 'Check status.',
        fields: { status: 'This field cannot be set here.' },
      })
      expect((await put(id, {})).body).toEqual({
        success: false,
        error: 'Send the job’s value or the reason lost.',
        fields: {},
      })
      expect((await put(id, '[1]')).status).toBe(400)
    })

    it('answers 404, 409 in the trash, 401 signed out, 403 from another site or with no Origin', async () => {
      expect((await put(randomUUID(), { job_value_cents: 100 })).status).toBe(404)
      expect((await put('not-an-id', { job_value_cents: 100 })).status).toBe(404)
      const trashed = await stored({ status: 'completed', deleted_at: new Date().toISOString() })
      expect((await put(trashed, { job_value_cents: 100 })).status).toBe(409)
      const id = await stored({ status: 'completed' })
      expect((await put(id, { job_value_cents: 100 }, client())).status).toBe(401)
      for (const origin of ['https://evil.example', null]) {
        const other = client({ origin })
        other.cookie = office.cookie
        expect((await put(id, { job_value_cents: 100 }, other)).status).toBe(403)
      }
      const row = await served.db.k
        .selectFrom('contact_submissions')
        .select('job_value_cents')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(row.job_value_cents).toBeNull()
    })
  })

  it('reports per source, page and campaign: requests, booked, completed and revenue, first-time and returning apart', async () => {
    // A period of its own (March 2025), away from the other tests' requests.
    const at = (day: number) => `2025-03-${String(day).padStart(2, '0')}T15:00:00.000Z`
    const ads = { source: 'Google Ads', landing_page: '/furnace-repair', utm_campaign: 'winter-furnace' }
    const first = await stored({ ...ads, created_at: at(3), status: 'completed', job_value_cents: 48500 })
    // The same customer again: returning, though it came from the same ad.
    await stored({ ...ads, created_at: at(20), status: 'completed', job_value_cents: 30000, customer_id: first })
    await stored({ ...ads, created_at: at(4), status: 'scheduled' })
    const booked = await stored({ ...ads, created_at: at(5), status: 'contacted' })
    await served.db.k
      .insertInto('bookings')
      .values({
        submission_id: booked,
        window_date: '2025-03-07',
        window_start: '08:00',
        window_end: '10:00',
        starts_at: '2025-03-07T13:00:00.000Z',
        ends_at: '2025-03-07T15:00:00.000Z',
        status: 'booked',
        created_at: at(5),
        updated_at: at(5),
      })
      .execute()
    // A cancelled booking books nothing; a closed request with a value (status changed back) earns nothing.
    const cancelled = await stored({ ...ads, created_at: at(6), status: 'closed', job_value_cents: 9900 })
    await served.db.k
      .insertInto('bookings')
      .values({
        submission_id: cancelled,
        window_date: '2025-03-08',
        window_start: '08:00',
        window_end: '10:00',
        starts_at: '2025-03-08T13:00:00.000Z',
        ends_at: '2025-03-08T15:00:00.000Z',
        status: 'cancelled',
        created_at: at(6),
        updated_at: at(6),
      })
      .execute()
    // Direct: no source, page or campaign; one returning customer's completed job.
    const earlier = await stored({ created_at: '2024-11-02T15:00:00.000Z' })
    await stored({ created_at: at(10), status: 'completed', job_value_cents: 125050, customer_id: earlier })
    await stored({ created_at: at(11) })
    // Not counted: sent again within the hour (folded), spam, in the trash, another period.
    await stored({ ...ads, created_at: at(3), folded_into: first, customer_id: first })
    await stored({ ...ads, created_at: at(12), is_spam: true })
    await stored({ ...ads, created_at: at(13), deleted_at: at(14) })
    await stored({ ...ads, created_at: '2025-04-01T15:00:00.000Z', status: 'completed', job_value_cents: 777 })

    const res = await office.call('GET', '/api/admin/sources/outcomes?from=2025-03-01&to=2025-03-31')
    expect(res.status).toBe(200)
    const counts = (requests: number, booked: number, completed: number, revenueCents: number) => ({
      requests,
      booked,
      completed,
      revenueCents,
    })
    const ad = { firstTime: counts(4, 3, 1, 48500), returning: counts(1, 1, 1, 30000) }
    const direct = { firstTime: counts(1, 0, 0, 0), returning: counts(1, 1, 1, 125050) }
    expect(res.body).toEqual({
      success: true,
      from: '2025-03-01',
      to: '2025-03-31',
      bySource: [
        { key: 'Google Ads', ...ad },
        { key: 'Direct', ...direct },
      ],
      byPage: [
        { key: '/furnace-repair', ...ad },
        { key: '(not recorded)', ...direct },
      ],
      byCampaign: [
        { key: 'winter-furnace', ...ad },
        { key: '(no campaign)', ...direct },
      ],
    })
    // The report's other numbers stay as they were.
    expect((await office.call('GET', '/api/admin/sources?from=2025-03-01&to=2025-03-31')).body.sources).toEqual([
      { source: 'Google Ads', requests: 6, contacted: 5, scheduled: 3 },
      { source: 'Direct', requests: 2, contacted: 1, scheduled: 1 },
    ])
    expect((await office.call('GET', '/api/admin/sources/outcomes?from=2025-03-31&to=2025-03-01')).status).toBe(400)
    expect((await client().call('GET', '/api/admin/sources/outcomes')).status).toBe(401)
  })

  it('exports the completed jobs of a period from Google click ids in Google’s template, and nothing else', async () => {
    // Outcomes entered in June 2025, each as the office would have (the value, then when).
    const done = async (fields: Partial<NewSubmission>, outcomeAt: string, value: number | null = 48500) =>
      stored({
        status: 'completed',
        job_value_cents: value,
        outcome_at: outcomeAt,
        created_at: '2025-05-20T12:00:00.000Z',
        ...fields,
      })
    await done({ click_id_type: 'gclid', click_id: 'Cj0KCQjw-gclid_1' }, '2025-06-02T18:30:00.000Z', 48500)
    await done({ click_id_type: 'gbraid', click_id: '0AAAAAgbraid' }, '2025-06-03T04:00:00.000Z', 125050)
    await done({ click_id_type: 'wbraid', click_id: 'CkAKwbraid' }, '2025-06-30T23:59:00.000Z', 1)
    // A click id that is no Google click, one that starts like a formula, and one built to break a cell.
    await done(
      { click_id_type: 'gclid', click_id: '=HYPERLINK("http://evil.example","x")' },
      '2025-06-04T12:00:00.000Z',
    )
    await done({ click_id_type: 'gclid', click_id: 'a,b\r\nc' }, '2025-06-04T12:00:00.000Z')
    await done({ click_id_type: 'gclid', click_id: '-Cj0minus' }, '2025-06-05T12:00:00.000Z', 200)
    // Not exported: no click id, another network's, no value, not completed, spam, trash, outside the period.
    await done({}, '2025-06-06T12:00:00.000Z')
    await done({ click_id_type: 'msclkid', click_id: 'bingclick' }, '2025-06-06T12:00:00.000Z')
    await done({ click_id_type: 'gclid', click_id: 'novalue' }, '2025-06-06T12:00:00.000Z', null)
    await done({ click_id_type: 'gclid', click_id: 'closed', status: 'closed' }, '2025-06-06T12:00:00.000Z')
    await done({ click_id_type: 'gclid', click_id: 'spam', is_spam: true }, '2025-06-06T12:00:00.000Z')
    await done(
      { click_id_type: 'gclid', click_id: 'trash', deleted_at: '2025-06-07T00:00:00.000Z' },
      '2025-06-06T12:00:00.000Z',
    )
    await done({ click_id_type: 'gclid', click_id: 'july' }, '2025-07-01T04:00:00.000Z')
    await done({ click_id_type: 'gclid', click_id: 'may' }, '2025-06-01T03:59:00.000Z')

    const res = await fetch(`${served.server.url}/api/admin/google-ads-conversions.csv?from=2025-06-01&to=2025-06-30`, {
      headers: { cookie: office.cookie, 'x-forwarded-for': '192.0.2.200' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="longbar-google-ads-conversions-2025-06-01-to-2025-06-30.csv"',
    )
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect((await res.text()).split('\r\n')).toEqual([
      'Parameters:TimeZone=America/New_York',
      'Google Click ID,GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
      '"Cj0KCQjw-gclid_1",,,"Completed job, HVAC","2025-06-02 14:30:00","485.00","USD"',
      ',"0AAAAAgbraid",,"Completed job, HVAC","2025-06-03 00:00:00","1250.50","USD"',
      `"'-Cj0minus",,,"Completed job, HVAC","2025-06-05 08:00:00","2.00","USD"`,
      ',,"CkAKwbraid","Completed job, HVAC","2025-06-30 19:59:00","0.01","USD"',
      '',
    ])

    // An empty period is the header alone; a bad period is refused; signed out, 401.
    const empty = await office.call('GET', '/api/admin/google-ads-conversions.csv?from=2020-01-01&to=2020-01-31')
    expect(String(empty.body.text).split('\r\n')).toEqual([
      'Parameters:TimeZone=America/New_York',
      'Google Click ID,GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
      '',
    ])
    expect((await office.call('GET', '/api/admin/google-ads-conversions.csv?from=2025-06-31')).status).toBe(400)
    expect((await client().call('GET', '/api/admin/google-ads-conversions.csv')).status).toBe(401)
  })
})
