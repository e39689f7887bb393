// The Core Web Vitals the site measures on real visitors (issue 21 item 6, docs/operations.md
// "Site speed"), shared by the server, which stores them, and the inbox, which shows them.
// Browser-safe. Values are kept as counts in buckets of a logarithmic scale (each bucket 5% wider
// than the one before), so a day's 75th percentile is read within 5% and no visit is kept.

export const VITALS = ['lcp', 'inp', 'cls', 'ttfb'] as const
export type Vital = (typeof VITALS)[number]

export const DEVICES = ['mobile', 'desktop'] as const
export type Device = (typeof DEVICES)[number]

/** Google's bands (web.dev/articles/vitals): good up to the first, poor above the second. Milliseconds; CLS unitless. */
const BANDS: Record<Vital, readonly [good: number, poor: number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
  ttfb: [800, 1800],
}

export type Band = 'good' | 'needs-improvement' | 'poor'

export function bandOf(vital: Vital, value: number): Band {
  const [good, poor] = BANDS[vital]
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor'
}

/** The largest value kept (a minute, or a CLS of 10): anything above is counted as it. */
const MAX: Record<Vital, number> = { lcp: 60_000, inp: 60_000, ttfb: 60_000, cls: 10 }
/** CLS is scaled to thousandths before bucketing, the others are in milliseconds. */
const SCALE: Record<Vital, number> = { lcp: 1, inp: 1, ttfb: 1, cls: 1000 }
const GROWTH = Math.log(1.05)

/** The bucket of a value (0 for 0). */
export function bucketOf(vital: Vital, value: number): number {
  const v = Math.min(Math.max(value, 0), MAX[vital]) * SCALE[vital]
  return Math.ceil(Math.log1p(v) / GROWTH)
}

/** The largest value of a bucket (what a percentile that falls in it is reported as). */
export function bucketValue(vital: Vital, bucket: number): number {
  return Math.expm1(bucket * GROWTH) / SCALE[vital]
}

/** The 75th percentile of counts per bucket, or null with none. */
export function p75(vital: Vital, counts: ReadonlyMap<number, number>): number | null {
  const total = [...counts.values()].reduce((a, b) => a + b, 0)
  if (total === 0) return null
  let seen = 0
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket)!
    if (seen >= total * 0.75) return bucketValue(vital, bucket)
  }
  return null
}
