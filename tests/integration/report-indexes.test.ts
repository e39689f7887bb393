// The reports of a period read their indexes (migration 040, docs/decisions/064-report-indexes.md),
// on SQLite and on PostgreSQL: the Sources report, the outcomes report and the Google Ads file each
// give, for randomly made requests (sources, pages and campaigns missing or not, "Direct" typed as a
// source, statuses, values, returning customers, requests sent again, spam, the trash, bookings
// cancelled or not, times on the period's edges), what counting the requests one by one gives; and
// each is answered from its index alone, without visiting the table's rows or sorting them.
import { randomUUID } from 'node:crypto'
import { CompiledQuery, sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { googleAdsConversions, outcomesReport, sourcesReport } from '../../src/server/db/sources.ts'
import { STATUSES, type Status } from '../../src/lead/submission.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { clearRequests, suiteDb } from '../helpers/suite-db.ts'

const FROM = '2026-10-01T04:00:00.000Z'
const TO = '2026-11-01T04:00:00.000Z'

/** A small deterministic generator (a linear congruential one): the same requests for a seed on both databases. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
  return {
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    int: (below: number) => Math.floor(next() * below),
  }
}

type Request = {
  id: string
  created_at: string
  source: string | null
  landing_page: string | null
  utm_campaign: string | null
  status: Status
  first_contact_at: string | null
  job_value_cents: number | null
  outcome_at: string | null
  click_id_type: string | null
  click_id: string | null
  customer_id: string | null
  folded_into: string | null
  is_spam: boolean
  deleted_at: string | null
  booking: 'open' | 'cancelled' | null
}

/** An instant near the period: on its edges, just inside or outside them, or anywhere within 40 days of it. */
function instant(g: ReturnType<typeof generator>): string {
  const edges = [FROM, TO].map(Date.parse)
  const at = g.chance(0.2)
    ? g.pick(edges) + g.pick([-1, 0, 1])
    : Date.parse(FROM) - 5 * 86_400_000 + g.int(40 * 86_400_000)
  return new Date(at).toISOString()
}

function requests(seed: number, count: number): Request[] {
  const g = generator(seed)
  const made: Request[] = []
  for (let i = 0; i < count; i++) {
    const id = randomUUID()
    const status = g.pick(STATUSES)
    const valued = g.chance(0.6)
    const earlier = made.length > 0 ? g.pick(made) : undefined
    made.push({
      id,
      created_at: instant(g),
      source: g.pick([null, 'Direct', 'Google Ads', 'Google search', 'Facebook', 'angi.com', 'a neighbor']),
      landing_page: g.pick([null, '/', '/furnace-repair', '/ac-repair', '(not recorded)']),
      utm_campaign: g.pick([null, 'brand', 'ac-tune-up', 'fall-promo']),
      status,
      first_contact_at: g.chance(0.5) ? instant(g) : null,
      job_value_cents: valued ? 100 + g.int(1_000_000) : null,
      outcome_at: valued ? instant(g) : null,
      click_id_type: g.pick([null, 'gclid', 'gbraid', 'wbraid', 'msclkid']),
      click_id: g.chance(0.8) ? `Cj0K${g.int(1e9).toString(36)}` : null,
      customer_id: g.chance(0.1) ? null : earlier && g.chance(0.4) ? (earlier.customer_id ?? earlier.id) : id,
      folded_into: earlier && g.chance(0.1) ? earlier.id : null,
      is_spam: g.chance(0.1),
      deleted_at: g.chance(0.1) ? instant(g) : null,
      booking: g.pick([null, null, 'open', 'cancelled']),
    })
  }
  return made
}

async function store(db: Db, made: Request[]): Promise<void> {
  for (const { booking, ...r } of made) {
    await db.k
      .insertInto('contact_submissions')
      .values({
        ...r,
        name: `Report ${r.id.slice(0, 6)}`,
        phone: '(410) 555-0164',
        updated_at: r.created_at,
        is_read: true,
        is_client: false,
      })
      .execute()
    if (booking)
      await db.k
        .insertInto('bookings')
        .values({
          submission_id: r.id,
          window_date: r.created_at.slice(0, 10),
          window_start: '08:00',
          window_end: '11:00',
          starts_at: r.created_at,
          ends_at: r.created_at,
          status: booking === 'open' ? 'confirmed' : 'cancelled',
          created_at: r.created_at,
          updated_at: r.created_at,
        })
        .execute()
  }
}

const inPeriod = (at: string | null) => at !== null && at >= FROM && at < TO
const counted = (r: Request) => r.deleted_at === null && !r.is_spam
const byRequestsThenName =
  <T>(total: (row: T) => number, name: (row: T) => string) =>
  (a: T, b: T) =>
    total(b) - total(a) || name(a).localeCompare(name(b))

/** The Sources report, one request at a time. */
function expectedSources(made: Request[]) {
  const rows = new Map<string, { source: string; requests: number; contacted: number; scheduled: number }>()
  for (const r of made.filter((r) => counted(r) && inPeriod(r.created_at))) {
    const source = r.source ?? 'Direct'
    const row = rows.get(source) ?? { source, requests: 0, contacted: 0, scheduled: 0 }
    row.requests++
    if (r.first_contact_at !== null || r.status !== 'new') row.contacted++
    if (r.status === 'scheduled' || r.status === 'completed') row.scheduled++
    rows.set(source, row)
  }
  return [...rows.values()].sort(
    byRequestsThenName(
      (row) => row.requests,
      (row) => row.source,
    ),
  )
}

type Outcomes = { requests: number; booked: number; completed: number; revenueCents: number }
type OutcomeRow = { key: string; firstTime: Outcomes; returning: Outcomes }

/** The outcomes report, one request at a time. */
function expectedOutcomes(made: Request[]) {
  const dimensions = { bySource: new Map(), byPage: new Map(), byCampaign: new Map() } as Record<
    'bySource' | 'byPage' | 'byCampaign',
    Map<string, OutcomeRow>
  >
  for (const r of made.filter((r) => counted(r) && r.folded_into === null && inPeriod(r.created_at))) {
    const keys = {
      bySource: r.source ?? 'Direct',
      byPage: r.landing_page ?? '(not recorded)',
      byCampaign: r.utm_campaign ?? '(no campaign)',
    }
    const completed = r.status === 'completed'
    const booked = r.status === 'scheduled' || completed || r.booking === 'open'
    for (const dimension of Object.keys(dimensions) as (keyof typeof dimensions)[]) {
      const key = keys[dimension]
      const none = () => ({ requests: 0, booked: 0, completed: 0, revenueCents: 0 })
      const row = dimensions[dimension].get(key) ?? { key, firstTime: none(), returning: none() }
      const part = r.customer_id !== null && r.customer_id !== r.id ? row.returning : row.firstTime
      part.requests++
      if (booked) part.booked++
      if (completed) part.completed++
      if (completed) part.revenueCents += r.job_value_cents ?? 0
      dimensions[dimension].set(key, row)
    }
  }
  const ranked = (map: Map<string, OutcomeRow>) =>
    [...map.values()].sort(
      byRequestsThenName(
        (row) => row.firstTime.requests + row.returning.requests,
        (row) => row.key,
      ),
    )
  return {
    bySource: ranked(dimensions.bySource),
    byPage: ranked(dimensions.byPage),
    byCampaign: ranked(dimensions.byCampaign),
  }
}

/** The Google Ads file's conversions, one request at a time. */
function expectedConversions(made: Request[]) {
  return made
    .filter(
      (r) =>
        counted(r) &&
        r.status === 'completed' &&
        r.job_value_cents !== null &&
        inPeriod(r.outcome_at) &&
        ['gclid', 'gbraid', 'wbraid'].includes(r.click_id_type ?? '') &&
        r.click_id !== null,
    )
    .sort((a, b) => a.outcome_at!.localeCompare(b.outcome_at!) || a.id.localeCompare(b.id))
    .map((r) => ({
      clickIdType: r.click_id_type,
      clickId: r.click_id,
      at: r.outcome_at,
      valueCents: r.job_value_cents,
    }))
}

/** The statements `work` runs on `db`, as compiled, the work itself done as ever. */
async function statementsOf(db: Db, work: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = []
  const executor = db.k.getExecutor()
  // Kysely's classes keep private fields: every method runs on its own object, not on the proxy.
  const own = <T extends object>(target: T, name: string | symbol): unknown => {
    const value = Reflect.get(target, name) as unknown
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
  }
  const recording = new Proxy(executor, {
    get: (target, name) =>
      name === 'executeQuery'
        ? (query: CompiledQuery, ...rest: unknown[]) => {
            seen.push(query)
            return (executor.executeQuery as (...args: unknown[]) => unknown).call(executor, query, ...rest)
          }
        : own(target, name),
  })
  const k = new Proxy(db.k, { get: (target, name) => (name === 'getExecutor' ? () => recording : own(target, name)) })
  await work({ ...db, k })
  return seen
}

/** How the database would run one statement: SQLite's plan, or whether PostgreSQL could run it from `index` alone. */
async function plan(db: Db, query: CompiledQuery, index: string): Promise<string> {
  if (db.kind === 'sqlite') {
    const { rows } = await db.k.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    )
    return rows.map((r) => r.detail).join('\n')
  }
  // As autovacuum leaves a table: its statistics, and the visibility map that lets an index answer alone.
  await sql`vacuum analyze contact_submissions`.execute(db.k)
  return db.k.connection().execute(async (c) => {
    // In a transaction rolled back: the table's other indexes dropped, and reading it whole ruled
    // out. Can the statement be answered from the report's index alone?
    await sql`begin`.execute(c)
    try {
      const { rows: others } = await sql<{ name: string }>`select indexname as name from pg_indexes
        where tablename = 'contact_submissions' and indexname <> ${index}
          and indexname not in (select conname from pg_constraint)`.execute(c)
      for (const { name } of others) await sql`drop index ${sql.id(name)}`.execute(c)
      for (const way of ['seqscan', 'bitmapscan'])
        await sql`select set_config(${`enable_${way}`}, 'off', true)`.execute(c)
      const { rows } = await c.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      )
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    } finally {
      await sql`rollback`.execute(c)
    }
  })
}

describe.each(STORAGE_KINDS)('the reports of a period on %s', (kind) => {
  const suite = suiteDb(kind)
  beforeEach(() => clearRequests(suite.db))

  it.each([1, 2, 3])('count what the requests one by one give (seed %i)', async (seed) => {
    const made = requests(seed, 250)
    await store(suite.db, made)
    expect(await sourcesReport(suite.db, FROM, TO)).toEqual(expectedSources(made))
    expect(await outcomesReport(suite.db, FROM, TO)).toEqual(expectedOutcomes(made))
    expect(await googleAdsConversions(suite.db, FROM, TO)).toEqual(expectedConversions(made))
  })

  it.each([
    ['the Sources report', 'contact_submissions_sources_report', sourcesReport],
    ['the outcomes report', 'contact_submissions_outcomes_report', outcomesReport],
    ['the Google Ads file', 'contact_submissions_conversions', googleAdsConversions],
  ] as const)('read %s from its index alone, in its order', async (_, index, report) => {
    await store(suite.db, requests(4, 50))
    const [statement, ...more] = await statementsOf(suite.db, (db) => report(db, FROM, TO))
    expect(more).toEqual([])
    const how = await plan(suite.db, statement!, index)
    if (kind === 'SQLite') {
      expect(how).toContain(`USING COVERING INDEX ${index}`)
      // Grouped or ordered as the index gives the rows: no sort of the period's requests.
      expect(how).not.toContain('TEMP B-TREE')
    } else {
      expect(how).toContain(`Index Only Scan using ${index} on contact_submissions`)
      expect(how).not.toContain('Seq Scan on contact_submissions')
    }
  })
})
