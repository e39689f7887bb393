// The names of what a visit's arrival carries: the campaign parameters and the ad click ids (with
// whose ads each marks). Apart from the labelling (attribution.ts) so the pages' script, which
// needs only the names, stays small.

/** The campaign parameters a visit keeps (Google Analytics' names, which every ad platform writes). */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
export type UtmField = (typeof UTM_FIELDS)[number]

/** The ad platforms' click ids, and whose ads each one marks. */
export const CLICK_IDS = {
  gclid: 'Google Ads',
  gbraid: 'Google Ads',
  wbraid: 'Google Ads',
  msclkid: 'Microsoft Ads',
  fbclid: 'Facebook Ads',
} as const
export type ClickIdKind = keyof typeof CLICK_IDS
export const CLICK_ID_KINDS = [
  'gclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'fbclid',
] as const satisfies readonly ClickIdKind[]
