// POST /api/contact: the contact form's endpoint (SPEC §7 "Send contact form"). It answers JSON
// to the form's script ({ success, error }) and, for a browser without JavaScript, a redirect to
// the confirmation page or the form page again with its problems listed and its values kept.
import { Hono, type Context } from 'hono'
import type { ContactFormState } from '../../lead/form-state.ts'
import { FIELDS, type Field } from '../../lead/message.ts'
import type { BuildInfo } from '../build-info.ts'
import { errorScreen, type AppEnv } from '../app.ts'
import {
  clientAddress,
  crossSiteOf,
  formFields,
  jsonAnswer,
  limitBody,
  mediaType,
  parseJson,
  rateLimitKey,
  wideRateLimitKey,
} from '../request.ts'
import { countContactRequest } from '../metrics.ts'
import type { Window } from '../db/rate-limits.ts'
import type { PageRenderer } from '../page-render.ts'
import { contactPageRenderer, type RenderedPage } from './page.ts'
import { storeContactRequest } from './store.ts'
import type { BookingDesk } from './booking.ts'
import { triage } from './triage.ts'
import { validateContactMessage, withRefererArrival } from './validate.ts'
import { confirmationWords } from '../../lead/confirmation.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../log.ts'
import type { StaticSite } from '../static-site.ts'

/** Far above what the form's limits allow (5,000 characters of message, percent-encoded). */
const CONTACT_BODY_LIMIT = 64 * 1024
const CONFIRMATION_PATH = '/contact/sent'

type Deps = {
  db: Db
  log: Logger
  site: StaticSite
  /** Renders the form page with a form's problems (src/server/page-render.ts). */
  renderer: PageRenderer
  build: BuildInfo
  trustProxy: number
  /** The site's origin: a post from elsewhere is marked possible spam (crossSiteOf). */
  publicOrigin: string
  /** Requests per visitor (CONTACT_RATE_LIMIT). */
  limits: readonly Window[]
  /** Requests from everyone before each is marked and not announced (CONTACT_OVERALL_LIMIT). */
  overallLimits: readonly Window[]
  /** A second send from the same customer within this time folds into the first (CONTACT_FOLD_MINUTES; 0: never). */
  foldWindowMs?: number
  /** Called after a request that needs a notification is committed (wakes the alert worker). */
  onNotificationQueued?: () => void
  /** Online booking (content/booking.yaml); undefined: nobody books online. */
  booking?: BookingDesk | undefined
}

type Problem = {
  status: 400 | 413 | 415 | 429 | 503
  error: string
  fields?: Partial<Record<Field, string>>
  retryAfter?: number
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** The contact API, mounted at /api/contact (src/server/main.ts). */
export function contactApi({
  db,
  log,
  site,
  renderer,
  build,
  trustProxy,
  publicOrigin,
  limits,
  overallLimits,
  foldWindowMs,
  onNotificationQueued,
  booking,
}: Deps): Hono<AppEnv> {
  const copy = build.contactForm
  // The page a browser without JavaScript gets back with its problems, rendered from the build.
  const contactPage = contactPageRenderer({ renderer, pageData: build.contactPageData })
  if (contactPage.unavailable)
    log.warn('the contact page cannot show the problems of a form sent without JavaScript', {
      reason: contactPage.unavailable,
    })

  const api = new Hono<AppEnv>()
  api.post(
    '/',
    limitBody(CONTACT_BODY_LIMIT, (c) => answer(c, { status: 413, error: copy.problems.unreadable })),
    async (c) => {
      const type = mediaType(c)
      const isForm = FORM_TYPES.includes(type)
      if (type !== 'application/json' && !isForm) return answer(c, { status: 415, error: copy.problems.unreadable })

      let body: unknown
      try {
        if (type === 'application/json') body = parseJson(await c.req.text())
        else if (type === 'application/x-www-form-urlencoded')
          body = formFields(new URLSearchParams(await c.req.text()))
        else body = formFields(Object.entries(await c.req.parseBody()))
      } catch {
        return answer(c, { status: 400, error: copy.problems.unreadable })
      }

      const result = validateContactMessage(body)
      if (!result.ok) {
        if (result.notAnObject) return answer(c, { status: 400, error: copy.problems.unreadable }, body)
        const fields = Object.fromEntries(
          FIELDS.flatMap((f) => {
            const problem = result.fields[f]
            return problem ? [[f, copy.problems[problem]]] : []
          }),
        )
        return answer(c, { status: 400, error: Object.values(fields).join(' '), fields }, body)
      }

      const client = clientAddress(c, trustProxy)
      const message = isForm ? withRefererArrival(result.message, c.req.header('referer')) : result.message
      const now = Date.now()
      const verdict = triage(
        message,
        { odd: result.odd, json: type === 'application/json', crossSite: crossSiteOf(c, publicOrigin) },
        build,
        now,
      )
      let stored
      try {
        stored = await storeContactRequest(db, {
          message,
          clientKey: rateLimitKey(client),
          wideKey: wideRateLimitKey(client),
          now: new Date(now),
          limits,
          overallLimits,
          foldWindowMs,
          verdict,
          booking: booking?.asked(message, verdict.zipPlace, now),
        })
      } catch (error) {
        log.error('contact request not stored', { error, page: result.message.page })
        return answer(c, { status: 503, error: copy.problems.unavailable, retryAfter: 30 }, body)
      }
      if (!stored.stored) {
        log.warn('contact rate limit', { client, retryAfterSeconds: stored.retryAfterSeconds })
        return answer(c, { status: 429, error: copy.problems.rateLimited, retryAfter: stored.retryAfterSeconds }, body)
      }
      log.info('contact request stored', {
        id: stored.id,
        spam: stored.spam,
        page: result.message.page,
        ...(stored.foldedInto ? { foldedInto: stored.foldedInto } : {}),
      })
      countContactRequest('stored', stored.spam ? 'spam' : 'request')
      if (!stored.spam) onNotificationQueued?.()

      // Without JavaScript: the confirmation page of this request (src/server/contact/sent.ts).
      if (wantsHtml(c.req.header('accept'), isForm)) return c.redirect(`${CONFIRMATION_PATH}/${stored.id}`, 303)
      // With it: the same words for the panel above the form.
      const confirmation = confirmationWords(
        copy,
        {
          name: result.message.name,
          phone: result.message.phone,
          urgent: stored.urgent,
          outside: stored.outside,
          booking: booking?.words(stored.booking),
        },
        build.office,
        now,
      )
      return jsonAnswer(c, { success: true, confirmation }, 201)
    },
  )

  /** The same problem as JSON for the script, or as the form page for a browser without it. */
  async function answer(c: Context<AppEnv>, problem: Problem, body?: unknown) {
    countContactRequest(
      'refused',
      problem.status === 429 ? 'rate_limited' : problem.status === 503 ? 'unavailable' : 'invalid',
    )
    if (problem.retryAfter !== undefined) c.header('retry-after', String(problem.retryAfter))
    c.header('cache-control', 'no-store')
    if (wantsHtml(c.req.header('accept'), FORM_TYPES.includes(mediaType(c)))) {
      const page = await formPage(problem, body)
      for (const [name, value] of Object.entries(page.headers)) c.header(name, value)
      return c.html(page.html, problem.status)
    }
    return jsonAnswer(
      c,
      { success: false, error: problem.error, ...(problem.fields ? { fields: problem.fields } : {}) },
      problem.status,
    )
  }

  /**
   * The form page with the problem. Should it fail to render, the visitor still gets a page that
   * says what is wrong: the error screen with the problem's words, its way home and the phone
   * number, under the same status. The values are not on it; going back to the form usually finds
   * them still filled in.
   */
  async function formPage(problem: Problem, body: unknown): Promise<RenderedPage> {
    const generalProblem = problem.fields ? undefined : problem.error
    const state: ContactFormState = {
      values: valuesOf(body),
      problems: problem.fields ?? {},
      ...(generalProblem ? { summary: generalProblem } : {}),
      ...(await bookingState(body)),
    }
    try {
      return await contactPage.render(state)
    } catch (error) {
      log.error('the contact page with the problems of a form could not be rendered', { error })
      return errorScreen(site, problem.error)
    }
  }

  /** The windows again, with the one chosen, on the form page a send without script comes back to. */
  async function bookingState(body: unknown): Promise<Pick<ContactFormState, 'booking'>> {
    if (!booking) return {}
    try {
      const chosen = (body as Record<string, unknown> | undefined)?.window
      return {
        booking: {
          days: await booking.choices(db, Date.now()),
          ...(typeof chosen === 'string' ? { chosen } : {}),
        },
      }
    } catch (error) {
      log.error('the arrival windows could not be read for the form page', { error })
      return {}
    }
  }

  return api
}

/** A plain form post from a browser (no script): it wants a page back, not JSON. */
function wantsHtml(accept: string | undefined, isForm: boolean): boolean {
  if (!isForm) return false
  const a = accept ?? ''
  return !a.includes('application/json') && (a.includes('text/html') || a === '' || a.includes('*/*'))
}

/** The visitor's values to put back in the form: strings of the five fields only. */
function valuesOf(body: unknown): Partial<Record<Field, string>> {
  if (typeof body !== 'object' || body === null) return {}
  const record = body as Record<string, unknown>
  return Object.fromEntries(FIELDS.filter((f) => typeof record[f] === 'string').map((f) => [f, record[f] as string]))
}
