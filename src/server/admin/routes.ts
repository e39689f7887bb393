// /api/admin/*: the inbox's API (docs/admin-api.md). Each request passes, in order: no caching,
// the Origin check for anything that changes state, the session check (all but login), then
// the route, whose input is validated before it touches storage.
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { SERVICE_OPTIONS } from '../../contact/message.ts'
import type { AppEnv } from '../app.ts'
import { clientAddress, limitBody, mediaType } from '../request.ts'
import { compileSchema } from '../schema-check.ts'
import type { Db } from '../db/client.ts'
import { CLIENT_LIMITS, STATUSES, submissionChangesSchema, VIEWS, type Status, type SubmissionChanges, type View } from '../../contact/submission.ts'
import {
  allSubmissions,
  deleteSubmission,
  inboxCounts,
  latestSubmissionAt,
  listSubmissions,
  updateSubmission,
  type Cursor,
  type InboxQuery,
} from '../db/submissions.ts'
import type { Logger } from '../log.ts'
import { checkAdminPassword, storedPasswordHash } from '../auth/password.ts'
import { beginLoginAttempt } from '../auth/throttle.ts'
import { ABSOLUTE_MS, createSession, deleteSession, findSession } from '../auth/sessions.ts'
import { CSV_HEADER, csvRow } from './csv.ts'

const checkChanges = compileSchema<SubmissionChanges>(submissionChangesSchema)

const FIELD_PROBLEMS: Record<keyof SubmissionChanges, string> = {
  is_read: 'Must be true or false.',
  status: `Must be one of: ${STATUSES.join(', ')}.`,
  is_client: 'Must be true or false.',
  client_since: 'Use a date like 2026-11-22, or leave it empty.',
  next_delivery_date: 'Use a date like 2026-11-22, or leave it empty.',
  delivery_frequency: `At most ${CLIENT_LIMITS.delivery_frequency} characters.`,
  delivery_notes: `At most ${CLIENT_LIMITS.delivery_notes} characters.`,
  is_spam: 'Must be true or false.',
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SERVICES = new Set<string>([...SERVICE_OPTIONS.map((o) => o.value), 'none'])

type Deps = {
  db: Db
  log: Logger
  publicOrigin: string
  trustProxy: number
  /** Called when a request taken out of spam gets its notification queued. */
  onNotificationQueued?: () => void
}
type C = Context<AppEnv>

const fail = (c: C, status: 400 | 401 | 403 | 404 | 413 | 415 | 429 | 503, error: string, extra: Record<string, unknown> = {}) => c.json({ success: false, error, ...extra }, status)

export function adminRoutes({ db, log, publicOrigin, trustProxy, onNotificationQueued }: Deps) {
  const https = publicOrigin.startsWith('https:')
  // On https the cookie gets the __Host- prefix: Secure, Path=/, no Domain, so no other host can set it.
  const cookie = { name: 'longbar_admin', prefix: https ? ('host' as const) : undefined }
  const readToken = (c: C) => (cookie.prefix ? getCookie(c, cookie.name, cookie.prefix) : getCookie(c, cookie.name))

  /** Same-origin check for state changes: the browser's Origin must be ours (PUBLIC_ORIGIN or the address asked). */
  const sameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const origin = c.req.header('origin')
    const site = c.req.header('sec-fetch-site')
    const ours = origin !== undefined && (origin === publicOrigin || origin === new URL(c.req.url).origin)
    if (!ours || (site !== undefined && site !== 'same-origin')) {
      log.warn('admin request refused: cross-origin', { method: c.req.method, path: c.req.path, origin: origin ?? null, secFetchSite: site ?? null })
      return fail(c, 403, 'Cross-origin request refused')
    }
    return next()
  }

  const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.path === '/api/admin/login') return next()
    if (!(await findSession(db, readToken(c)))) return fail(c, 401, 'Not signed in')
    return next()
  }

  const jsonBody = async (c: C): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> => {
    if (mediaType(c) !== 'application/json') {
      return { ok: false, response: fail(c, 415, 'Send JSON (Content-Type: application/json).') }
    }
    try {
      return { ok: true, body: JSON.parse(await c.req.text()) }
    } catch {
      return { ok: false, response: fail(c, 400, 'The request body is not valid JSON.') }
    }
  }

  return (app: Hono<AppEnv>) => {
    app.use('/api/admin/*', async (c, next) => {
      await next()
      c.header('cache-control', 'no-store')
    })
    app.use('/api/admin/*', limitBody(16 * 1024, (c) => fail(c, 413, 'The request is too large.')))
    app.use('/api/admin/*', sameOrigin)
    app.use('/api/admin/*', signedIn)

    app.post('/api/admin/login', async (c) => {
      const parsed = await jsonBody(c)
      if (!parsed.ok) return parsed.response
      const password = (parsed.body as { password?: unknown } | null)?.password
      if (typeof password !== 'string' || password.length === 0 || password.length > 1000) return fail(c, 400, 'Enter the password.')
      const stored = await storedPasswordHash(db)
      if (!stored) return fail(c, 503, 'No admin password is set yet. Set ADMIN_PASSWORD or run `npm run admin:password` on the server.')
      const client = clientAddress(c, trustProxy)
      const attempt = await beginLoginAttempt(db, client)
      if (!attempt.allowed) {
        log.warn('admin login throttled', { client, retryAfterSeconds: attempt.retryAfterSeconds })
        c.header('retry-after', String(attempt.retryAfterSeconds))
        return fail(c, 429, `Too many failed attempts. Try again in ${Math.ceil(attempt.retryAfterSeconds / 60)} minutes.`)
      }
      if (!(await checkAdminPassword(stored, password))) {
        log.warn('admin login failed', { client })
        return fail(c, 401, 'Invalid password')
      }
      await attempt.succeeded()
      // A fresh id at every login: a session id planted before the login is never promoted.
      await deleteSession(db, readToken(c))
      const session = await createSession(db, { userAgent: c.req.header('user-agent') })
      setCookie(c, cookie.name, session.token, {
        httpOnly: true,
        sameSite: 'Strict',
        secure: https,
        path: '/',
        maxAge: Math.floor(ABSOLUTE_MS / 1000),
        ...(cookie.prefix ? { prefix: cookie.prefix } : {}),
      })
      log.info('admin signed in', { client })
      return c.json({ success: true })
    })

    app.post('/api/admin/logout', async (c) => {
      await deleteSession(db, readToken(c))
      deleteCookie(c, cookie.name, { path: '/', secure: https, ...(cookie.prefix ? { prefix: cookie.prefix } : {}) })
      return c.json({ success: true })
    })

    app.get('/api/admin/session', (c) => c.json({ success: true }))

    app.get('/api/admin/counts', async (c) => {
      const [counts, latest] = await Promise.all([inboxCounts(db), latestSubmissionAt(db)])
      return c.json({ success: true, counts, latest })
    })

    app.get('/api/admin/submissions', async (c) => {
      const query = inboxQuery(c)
      if (!query.ok) return fail(c, 400, query.error)
      const [page, counts] = await Promise.all([listSubmissions(db, query.query), inboxCounts(db)])
      return c.json({ success: true, items: page.items, nextCursor: page.nextCursor ? encodeCursor(page.nextCursor) : null, counts })
    })

    app.get('/api/admin/submissions.csv', async (c) => {
      const query = inboxQuery(c)
      if (!query.ok) return fail(c, 400, query.error)
      const { cursor: _cursor, limit: _limit, ...filters } = query.query
      const pages = allSubmissions(db, filters)
      const encoder = new TextEncoder()
      let started = false
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!started) {
            started = true
            controller.enqueue(encoder.encode(CSV_HEADER))
          }
          const next = await pages.next()
          if (next.done) controller.close()
          else controller.enqueue(encoder.encode(next.value.map(csvRow).join('')))
        },
        async cancel() {
          await pages.return(undefined)
        },
      })
      const day = new Date().toISOString().slice(0, 10)
      return new Response(body, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="longbar-requests-${filters.view}-${day}.csv"`,
          'cache-control': 'no-store',
        },
      })
    })

    app.patch('/api/admin/submissions/:id', async (c) => {
      const id = c.req.param('id')
      if (!UUID.test(id)) return fail(c, 404, 'Submission not found')
      const parsed = await jsonBody(c)
      if (!parsed.ok) return parsed.response
      if (!checkChanges(parsed.body)) {
        const fields: Record<string, string> = {}
        for (const e of checkChanges.errors ?? []) {
          const field = (e.keyword === 'additionalProperties' ? (e.params as { additionalProperty: string }).additionalProperty : e.instancePath.split('/')[1]) ?? ''
          if (field) fields[field] = FIELD_PROBLEMS[field as keyof SubmissionChanges] ?? 'This field cannot be changed.'
        }
        const error = Object.keys(fields).length > 0 ? `Check ${Object.keys(fields).join(', ')}.` : 'Send at least one change.'
        return fail(c, 400, error, { fields })
      }
      const item = await updateSubmission(db, id, parsed.body)
      if (!item) return fail(c, 404, 'Submission not found')
      if (parsed.body.is_spam === false) onNotificationQueued?.()
      return c.json({ success: true, item, counts: await inboxCounts(db) })
    })

    app.delete('/api/admin/submissions/:id', async (c) => {
      const id = c.req.param('id')
      if (!UUID.test(id) || !(await deleteSubmission(db, id))) return fail(c, 404, 'Submission not found')
      log.info('submission deleted', { id })
      return c.json({ success: true, counts: await inboxCounts(db) })
    })

    // Anything else under /api/admin: a signed-in client asked for something that does not exist.
    app.all('/api/admin/*', (c) => fail(c, 404, 'Not found'))
  }
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url')
}

function decodeCursor(text: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && !Number.isNaN(Date.parse(value[0])) && typeof value[1] === 'string' && UUID.test(value[1])) {
      return { createdAt: new Date(value[0]).toISOString(), id: value[1] }
    }
  } catch {
    /* not a cursor of ours */
  }
  return undefined
}

/** The list's query string, checked: each bad parameter is named. */
function inboxQuery(c: C): { ok: true; query: InboxQuery } | { ok: false; error: string } {
  const p = (name: string) => c.req.query(name)
  const view = (p('view') || 'all') as View
  if (!VIEWS.includes(view)) return { ok: false, error: `view must be one of: ${VIEWS.join(', ')}.` }
  const status = p('status') || undefined
  if (status !== undefined && !STATUSES.includes(status as Status)) return { ok: false, error: `status must be one of: ${STATUSES.join(', ')}.` }
  const service = p('service') || undefined
  if (service !== undefined && !SERVICES.has(service)) return { ok: false, error: 'service must be a service value or none.' }
  // Control characters can be in no stored field (the contact schema refuses them) and break
  // full-text query syntax: they separate words like spaces.
  const q = (p('q') ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
  if (q.length > 100) return { ok: false, error: 'Search for at most 100 characters.' }
  const rawLimit = p('limit')
  const limit = rawLimit === undefined || rawLimit === '' ? 50 : Number(rawLimit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) return { ok: false, error: 'limit must be a whole number from 1 to 200.' }
  const rawCursor = p('cursor') || undefined
  const cursor = rawCursor === undefined ? undefined : decodeCursor(rawCursor)
  if (rawCursor !== undefined && !cursor) return { ok: false, error: 'cursor is not one this server gave.' }
  const words = q === '' ? [] : [...new Set(q.toLowerCase().split(/\s+/))].slice(0, 8)
  return {
    ok: true,
    query: { view, limit, ...(words.length ? { words } : {}), ...(status ? { status: status as Status } : {}), ...(service ? { service } : {}), ...(cursor ? { cursor } : {}) },
  }
}
