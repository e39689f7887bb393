// The Google Ads offline conversions file (docs/admin-api.md "Google Ads conversions", decision
// 050): completed jobs whose request came from an ad click, in Google's template for conversions
// from clicks. Its first line names the time zone of every Conversion Time below
// ("Parameters:TimeZone=America/New_York", the office's), then the template's header row, then one
// row per conversion with exactly one of the three click ids (gclid, or gbraid / wbraid for clicks
// from iOS apps and web pages). Google ignores a row sent again with the same click id, name and
// time, so uploading an overlapping period twice counts nothing twice.
import { GOOGLE_CLICK_ID_TYPES, type Conversion, type GoogleClickIdType } from '../db/sources.ts'
import { csvCell, localDateTime } from './csv.ts'

/** The template's header row (Google Ads, Goals › Conversions › Uploads › "Conversions from clicks"), in its order. */
export const GOOGLE_ADS_COLUMNS = [
  'Google Click ID',
  'GBRAID',
  'WBRAID',
  'Conversion Name',
  'Conversion Time',
  'Conversion Value',
  'Conversion Currency',
] as const

/** The conversion action's name when GOOGLE_ADS_CONVERSION_NAME does not set one. */
export const DEFAULT_CONVERSION_NAME = 'Completed job'

/** The currency of every value (content/business.yaml: USD). */
const CONVERSION_CURRENCY = 'USD'

/**
 * What a click id of Google's is made of (URL-safe base64): anything else came from a hand-made
 * link, is no click Google knows, and is left out rather than sent.
 */
const CLICK_ID = /^[A-Za-z0-9_-]{1,512}$/

/**
 * "2026-11-24 14:05:00" in `timeZone`: the form the template's Conversion Time takes with the
 * TimeZone line. The inbox CSV's local minute, and the instant's own seconds (every zone has been
 * a whole number of minutes from UTC since 1972).
 */
export const conversionTime = (iso: string, timeZone: string): string =>
  `${localDateTime(iso, timeZone)}:${String(new Date(iso).getUTCSeconds()).padStart(2, '0')}`

/** Whether a stored click id can be sent to Google Ads. */
const isGoogleClickId = (type: string | null, id: string | null): boolean =>
  GOOGLE_CLICK_ID_TYPES.includes(type as GoogleClickIdType) && id !== null && CLICK_ID.test(id)

/**
 * The whole file: the TimeZone line, the header row, a row per conversion (a click id Google
 * cannot know is left out). Each value is a CSV cell as the inbox's export writes it (quoted,
 * a formula start defused), lines end with CRLF (RFC 4180).
 */
export function googleAdsCsv(
  conversions: readonly Conversion[],
  { timeZone, conversionName }: { timeZone: string; conversionName: string },
): string {
  const lines = [`Parameters:TimeZone=${timeZone}`, GOOGLE_ADS_COLUMNS.join(',')]
  for (const c of conversions) {
    if (!isGoogleClickId(c.clickIdType, c.clickId)) continue
    const ids = GOOGLE_CLICK_ID_TYPES.map((type) => (type === c.clickIdType ? c.clickId : ''))
    const cells = [
      ...ids,
      conversionName,
      conversionTime(c.at, timeZone),
      (c.valueCents / 100).toFixed(2),
      CONVERSION_CURRENCY,
    ]
    lines.push(cells.map((cell) => (cell === '' ? '' : csvCell(cell))).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}
