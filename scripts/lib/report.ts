// Number formatting and answer tallies for the benchmarks' printed tables.
import type { Outcomes } from './load.ts'

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Whole number with thousands separators ('–' for no figure). */
export const n0 = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–')
/** One decimal with thousands separators. */
export const n1 = (x: number) =>
  Number.isFinite(x) ? x.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : '–'
/** Milliseconds, one decimal. */
export const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–')
export const pct = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? 'n/a' : `${Math.round(x)}%`)

/** "201: 1,234, 429: 5", or "none". */
export const counts = (c: Record<string | number, number>) =>
  Object.keys(c).length === 0
    ? 'none'
    : Object.entries(c)
        .map(([k, v]) => `${k}: ${n0(v)}`)
        .join(', ')

const is2xx = (status: string) => Number(status) >= 200 && Number(status) < 300
export const non2xx = (o: Outcomes) => Object.fromEntries(Object.entries(o.statusCounts).filter(([s]) => !is2xx(s)))
export const sum2xx = (o: Outcomes) => Object.entries(o.statusCounts).reduce((n, [s, c]) => (is2xx(s) ? n + c : n), 0)
