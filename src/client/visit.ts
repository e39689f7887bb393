// The record of a visit's arrival and what a tel: tap reports of it: pure, so tests run them
// anywhere (the script that keeps them is src/client/attribution.ts).
import { CLICK_ID_KINDS as CLICK_IDS, UTM_FIELDS as PARAMS } from '../lead/arrival-fields.ts'

export type Visit = Record<string, string>

/** The record of a visit arriving at `url` from `referrer` (empty when it came from this site). */
export function arrival(url: URL, referrer: string): Visit {
  const visit: Visit = { landing: url.pathname.slice(0, 200) }
  if (referrer) {
    const from = new URL(referrer)
    // Only where from, not what it said there: the outside page's query string is left out.
    if (from.host !== url.host) visit.referrer = `${from.origin}${from.pathname}`.slice(0, 1000)
  }
  for (const name of [...PARAMS, ...CLICK_IDS]) {
    const value = url.searchParams.get(name)
    if (value) visit[name] = value.slice(0, name.startsWith('utm') ? 200 : 500)
  }
  return visit
}

/**
 * The arrival of the page before this one on this site, recovered from the same-origin referrer:
 * a visitor who tapped on before the landing page's script ran (it waits for the first paint)
 * left no record there, but the landing address, with its campaign, is the referrer here. Null
 * when the referrer is another site's or there is none. The outside page before it is unknown.
 */
export function arrivalBefore(url: URL, referrer: string): Visit | null {
  if (!referrer) return null
  const from = new URL(referrer)
  return from.host === url.host ? arrival(from, '') : null
}

/** Whether an arrival starts a new visit record: it came from outside or with campaign parameters. */
export const isNew = (visit: Visit) => Object.keys(visit).length > 1

/** What a tel: tap reports: the page, and what names the source, without any id's value. */
export function beaconPayload(visit: Visit, page: string): Record<string, string> {
  const out: Record<string, string> = { type: 'call', page: page.slice(0, 200) }
  if (visit.referrer) out.referrer = visit.referrer.replace(/^[a-z]+:\/\/([^/]*).*$/i, '$1')
  for (const name of ['utm_source', 'utm_medium', 'utm_campaign']) if (visit[name]) out[name] = visit[name]!
  const click = CLICK_IDS.find((name) => visit[name])
  if (click) out.clickIdType = click
  return out
}
