// The channels a visit can come through, as the office reads them ("Google Ads", "Google search",
// "Facebook Ads", "Facebook", "E-mail"…), and what marks each: ad click ids, the campaign's
// utm_source and utm_medium, the host of the page that linked here. Data, tried in order (paid
// first, then e-mail, search engines, social sites): the first channel that matches names the
// visit, so "facebook / social", "fb" and a link from m.facebook.com are all "Facebook"
// (docs/decisions/032-attribution-calls-privacy.md; the function is sourceOf in attribution.ts).
import type { ClickIdKind } from './arrival-fields.ts'

/** What a campaign's utm_medium says: a paid ad, an e-mail, an unpaid search result, or nothing. */
export type MediumKind = 'paid' | 'email' | 'organic' | 'none' | 'other'

type Channel = {
  name: string
  /** Ad click ids that mark a visit from it, whatever else the visit says. */
  clickIds?: readonly ClickIdKind[]
  /** utm_source values (lower case) that mark it… */
  sources?: readonly string[]
  /** …when the medium is one of these kinds (any medium when left out). */
  mediums?: readonly MediumKind[]
  /** A medium of this kind marks it, whatever the source ("email" from any newsletter tool). */
  medium?: MediumKind
  /** The host of the page that linked here, for a visit without campaign parameters. */
  hosts?: RegExp
}

/** The kind of a utm_medium value. */
function mediumKind(medium: string): MediumKind {
  if (medium === '') return 'none'
  if (/^(cpc|ppc|paid|paidsearch|paid[-_ ]?search|paid[-_ ]?social|cpm|display|ads?)$/i.test(medium)) return 'paid'
  if (/^(e-?mail|newsletter)$/i.test(medium)) return 'email'
  if (/^organic$/i.test(medium)) return 'organic'
  return 'other'
}

const UNPAID: readonly MediumKind[] = ['organic', 'none']

const CHANNELS: readonly Channel[] = [
  { name: 'Google Ads', clickIds: ['gclid', 'gbraid', 'wbraid'], sources: ['google', 'adwords'], mediums: ['paid'] },
  { name: 'Microsoft Ads', clickIds: ['msclkid'], sources: ['bing', 'microsoft'], mediums: ['paid'] },
  {
    name: 'Facebook Ads',
    clickIds: ['fbclid'],
    sources: ['facebook', 'fb', 'meta', 'instagram', 'ig'],
    mediums: ['paid'],
  },
  { name: 'E-mail', medium: 'email', sources: ['newsletter', 'email', 'e-mail', 'mailchimp', 'constantcontact'] },
  { name: 'Google search', sources: ['google'], mediums: UNPAID, hosts: /(^|\.)google\.[a-z.]+$/ },
  { name: 'Bing search', sources: ['bing'], mediums: UNPAID, hosts: /(^|\.)bing\.com$/ },
  { name: 'DuckDuckGo search', sources: ['duckduckgo'], hosts: /(^|\.)duckduckgo\.com$/ },
  { name: 'Yahoo search', sources: ['yahoo'], hosts: /(^|\.)search\.yahoo\.com$|(^|\.)yahoo\.com$/ },
  { name: 'Ecosia search', sources: ['ecosia'], hosts: /(^|\.)ecosia\.org$/ },
  { name: 'Brave search', sources: ['brave'], hosts: /(^|\.)search\.brave\.com$/ },
  { name: 'Facebook', sources: ['facebook', 'fb', 'meta'], hosts: /(^|\.)(facebook\.com|fb\.com|fb\.me)$/ },
  { name: 'Instagram', sources: ['instagram', 'ig'], hosts: /(^|\.)instagram\.com$/ },
  { name: 'Nextdoor', sources: ['nextdoor'], hosts: /(^|\.)nextdoor\.com$/ },
  { name: 'Yelp', sources: ['yelp'], hosts: /(^|\.)yelp\.com$/ },
  { name: 'X (Twitter)', sources: ['twitter', 'x'], hosts: /(^|\.)(t\.co|twitter\.com|x\.com)$/ },
  { name: 'LinkedIn', sources: ['linkedin'], hosts: /(^|\.)linkedin\.com$/ },
  { name: 'Microsoft', sources: ['microsoft'] },
]

/** The channel a visit came through, or undefined when none of CHANNELS says so. */
export function channelOf(visit: { clickId?: string; source: string; medium: string; host: string }) {
  const source = visit.source.toLowerCase()
  const medium = mediumKind(visit.medium)
  return CHANNELS.find(
    (c) =>
      (visit.clickId !== undefined && c.clickIds?.includes(visit.clickId as ClickIdKind)) ||
      (source !== '' && c.medium !== undefined && c.medium === medium) ||
      (source !== '' && c.sources?.includes(source) && (!c.mediums || c.mediums.includes(medium))) ||
      (source === '' && visit.host !== '' && c.hosts?.test(visit.host)),
  )?.name
}
