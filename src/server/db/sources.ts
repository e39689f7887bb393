// The Sources report (docs/admin-api.md "Sources"): per source, the requests of a period, how many
// the office has contacted, and how many became a visit (scheduled or completed); what the
// requests became per source, landing page and campaign (booked, completed, revenue), first-time
// and returning customers apart (decision 050); and the completed jobs to report to Google Ads.
// Spam and the trash are left out; the calls counted are in calls.ts.
import { sql, type RawBuilder } from 'kysely'
import type { Db } from './client.ts'
import { DIRECT } from '../../lead/attribution.ts'
import { OTHER_SOURCE, SOURCES_PER_DAY } from './calls.ts'
import { toIso } from './schema.ts'

/**
 * `contact_submissions s`, on SQLite read through the report's index (migration 040): its planner,
 * without statistics or with them, would rather visit the rows by the created_at index, and the
 * index is what keeps a year within its budget (decision 064). PostgreSQL chooses it itself.
 */
const reportTable = (db: Db, index: string): RawBuilder<unknown> =>
  db.kind === 'sqlite' ? sql`contact_submissions s indexed by ${sql.id(index)}` : sql`contact_submissions s`

type SourceRow = { source: string; requests: number; contacted: number; scheduled: number }

/** The report for requests that arrived from `from` (included) to `to` (excluded), ISO instants; most requests first. */
export async function sourcesReport(db: Db, from: string, to: string): Promise<SourceRow[]> {
  // One pass over the index of migration 040, which holds every column read here (SQLite is told
  // to read it: in source order, it groups without sorting). Grouped by the column as stored, so
  // that the index's order serves; a request without a source and one whose source says "Direct"
  // are one row, summed below.
  const { rows } = await sql<{
    source: string
    requests: number | string
    contacted: number | string
    scheduled: number | string
  }>`select coalesce(s.source, ${DIRECT}) as source, count(*) as requests,
      sum(case when s.first_contact_at is not null or s.status <> 'new' then 1 else 0 end) as contacted,
      sum(case when s.status in ('scheduled', 'completed') then 1 else 0 end) as scheduled
    from ${reportTable(db, 'contact_submissions_sources_report')}
    where s.created_at >= ${from} and s.created_at < ${to} and s.deleted_at is null and not s.is_spam
    group by s.source`.execute(db.k)
  const bySource = new Map<string, SourceRow>()
  for (const r of rows) {
    const row = bySource.get(r.source) ?? { source: r.source, requests: 0, contacted: 0, scheduled: 0 }
    row.requests += Number(r.requests)
    row.contacted += Number(r.contacted)
    row.scheduled += Number(r.scheduled)
    bySource.set(r.source, row)
  }
  const sorted = [...bySource.values()].sort((a, b) => b.requests - a.requests || a.source.localeCompare(b.source))
  // A bounded list (a source is partly the visitor's own words): the most frequent, then the rest as one row.
  if (sorted.length <= SOURCES_PER_DAY) return sorted
  const rest = sorted.slice(SOURCES_PER_DAY - 1)
  const sum = (k: 'requests' | 'contacted' | 'scheduled') => rest.reduce((n, r) => n + r[k], 0)
  return [
    ...sorted.slice(0, SOURCES_PER_DAY - 1),
    { source: OTHER_SOURCE, requests: sum('requests'), contacted: sum('contacted'), scheduled: sum('scheduled') },
  ]
}

/**
 * Whether a request is a returning customer's: its customer had an earlier request. customer_id
 * is the id of the customer's first request (migration 028; a merge keeps the id of the customer
 * who came first, customers.ts), so any other request of the customer is a return; a request without one (written by another program) is its own first. One
 * expression on the row itself, no lookup: the report stays one pass over the period.
 */
const returningRequest = (): RawBuilder<boolean> => sql<boolean>`(s.customer_id is not null and s.customer_id <> s.id)`

/** What the requests of one group became: how many, booked, completed, and the completed jobs' value. */
type Outcomes = { requests: number; booked: number; completed: number; revenueCents: number }
/** One source, landing page or campaign: its first-time customers' requests and its returning customers' apart. */
type OutcomeRow = { key: string; firstTime: Outcomes; returning: Outcomes }
export type OutcomesReport = { bySource: OutcomeRow[]; byPage: OutcomeRow[]; byCampaign: OutcomeRow[] }

/** The page or campaign key of a request that has none. */
const NO_PAGE = '(not recorded)'
const NO_CAMPAIGN = '(no campaign)'

const none = (): Outcomes => ({ requests: 0, booked: 0, completed: 0, revenueCents: 0 })
const add = (into: Outcomes, from: Outcomes) => {
  into.requests += from.requests
  into.booked += from.booked
  into.completed += from.completed
  into.revenueCents += from.revenueCents
}

/** Rows by key, most requests first; beyond SOURCES_PER_DAY, the rest as one row (keys are partly the visitor's own words). */
function ranked(groups: Map<string, OutcomeRow>): OutcomeRow[] {
  const total = (r: OutcomeRow) => r.firstTime.requests + r.returning.requests
  const sorted = [...groups.values()].sort((a, b) => total(b) - total(a) || a.key.localeCompare(b.key))
  if (sorted.length <= SOURCES_PER_DAY) return sorted
  const other: OutcomeRow = { key: OTHER_SOURCE, firstTime: none(), returning: none() }
  for (const r of sorted.slice(SOURCES_PER_DAY - 1)) {
    add(other.firstTime, r.firstTime)
    add(other.returning, r.returning)
  }
  return [...sorted.slice(0, SOURCES_PER_DAY - 1), other]
}

/**
 * What the requests that arrived from `from` (included) to `to` (excluded) became, per source,
 * landing page and campaign, first-time and returning customers apart. Booked: the request is
 * scheduled or completed, or holds a booking not cancelled. Completed: its status is completed.
 * Revenue: the job values of the completed ones. A request sent again within the hour (folded
 * into an earlier one) is not a request of its own. One grouped query over the report's index
 * (migration 040, decision 064), summed up here.
 */
export async function outcomesReport(db: Db, from: string, to: string): Promise<OutcomesReport> {
  // Grouped by the columns as stored (SQLite reads its index in that order and groups without
  // sorting), returning customers' requests summed apart in the same pass rather than grouped
  // apart; a missing source is "Direct" and missing page or campaign its words, merged below.
  const returning = returningRequest()
  const booked = sql`(s.status in ('scheduled', 'completed') or b.submission_id is not null)`
  const completed = sql`s.status = 'completed'`
  const { rows } = await sql<{
    source: string
    page: string | null
    campaign: string | null
    requests: number | string
    booked: number | string
    completed: number | string
    revenue: number | string | null
    returning_requests: number | string
    returning_booked: number | string
    returning_completed: number | string
    returning_revenue: number | string | null
  }>`select coalesce(s.source, ${DIRECT}) as source, s.landing_page as page, s.utm_campaign as campaign,
      count(*) as requests,
      count(*) filter (where ${booked}) as booked,
      count(*) filter (where ${completed}) as completed,
      sum(s.job_value_cents) filter (where ${completed}) as revenue,
      count(*) filter (where ${returning}) as returning_requests,
      count(*) filter (where ${returning} and ${booked}) as returning_booked,
      count(*) filter (where ${returning} and ${completed}) as returning_completed,
      sum(s.job_value_cents) filter (where ${returning} and ${completed}) as returning_revenue
    from ${reportTable(db, 'contact_submissions_outcomes_report')}
    left join bookings b on b.submission_id = s.id and b.status <> 'cancelled'
    where s.created_at >= ${from} and s.created_at < ${to}
      and s.deleted_at is null and not s.is_spam and s.folded_into is null
    group by s.source, s.landing_page, s.utm_campaign`.execute(db.k)
  const dimensions: Record<keyof OutcomesReport, Map<string, OutcomeRow>> = {
    bySource: new Map(),
    byPage: new Map(),
    byCampaign: new Map(),
  }
  for (const r of rows) {
    const all: Outcomes = {
      requests: Number(r.requests),
      booked: Number(r.booked),
      completed: Number(r.completed),
      revenueCents: Number(r.revenue ?? 0),
    }
    const returned: Outcomes = {
      requests: Number(r.returning_requests),
      booked: Number(r.returning_booked),
      completed: Number(r.returning_completed),
      revenueCents: Number(r.returning_revenue ?? 0),
    }
    const firstTime: Outcomes = {
      requests: all.requests - returned.requests,
      booked: all.booked - returned.booked,
      completed: all.completed - returned.completed,
      revenueCents: all.revenueCents - returned.revenueCents,
    }
    const keys: Record<keyof OutcomesReport, string> = {
      bySource: r.source,
      byPage: r.page ?? NO_PAGE,
      byCampaign: r.campaign ?? NO_CAMPAIGN,
    }
    for (const dimension of Object.keys(dimensions) as (keyof OutcomesReport)[]) {
      const map = dimensions[dimension]
      const key = keys[dimension]
      let row = map.get(key)
      if (!row) map.set(key, (row = { key, firstTime: none(), returning: none() }))
      add(row.firstTime, firstTime)
      add(row.returning, returned)
    }
  }
  return {
    bySource: ranked(dimensions.bySource),
    byPage: ranked(dimensions.byPage),
    byCampaign: ranked(dimensions.byCampaign),
  }
}

/** The click ids Google Ads takes, each in its own column of its template. */
export const GOOGLE_CLICK_ID_TYPES = ['gclid', 'gbraid', 'wbraid'] as const
export type GoogleClickIdType = (typeof GOOGLE_CLICK_ID_TYPES)[number]

/** One completed job to report: its click id, when the office entered its outcome, its value. */
export type Conversion = { clickIdType: GoogleClickIdType; clickId: string; at: string; valueCents: number }

/**
 * The completed jobs with a value whose outcome the office entered from `from` (included) to `to`
 * (excluded), ISO instants, and whose request came from a Google Ads click (gclid, gbraid or
 * wbraid): the Google Ads conversions of the period, oldest first. Not spam, not in the trash.
 */
export async function googleAdsConversions(db: Db, from: string, to: string): Promise<Conversion[]> {
  // Read from the file's index alone (migration 040), already in its order.
  const { rows } = await sql<{
    click_id_type: string
    click_id: string
    outcome_at: string | Date
    job_value_cents: number | string
  }>`select s.click_id_type, s.click_id, s.outcome_at, s.job_value_cents
    from ${reportTable(db, 'contact_submissions_conversions')}
    where s.job_value_cents is not null and s.outcome_at >= ${from} and s.outcome_at < ${to}
      and s.status = 'completed' and s.click_id_type in (${sql.join(GOOGLE_CLICK_ID_TYPES.map((t) => sql`${t}`))})
      and s.click_id is not null and s.deleted_at is null and not s.is_spam
    order by s.outcome_at, s.id`.execute(db.k)
  return rows.map((r) => ({
    clickIdType: r.click_id_type as GoogleClickIdType,
    clickId: r.click_id,
    at: toIso(r.outcome_at),
    valueCents: Number(r.job_value_cents),
  }))
}
