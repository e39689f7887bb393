// Calls started from the site, as daily totals (docs/decisions/032-attribution-calls-privacy.md):
// one row per office day, page and source, counted up by each tap on a tel: link. Nothing tells
// one visitor from another; rows older than CALL_COUNT_MONTHS are pruned.
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Db } from './client.ts'
import type { Tables } from './schema.ts'

/** How long the daily totals are kept: this many months, then pruned by the housekeeping. */
export const CALL_COUNT_MONTHS = 13

export type CallKey = { day: string; page: string; source: string }

/**
 * The most sources a day's calls are counted under; a new one beyond them counts as OTHER_SOURCE.
 * The source is the visitor's own words (utm_source, utm_medium), so without a bound a script with
 * many addresses could store any number of labels for 13 months, each shown in the Sources report.
 */
export const SOURCES_PER_DAY = 30
export const OTHER_SOURCE = 'Other'

export async function countCall(trx: Kysely<Tables> | Transaction<Tables>, key: CallKey): Promise<void> {
  const seen = await trx
    .selectFrom('call_counts')
    .select('source')
    .where('day', '=', key.day)
    .where('source', '=', key.source)
    .limit(1)
    .executeTakeFirst()
  let source = key.source
  if (!seen) {
    const { n } = await trx
      .selectFrom('call_counts')
      .select((eb) => eb.fn.count<number | string>('source').distinct().as('n'))
      .where('day', '=', key.day)
      .where('source', '!=', OTHER_SOURCE)
      .executeTakeFirstOrThrow()
    if (Number(n) >= SOURCES_PER_DAY) source = OTHER_SOURCE
  }
  await trx
    .insertInto('call_counts')
    .values({ ...key, source, count: 1 })
    .onConflict((oc) =>
      oc.columns(['day', 'page', 'source']).doUpdateSet({ count: sql<number>`call_counts.count + 1` }),
    )
    .execute()
}

/** Deletes the totals of days before `day` (YYYY-MM-DD); how many rows went. */
export async function pruneCallCounts(db: Db, day: string): Promise<number> {
  const result = await db.k.deleteFrom('call_counts').where('day', '<', day).executeTakeFirst()
  return Number(result.numDeletedRows)
}

type Tally = { key: string; count: number }

/** The calls of the days from `from` to `to` (YYYY-MM-DD, both included): per day, per page and per source, most first. */
export async function callTotals(
  db: Db,
  from: string,
  to: string,
): Promise<{ total: number; byDay: Tally[]; byPage: Tally[]; bySource: Tally[] }> {
  const by = async (column: 'day' | 'page' | 'source') => {
    const rows = await db.k
      .selectFrom('call_counts')
      .select([`${column} as key`, (eb) => eb.fn.sum<number | string>('count').as('count')])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(column)
      .execute()
    const tallies = rows.map((r) => ({ key: String(r.key), count: Number(r.count) }))
    return column === 'day'
      ? tallies.sort((a, b) => a.key.localeCompare(b.key))
      : tallies.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
  }
  const [byDay, byPage, bySource] = await Promise.all([by('day'), by('page'), by('source')])
  return { total: byDay.reduce((sum, t) => sum + t.count, 0), byDay, byPage, bySource: boundedSources(bySource) }
}

/** At most SOURCES_PER_DAY sources over a period too (most first), the rest as one OTHER_SOURCE row. */
function boundedSources(tallies: Tally[]): Tally[] {
  if (tallies.length <= SOURCES_PER_DAY) return tallies
  const head = tallies.filter((t) => t.key !== OTHER_SOURCE).slice(0, SOURCES_PER_DAY - 1)
  const shown = new Set(head.map((t) => t.key))
  const other = tallies.filter((t) => !shown.has(t.key)).reduce((n, t) => n + t.count, 0)
  return [...head, { key: OTHER_SOURCE, count: other }].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
}

/** The day `months` months before `day` (YYYY-MM-DD), clamped to the month's last day. */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const index = y * 12 + (m - 1) - months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}
