// POST /api/events: a tap on a tel: link, sent by the site's script with navigator.sendBeacon
// (src/client/attribution.ts). It carries the page and what the visit's source is worked out
// from, never who: no cookie is read or set, the address only counts against the rate limit,
// and the call is added to its day's total (src/server/db/calls.ts). Known bots are answered
// like anyone and not counted. docs/decisions/032-attribution-calls-privacy.md.
// Also a page view's Core Web Vitals (src/client/vitals.ts, issue 21 item 6): the page, the device
// class and four numbers, counted in their day's buckets (src/server/db/vitals.ts); nothing else.
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { SOURCE_MAX, sourceOf } from '../../lead/attribution.ts'
import type { Db } from '../db/client.ts'
import { countCall } from '../db/calls.ts'
import { countVitals, type PageView } from '../db/vitals.ts'
import { DEVICES, VITALS } from '../../lead/vitals.ts'
import { RateLimited, takeHits, type Window } from '../db/rate-limits.ts'
import type { Logger } from '../log.ts'
import { clientAddress, crossSiteOf, limitBody, mediaType, parseJson, clientHits } from '../request.ts'

/** Far above what the beacon sends (a page and a few short words). */
const EVENTS_BODY_LIMIT = 2 * 1024

/** Per address: a visitor taps the number a few times; a script that posts all day counts for no more. */
export const EVENT_LIMITS: readonly Window[] = [
  { bucket: 'events:10m', windowMs: 10 * 60_000, max: 10, sliding: true },
  { bucket: 'events:1d', windowMs: 24 * 3_600_000, max: 50, sliding: true },
]

/** Per address for the speed beacon: one per page view, a visitor reading many pages is still far below. */
const VITALS_LIMITS: readonly Window[] = [
  { bucket: 'vitals:10m', windowMs: 10 * 60_000, max: 60, sliding: true },
  { bucket: 'vitals:1d', windowMs: 24 * 3_600_000, max: 300, sliding: true },
]

/** User agents of crawlers, link previews, page-speed tools and scripts: not people calling. */
const BOT_AGENT =
  /^node$|^undici|bot\b|bot\/|crawl|spider|slurp|lighthouse|pagespeed|facebookexternalhit|preview|curl\/|wget\/|python|httpclient|okhttp|go-http|node-fetch|axios|java\//i

/** Whether a User-Agent is a known bot's (or none at all). */
export const isBot = (agent: string | undefined): boolean => !agent || BOT_AGENT.test(agent)

export type CallEvent = { page: string; source: string }

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.length <= max && !/\p{Cc}/u.test(value) ? value : undefined

/** The beacon's body as a call to count, or undefined when it is not one. */
export function readCallEvent(body: unknown, knownPage: (path: string) => boolean): CallEvent | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const b = body as Record<string, unknown>
  const page = text(b.page, 200)
  if (b.type !== 'call' || !page || !page.startsWith('/') || !knownPage(page)) return undefined
  const source = sourceOf({
    utm_source: text(b.utm_source, 200) ?? null,
    utm_medium: text(b.utm_medium, 200) ?? null,
    referrer: text(b.referrer, 300) ?? null,
    clickIdType: text(b.clickIdType, 20) ?? null,
  }).slice(0, SOURCE_MAX)
  return { page, source }
}

/** A finite number from 0 to `max`, or undefined. */
const measure = (value: unknown, max: number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max ? value : undefined

/** The speed beacon's body as a page view to count, or undefined when it is not one. */
function readVitals(body: unknown, knownPage: (path: string) => boolean): Omit<PageView, 'day'> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const b = body as Record<string, unknown>
  const page = text(b.page, 200)
  const device = DEVICES.find((d) => d === b.device)
  if (b.type !== 'vitals' || !page || !page.startsWith('/') || !knownPage(page) || !device) return undefined
  const values: PageView['values'] = {}
  for (const vital of VITALS) {
    const value = measure(b[vital], vital === 'cls' ? 100 : 600_000)
    if (value !== undefined) values[vital] = value
  }
  return Object.keys(values).length > 0 ? { page, device, values } : undefined
}

type Deps = {
  db: Db
  log: Logger
  trustProxy: number
  /** The site's origin: a beacon from another site is refused (crossSiteOf). */
  publicOrigin: string
  /** The office's date today (YYYY-MM-DD): the day a call is counted under. */
  today: () => string
  /** Whether a path is a page of the site (a call from anywhere else is not counted). */
  knownPage: (path: string) => boolean
  limits?: readonly Window[]
  vitalsLimits?: readonly Window[]
}

export function eventsApi({
  db,
  log,
  trustProxy,
  publicOrigin,
  today,
  knownPage,
  limits = EVENT_LIMITS,
  vitalsLimits = VITALS_LIMITS,
}: Deps): Hono<AppEnv> {
  const api = new Hono<AppEnv>()
  api.post(
    '/',
    limitBody(EVENTS_BODY_LIMIT, (c) => c.body(null, 413)),
    async (c) => {
      c.header('cache-control', 'no-store')
      // A call counted from another site's page is not one of ours: refused, not counted.
      if (crossSiteOf(c, publicOrigin)) return c.body(null, 403)
      const type = mediaType(c)
      // sendBeacon sends a string as text/plain (a simple request: no preflight).
      if (type !== 'text/plain' && type !== 'application/json') return c.body(null, 415)
      let body: unknown
      try {
        body = parseJson(await c.req.text())
      } catch {
        return c.body(null, 400)
      }
      const event = readCallEvent(body, knownPage)
      const view = event ? undefined : readVitals(body, knownPage)
      if (!event && !view) return c.body(null, 400)
      if (isBot(c.req.header('user-agent'))) return c.body(null, 204)
      try {
        await db.transact(async (trx) => {
          await takeHits(trx, clientHits(clientAddress(c, trustProxy), event ? limits : vitalsLimits), Date.now())
          if (event) await countCall(trx, { day: today(), ...event })
          if (view) await countVitals(trx, { day: today(), ...view })
        })
      } catch (error) {
        if (error instanceof RateLimited) {
          c.header('retry-after', String(error.retryAfterSeconds))
          return c.body(null, 429)
        }
        log.warn('call not counted', { error: (error as Error).message })
        return c.body(null, 503)
      }
      return c.body(null, 204)
    },
  )
  return api
}
