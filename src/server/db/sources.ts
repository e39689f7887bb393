// The Sources report (docs/admin-api.md "Sources"): per source, the requests of a period, how many
// the office has contacted, and how many became a visit (scheduled or completed). Spam and the
// trash are left out; the calls counted are in calls.ts.
import { sql } from 'kysely'
import type { Db } from './client.ts'
import { DIRECT } from '../../lead/attribution.ts'
import { OTHER_SOURCE, SOURCES_PER_DAY } from './calls.ts'

type SourceRow = { source: string; requests: number; contacted: number; scheduled: number }

/** The report for requests that arrived from `from` (included) to `to` (excluded), ISO instants; most requests first. */
export async function sourcesReport(db: Db, from: string, to: string): Promise<SourceRow[]> {
  const rows = await db.k
    .selectFrom('contact_submissions')
    .select([
      sql<string>`coalesce(source, ${sql.lit(DIRECT)})`.as('source'),
      (eb) => eb.fn.countAll<number | string>().as('requests'),
      sql<number | string>`sum(case when first_contact_at is not null or status <> 'new' then 1 else 0 end)`.as(
        'contacted',
      ),
      sql<number | string>`sum(case when status in ('scheduled', 'completed') then 1 else 0 end)`.as('scheduled'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where(sql<boolean>`deleted_at is null and not is_spam`)
    .groupBy(sql`coalesce(source, ${sql.lit(DIRECT)})`)
    .execute()
  const sorted = rows
    .map((r) => ({
      source: r.source,
      requests: Number(r.requests),
      contacted: Number(r.contacted),
      scheduled: Number(r.scheduled),
    }))
    .sort((a, b) => b.requests - a.requests || a.source.localeCompare(b.source))
  // A bounded list (a source is partly the visitor's own words): the most frequent, then the rest as one row.
  if (sorted.length <= SOURCES_PER_DAY) return sorted
  const rest = sorted.slice(SOURCES_PER_DAY - 1)
  const sum = (k: 'requests' | 'contacted' | 'scheduled') => rest.reduce((n, r) => n + r[k], 0)
  return [
    ...sorted.slice(0, SOURCES_PER_DAY - 1),
    { source: OTHER_SOURCE, requests: sum('requests'), contacted: sum('contacted'), scheduled: sum('scheduled') },
  ]
}
