// The live site's speed as daily counts (src/lead/vitals.ts): one row per office day, page, device
// class, vital and bucket, counted up by each page view's beacon; pruned after VITALS_MONTHS.
import { sql, type Kysely, type Transaction } from 'kysely'
import { bucketOf, p75, VITALS, type Device, type Vital } from '../../lead/vitals.ts'
import type { Db } from './client.ts'
import type { Tables } from './schema.ts'

/** How long the daily counts are kept, then pruned by the retention job. */
export const VITALS_MONTHS = 13

export type PageView = { day: string; page: string; device: Device; values: Partial<Record<Vital, number>> }

/** One page view's vitals, each counted in its bucket. */
export async function countVitals(trx: Kysely<Tables> | Transaction<Tables>, view: PageView): Promise<void> {
  for (const metric of VITALS) {
    const value = view.values[metric]
    if (value === undefined) continue
    await trx
      .insertInto('vitals_counts')
      .values({
        day: view.day,
        page: view.page,
        device: view.device,
        metric,
        bucket: bucketOf(metric, value),
        count: 1,
      })
      .onConflict((oc) =>
        oc
          .columns(['day', 'page', 'device', 'metric', 'bucket'])
          .doUpdateSet({ count: sql<number>`vitals_counts.count + 1` }),
      )
      .execute()
  }
}

/** Deletes the counts of days before `day` (YYYY-MM-DD); how many rows went. */
export async function pruneVitals(db: Db, day: string): Promise<number> {
  const result = await db.k.deleteFrom('vitals_counts').where('day', '<', day).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export type SpeedRow = { page: string; device: Device; views: number; p75: Record<Vital, number | null> }

/** Each page and device class of the days from `from` to `to` (both included): its views and the 75th percentile of each vital; most viewed first. */
export async function siteSpeed(db: Db, from: string, to: string): Promise<SpeedRow[]> {
  const rows = await db.k
    .selectFrom('vitals_counts')
    .select(['page', 'device', 'metric', 'bucket', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['page', 'device', 'metric', 'bucket'])
    .execute()
  const groups = new Map<string, { page: string; device: Device; counts: Map<Vital, Map<number, number>> }>()
  for (const r of rows) {
    const key = `${r.device} ${r.page}`
    const group = groups.get(key) ?? {
      page: r.page,
      device: r.device as Device,
      counts: new Map<Vital, Map<number, number>>(),
    }
    groups.set(key, group)
    const metric = r.metric as Vital
    const counts = group.counts.get(metric) ?? new Map<number, number>()
    group.counts.set(metric, counts)
    counts.set(Number(r.bucket), Number(r.count))
  }
  const total = (counts: Map<number, number> | undefined) => [...(counts?.values() ?? [])].reduce((a, b) => a + b, 0)
  return [...groups.values()]
    .map(({ page, device, counts }) => ({
      page,
      device,
      // Every view reports its TTFB; LCP when the page was shown long enough.
      views: Math.max(...VITALS.map((v) => total(counts.get(v)))),
      p75: Object.fromEntries(VITALS.map((v) => [v, p75(v, counts.get(v) ?? new Map())])) as Record<
        Vital,
        number | null
      >,
    }))
    .sort((a, b) => b.views - a.views || a.page.localeCompare(b.page) || a.device.localeCompare(b.device))
}
