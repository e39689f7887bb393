// The Sources report and the person's erasure (docs/admin-api.md "Sources", "Erasing a person"):
// where the requests of a period came from and how far each got, with the calls started from the
// site in the same days, and what they became per source, page and campaign (booked, completed,
// revenue; decision 050); the period's completed jobs from Google Ads clicks as Google's offline
// conversions file; the live site's speed (Core Web Vitals of real visits); and every request of one phone number or e-mail address deleted at once.
// Mounted behind the session check.
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { instantAt } from '../../lead/business-hours.ts'
import { callTotals } from '../db/calls.ts'
import type { Db } from '../db/client.ts'
import { erasePerson } from '../db/privacy.ts'
import { googleAdsConversions, outcomesReport, sourcesReport } from '../db/sources.ts'
import { siteSpeed } from '../db/vitals.ts'
import type { Logger } from '../log.ts'
import type { Office, OfficeClock } from '../office.ts'
import { jsonInput, queryInput } from './answers.ts'
import { DEFAULT_CONVERSION_NAME, googleAdsCsv } from './google-ads.ts'
import { isCalendarDay, type Checked } from './validate.ts'

/** The longest period the report covers: a little over a year, as long as calls are kept. */
const MAX_REPORT_DAYS = 400

/** The day `n` days after `day` (YYYY-MM-DD; n may be negative). */
function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10)
}

/** The report's period from its query string: `from` and `to`, office days, both included; the last 30 days by default. */
function validatePeriod(
  from: string | undefined,
  to: string | undefined,
  today: string,
): Checked<{ from: string; to: string }> {
  const end = to || today
  const start = from || addDays(end, -29)
  if (!isCalendarDay(start) || !isCalendarDay(end)) return { ok: false, error: 'from and to must be days, YYYY-MM-DD.' }
  if (start > end) return { ok: false, error: 'from must not be after to.' }
  if (addDays(start, MAX_REPORT_DAYS - 1) < end)
    return { ok: false, error: `The period may span at most ${MAX_REPORT_DAYS} days.` }
  return { ok: true, value: { from: start, to: end } }
}

/** A person to erase: `{ phone?, email? }`, at least one, short text. */
function validatePerson(body: unknown): Checked<{ phone?: string; email?: string }> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, error: 'Send the phone number and/or the e-mail address.' }
  const record = body as Record<string, unknown>
  for (const key of Object.keys(record))
    if (key !== 'phone' && key !== 'email') return { ok: false, error: `${key} is not a field.` }
  const phone = typeof record.phone === 'string' ? record.phone.trim() : ''
  const email = typeof record.email === 'string' ? record.email.trim() : ''
  if (
    (record.phone !== undefined && typeof record.phone !== 'string') ||
    (record.email !== undefined && typeof record.email !== 'string')
  )
    return { ok: false, error: 'phone and email must be text.' }
  // A control character (a NUL) is in no phone number or address, and PostgreSQL refuses it in text.
  if (/\p{Cc}/u.test(phone + email))
    return { ok: false, error: 'The phone number or e-mail address has a character it cannot have.' }
  if (phone.length > 30 || email.length > 254)
    return { ok: false, error: 'The phone number or e-mail address is too long.' }
  if (phone && phone.replace(/\D/g, '').length < 7) return { ok: false, error: 'The phone number has too few digits.' }
  if (!phone && !email) return { ok: false, error: 'Send the phone number and/or the e-mail address.' }
  return { ok: true, value: { ...(phone ? { phone } : {}), ...(email ? { email } : {}) } }
}

/** The office's midnight starting `day`, as an instant. */
const midnight = (day: string, timeZone: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(instantAt(y, m, d, 0, timeZone)).toISOString()
}

export function sourcesApi({
  db,
  log,
  office,
  clock,
  googleAdsConversionName = DEFAULT_CONVERSION_NAME,
}: {
  db: Db
  log: Logger
  office: Office
  clock: OfficeClock
  /** The Google Ads conversion action the export names (GOOGLE_ADS_CONVERSION_NAME). */
  googleAdsConversionName?: string | undefined
}) {
  const period = queryInput<{ from?: string; to?: string }>()((param) =>
    validatePeriod(param('from'), param('to'), clock.today()),
  )
  return (
    new Hono<AppEnv>()
      .get('/sources', period, async (c) => {
        const { from, to } = c.req.valid('query')
        // The office's days, as instants: from its midnight at the start to its midnight after the end.
        const [sources, calls] = await Promise.all([
          sourcesReport(db, midnight(from, office.timeZone), midnight(addDays(to, 1), office.timeZone)),
          callTotals(db, from, to),
        ])
        return c.json({ success: true, from, to, sources, calls }, 200)
      })
      // What the period's requests became (decision 050): a route of its own, so that the inbox's
      // source filter, which reads the sources of a year, does not pay for it.
      .get('/sources/outcomes', period, async (c) => {
        const { from, to } = c.req.valid('query')
        const outcomes = await outcomesReport(
          db,
          midnight(from, office.timeZone),
          midnight(addDays(to, 1), office.timeZone),
        )
        return c.json({ success: true, from, to, ...outcomes }, 200)
      })
      // Google Ads offline conversions: the completed jobs whose outcome was entered in the period.
      .get('/google-ads-conversions.csv', period, async (c) => {
        const { from, to } = c.req.valid('query')
        const conversions = await googleAdsConversions(
          db,
          midnight(from, office.timeZone),
          midnight(addDays(to, 1), office.timeZone),
        )
        log.info('google ads conversions exported', { from, to, rows: conversions.length })
        return c.body(
          googleAdsCsv(conversions, { timeZone: office.timeZone, conversionName: googleAdsConversionName }),
          200,
          {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="longbar-google-ads-conversions-${from}-to-${to}.csv"`,
          },
        )
      })
      // The live site's speed (issue 21 item 6): each page and device class, the 75th percentile of each vital.
      .get('/site-speed', period, async (c) => {
        const { from, to } = c.req.valid('query')
        return c.json({ success: true, from, to, pages: await siteSpeed(db, from, to) }, 200)
      })
      .post('/erase', jsonInput<{ phone?: string; email?: string }>()(validatePerson), async (c) => {
        const person = c.req.valid('json')
        const erased = await erasePerson(db, person)
        // The requests and their timelines are gone: this line is what remains, and it names no one.
        log.info('person erased', {
          requests: erased,
          byPhone: person.phone !== undefined,
          byEmail: person.email !== undefined,
        })
        return c.json({ success: true, erased }, 200)
      })
  )
}
