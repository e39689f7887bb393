// Where a visit came from, in words (docs/decisions/032-attribution-calls-privacy.md): its
// channel by the table of src/lead/channels.ts (click ids, utm_source/utm_medium, the outside
// page that linked here), else the campaign's source or the linking host, else "Direct". One function for the stored request (its `source`
// column, which the inbox filters and the Sources report groups by) and for the calls counted.
// Browser-safe: the inbox app imports the card's sentence from here.
import { CLICK_IDS, type UtmField } from './arrival-fields.ts'
import { channelOf } from './channels.ts'

export { CLICK_ID_KINDS, UTM_FIELDS } from './arrival-fields.ts'

/** What is known of a visit's arrival (all optional). `referrer` is a URL or a bare host. */
export type Arrival = Partial<Record<UtmField, string | null>> & {
  referrer?: string | null
  clickIdType?: string | null
}

/** The most a source label may be (it is stored and grouped by). */
export const SOURCE_MAX = 100
export const DIRECT = 'Direct'

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
 * The source of a visit in words: its channel (src/lead/channels.ts: "Google Ads" for a click id
 * or utm_source=google with a paid medium, "E-mail" for a newsletter, "Google search",
 * "Facebook"…); else the campaign's own utm_source ("yard-sign"), or the host of the page that
 * linked here ("harfordhomes.example"); else "Direct".
 */
export function sourceOf(arrival: Arrival): string {
  const kind = arrival.clickIdType
  const source = clean(arrival.utm_source)
  const host = referrerHost(arrival.referrer)
  const channel = channelOf({
    ...(kind && kind in CLICK_IDS ? { clickId: kind } : {}),
    source,
    medium: clean(arrival.utm_medium),
    host,
  })
  return channel ?? (source || clean(host) || DIRECT)
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
