// POST /api/contact: the contact form's endpoint (SPEC §7 "Send contact form"). It answers JSON
// to the form's script ({ success, error }) and, for a browser without JavaScript, a redirect to
// the confirmation page or the form again with its problems listed and its values kept.
import type { Context, Hono } from 'hono'
import { FIELDS, type Field } from '../../contact/message.ts'
import type { BuildInfo } from '../build-info.ts'
import type { AppEnv } from '../app.ts'
import { clientAddress, limitBody, mediaType } from '../request.ts'
import { fillContactPage } from '../contact/form-page.ts'
import { storeContactRequest } from '../contact/store.ts'
import { validateContactMessage } from '../contact/validate.ts'
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
  build: BuildInfo
  trustProxy: number
  /** Called after a request that needs a notification is committed (wakes the mail worker). */
  onNotificationQueued?: () => void
}

type Problem = { status: 400 | 413 | 415 | 429 | 503; error: string; fields?: Partial<Record<Field, string>>; retryAfter?: number }

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

export function contactRoutes({ db, log, site, build, trustProxy, onNotificationQueued }: Deps) {
  const copy = build.contactForm
  const contactPage = site.lookup('/contact')
  // The page a browser without JavaScript gets back with its problems: text and headers, once.
  const contactHtml = contactPage?.variants.identity.body.toString('utf8')
  const { etag: _etag, 'content-length': _length, 'cache-control': _cache, ...contactHeaders } = contactPage?.variants.identity.headers ?? {}

  return (app: Hono<AppEnv>) => {
    app.post(
      '/api/contact',
      limitBody(CONTACT_BODY_LIMIT, (c) => answer(c, { status: 413, error: copy.problems.unreadable })),
      async (c) => {
        const type = mediaType(c)
        const isForm = FORM_TYPES.includes(type)
        if (type !== 'application/json' && !isForm) return answer(c, { status: 415, error: copy.problems.unreadable })

        let body: unknown
        try {
          if (type === 'application/json') body = JSON.parse(await c.req.text())
          else if (type === 'application/x-www-form-urlencoded') body = firstValues(new URLSearchParams(await c.req.text()))
          else body = await c.req.parseBody()
        } catch {
          return answer(c, { status: 400, error: copy.problems.unreadable })
        }

        const result = validateContactMessage(body)
        if (!result.ok) {
          if (result.notAnObject) return answer(c, { status: 400, error: copy.problems.unreadable }, body)
          const fields = Object.fromEntries(FIELDS.filter((f) => result.fields[f]).map((f) => [f, copy.problems[f]]))
          return answer(c, { status: 400, error: Object.values(fields).join(' '), fields }, body)
        }

        const clientKey = clientAddress(c, trustProxy)
        let stored
        try {
          stored = await storeContactRequest(db, { message: result.message, clientKey })
        } catch (error) {
          log.error('contact request not stored', { error, page: result.message.page })
          return answer(c, { status: 503, error: copy.problems.unavailable, retryAfter: 30 }, body)
        }
        if (!stored.stored) {
          log.warn('contact rate limit', { client: clientKey, retryAfterSeconds: stored.retryAfterSeconds })
          return answer(c, { status: 429, error: copy.problems.rateLimited, retryAfter: stored.retryAfterSeconds }, body)
        }
        log.info('contact request stored', { id: stored.id, spam: stored.spam, page: result.message.page })
        if (!stored.spam) onNotificationQueued?.()

        if (wantsHtml(c.req.header('accept'), isForm)) return c.redirect(CONFIRMATION_PATH, 303)
        return c.json({ success: true }, 201)
      },
    )

    /** The same problem as JSON for the script, or as the form page for a browser without it. */
    function answer(c: Context<AppEnv>, problem: Problem, body?: unknown) {
      if (problem.retryAfter !== undefined) c.header('retry-after', String(problem.retryAfter))
      c.header('cache-control', 'no-store')
      if (contactHtml && wantsHtml(c.req.header('accept'), FORM_TYPES.includes(mediaType(c)))) {
        const generalProblem = problem.fields ? undefined : problem.error
        const html = fillContactPage(contactHtml, {
          values: valuesOf(body),
          problems: problem.fields ?? {},
          ...(generalProblem ? { summary: generalProblem } : {}),
        })
        for (const [name, value] of Object.entries(contactHeaders)) c.header(name, value)
        return c.html(html, problem.status)
      }
      return c.json({ success: false, error: problem.error, ...(problem.fields ? { fields: problem.fields } : {}) }, problem.status)
    }
  }
}

/** A plain form post from a browser (no script): it wants a page back, not JSON. */
function wantsHtml(accept: string | undefined, isForm: boolean): boolean {
  if (!isForm) return false
  const a = accept ?? ''
  return !a.includes('application/json') && (a.includes('text/html') || a === '' || a.includes('*/*'))
}

function firstValues(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of params) if (!(key in out)) out[key] = value
  return out
}

/** The visitor's values to put back in the form: strings of the five fields only. */
function valuesOf(body: unknown): Partial<Record<Field, string>> {
  if (typeof body !== 'object' || body === null) return {}
  const record = body as Record<string, unknown>
  return Object.fromEntries(FIELDS.filter((f) => typeof record[f] === 'string').map((f) => [f, record[f] as string]))
}
