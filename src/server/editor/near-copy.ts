// A town page must be about its town: one that is mostly another place's text (the starter text
// of `npm run new:town`, or a copy of a neighbour's page with the name changed) is a doorway page
// in Google's words, and is refused. A record's own words are compared by runs of five words
// (its name and its county's written as one token), as the share of its runs found in the other.
import { stringsOf } from '../../catalogue/placeholders.ts'

/** Above this share of its five-word runs in another page, a page is a near-copy of it. */
export const NEAR_COPY_SHARE = 0.5
const RUN = 5

/** The fields that are the page's own words (not its address, its place's names or its ZIP codes). */
const SKIPPED = new Set(['template', 'path', 'aliases', 'parent', 'zips', 'structuredData', 'map', 'name'])

/** The record's five-word runs, its own place names replaced by one token. */
export function wordRuns(data: unknown): Set<string> {
  const record = (data ?? {}) as Record<string, unknown>
  const names = [record.name, ...((record.structuredData as { areaServed?: unknown[] })?.areaServed ?? [])]
    .filter((n): n is string => typeof n === 'string')
    .flatMap((n) => [n, n.split(',')[0]!])
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n.length > 1)
    .sort((a, b) => b.length - a.length)
  const own = Object.fromEntries(Object.entries(record).filter(([key]) => !SKIPPED.has(key)))
  let text = [...stringsOf(own)]
    .map(([, s]) => s)
    .join(' ')
    .toLowerCase()
  for (const name of names) text = text.split(name).join(' placename ')
  const words = text.split(/[^a-z0-9$%']+/).filter(Boolean)
  const runs = new Set<string>()
  for (let i = 0; i + RUN <= words.length; i++) runs.add(words.slice(i, i + RUN).join(' '))
  return runs
}

/** The share of `page`'s runs that are also in `other` (0 for a page of fewer than five words). */
export function sharedShare(page: Set<string>, other: Set<string>): number {
  if (page.size === 0) return 0
  let shared = 0
  for (const run of page) if (other.has(run)) shared++
  return shared / page.size
}
