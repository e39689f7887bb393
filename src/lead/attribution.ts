// Where a visit came from, in words (docs/decisions/032-attribution-calls-privacy.md): the ad
// click ids, then the campaign's utm_source/utm_medium, then the outside page that linked here
// (search engines by name), else "Direct". One function for the stored request (its `source`
// column, which the inbox filters and the Sources report groups by) and for the calls counted.
// Browser-safe: the inbox app imports the card's sentence from here.
import { CLICK_IDS, type ClickIdKind, type UtmField } from './arrival-fields.ts'

export { CLICK_ID_KINDS, UTM_FIELDS } from './arrival-fields.ts'

/** What is known of a visit's arrival (all optional). `referrer` is a URL or a bare host. */
export type Arrival = Partial<Record<UtmField, string | null>> & {
  referrer?: string | null
  clickIdType?: string | null
}

/** The most a source label may be (it is stored and grouped by). */
export const SOURCE_MAX = 100
export const DIRECT = 'Direct'

/** Search engines by the host of the page that linked here. */
const SEARCH_ENGINES: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, 'Google search'],
  [/(^|\.)bing\.com$/, 'Bing search'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo search'],
  [/(^|\.)search\.yahoo\.com$|(^|\.)yahoo\.com$/, 'Yahoo search'],
  [/(^|\.)ecosia\.org$/, 'Ecosia search'],
  [/(^|\.)search\.brave\.com$/, 'Brave search'],
]
/** Social sites and well-known referrers, by host. */
const SITES: [RegExp, string][] = [
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'Facebook'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)nextdoor\.com$/, 'Nextdoor'],
  [/(^|\.)yelp\.com$/, 'Yelp'],
  [/(^|\.)(t\.co|twitter\.com|x\.com)$/, 'X (Twitter)'],
  [/(^|\.)linkedin\.com$/, 'LinkedIn'],
]
/** utm_source values written in many ways, by the name people know. */
const KNOWN_SOURCES: Record<string, string> = {
  google: 'Google',
  bing: 'Microsoft',
  microsoft: 'Microsoft',
  facebook: 'Facebook',
  fb: 'Facebook',
  instagram: 'Instagram',
  nextdoor: 'Nextdoor',
  yelp: 'Yelp',
}
/** utm_medium values that mean a paid ad. */
const PAID = /^(cpc|ppc|paid|paidsearch|paid[-_ ]?search|paid[-_ ]?social|cpm|display|ads?)$/i

/** The host of a referrer (a URL or a host), lower case, without "www."; '' when there is none. */
export function referrerHost(referrer: string | null | undefined): string {
  if (!referrer) return ''
  let host = referrer
  try {
    host = new URL(referrer.includes('://') ? referrer : `https://${referrer}`).hostname
  } catch {
    return ''
  }
  return host.toLowerCase().replace(/^www\./, '')
}

const clean = (text: string | null | undefined) => (text ?? '').trim().slice(0, SOURCE_MAX)

/**
 * The source of a visit in words: "Google Ads", "Microsoft Ads", "Facebook Ads" for a click id;
 * "Google Ads" for utm_source=google with a paid medium, "newsletter / email" for other campaigns;
 * "Google search", "Facebook", "nextdoor.com" for the page that linked here; else "Direct".
 */
export function sourceOf(arrival: Arrival): string {
  const kind = arrival.clickIdType
  if (kind && kind in CLICK_IDS) return CLICK_IDS[kind as ClickIdKind]
  const source = clean(arrival.utm_source)
  const medium = clean(arrival.utm_medium)
  if (source) {
    const known = KNOWN_SOURCES[source.toLowerCase()]
    if (known && PAID.test(medium)) return `${known} Ads`
    return clean(medium ? `${known ?? source} / ${medium}` : (known ?? source))
  }
  const host = referrerHost(arrival.referrer)
  if (!host) return DIRECT
  for (const [pattern, name] of [...SEARCH_ENGINES, ...SITES]) if (pattern.test(host)) return name
  return clean(host)
}

const UPPER = new Set(['ac', 'hvac', 'md', 'pa', 'de'])
const SMALL = new Set(['and', 'of', 'in', 'the', 'for'])

/** A page of the site in words: "/furnace-repair" → "Furnace Repair page", "/" → "Home page". */
export function pageInWords(path: string): string {
  const slug = path.split(/[?#]/)[0]!.replace(/\/+$/, '').split('/').pop() ?? ''
  if (slug === '') return 'Home page'
  const words = slug
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => (UPPER.has(w) ? w.toUpperCase() : SMALL.has(w) ? w : w[0]!.toUpperCase() + w.slice(1)))
  return `${words.join(' ')} page`
}

/** What a stored request says of its arrival (the columns of migration 012). */
export type StoredArrival = {
  landing_page: string | null
  source_page: string | null
  source: string | null
  utm_campaign: string | null
}

/** The card's sentence: "Furnace Repair page · Google Ads · campaign winter-tuneup". */
export function arrivalInWords(item: StoredArrival): string {
  const page = item.landing_page ?? item.source_page
  const parts = [page ? pageInWords(page) : undefined, item.source ?? DIRECT]
  if (item.utm_campaign) parts.push(`campaign ${item.utm_campaign}`)
  return parts.filter(Boolean).join(' · ')
}
