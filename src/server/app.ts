// The HTTP surface. Pages and assets take the fast path (http-handler.ts); everything else comes
// here: redirects, health, the API, and the answers for unknown or broken requests.
import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { HttpBindings } from '@hono/node-server'
import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import type { Config } from './env.ts'
import { pathForLog, type Logger } from './log.ts'
import { API_CSP, securityHeaders } from './security-headers.ts'
import { negotiate, type StaticSite } from './static-site.ts'
import { escapeMarkup } from '../templates/escape.ts'
import { ERROR_MESSAGE_MARKER } from '../templates/markers.ts'
import type { SignedInUser } from './auth/roles.ts'

/** Routes see the Node request (for the client's address) through Hono's bindings. */
/** `user`: the signed-in person, set by the admin API's session check (src/server/admin/session.ts). */
export type AppEnv = { Bindings: HttpBindings; Variables: { user?: SignedInUser; sessionId?: string } }

export type Health = { ok: boolean; checks: Record<string, { ok: boolean; detail?: string }> }

export type AppDeps = {
  config: Config
  log: Logger
  site: StaticSite
  /** Extra health checks (the database); the process itself is healthy while it answers. */
  health?: () => Promise<Health['checks']>
  /**
   * Whether the asker may read the checks' details (the database kind, what waits to be sent and
   * since when): a signed-in admin, or this machine. Everyone else learns only the status.
   */
  mayReadHealth?: (c: Context<AppEnv>) => Promise<boolean>
  /** Routes added by features (the API), mounted before the fallbacks. */
  routes?: (app: Hono<AppEnv>) => void
}

/**
 * The "Unexpected Application Error!" screen (prerendered as /500) showing `message` as text,
 * with headers whose CSP allows the screen's own inline style and script.
 */
export function errorScreen(site: StaticSite, message: string): { html: string; headers: Record<string, string> } {
  const html = site.errorTemplate.replaceAll(ERROR_MESSAGE_MARKER, escapeMarkup(message))
  return { html, headers: site.headersOfPage(html) }
}

/** Paths of the old site that now send visitors home (SPEC §2 route table). */
const REDIRECT_HOME = ['/finance', '/finance/*', '/user', '/user/*']

export function createApp({ config, log, site, health, mayReadHealth, routes }: AppDeps): Hono<AppEnv> {
  const https = config.publicOrigin.startsWith('https:')
  const apiHeaders = securityHeaders({ https, csp: API_CSP })
  const app = new Hono<AppEnv>()

  // Security headers on everything that is not a prebuilt file (those carry their own).
  app.use('*', async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(apiHeaders)) if (!c.res.headers.has(name)) c.res.headers.set(name, value)
  })

  // Answers made here (lists of requests, pages rendered at run time) are compressed for the
  // browsers that take it: 31 KB of inbox JSON is 5 KB over a phone's connection. The prebuilt
  // files were compressed at build time and never come through here.
  app.use('*', compress())

  // How long the server worked on an API answer, for benchmarks and the browser's dev tools.
  app.use('/api/*', async (c, next) => {
    const started = performance.now()
    await next()
    c.res.headers.set('server-timing', `app;dur=${(performance.now() - started).toFixed(1)}`)
  })

  // Old addresses: permanent redirects, so browsers and search engines replace them.
  app.all(REDIRECT_HOME[0]!, (c) => c.redirect('/', 301))
  for (const p of REDIRECT_HOME.slice(1)) app.all(p, (c) => c.redirect('/', 301))

  // Health: for load balancers and monitors. 503 when a dependency is down. The details are for
  // the owner and this machine only: how many notifications wait, and since when, is nobody
  // else's business.
  app.get('/healthz', async (c) => {
    let checks: Health['checks'] = {}
    try {
      checks = (await health?.()) ?? {}
    } catch (error) {
      checks = { health: { ok: false, detail: (error as Error).message } }
    }
    const ok = Object.values(checks).every((check) => check.ok)
    c.header('cache-control', 'no-store')
    const status = ok ? 'ok' : 'unhealthy'
    const details = (await mayReadHealth?.(c).catch(() => false)) ?? false
    return c.json(
      details ? { status, uptimeSeconds: Math.round(process.uptime()), checks } : { status },
      ok ? 200 : 503,
    )
  })

  routes?.(app)

  // A known page asked with a trailing slash: one canonical address per page.
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const p = c.req.path
    const page = p.replace(/\/+$/, '')
    if (p.length > 1 && p.endsWith('/') && (site.lookup(page) ?? site.heldPage(page))) {
      const url = new URL(c.req.url)
      return c.redirect(page + url.search, 301)
    }
    return next()
  })

  app.notFound((c) => {
    // A page asked with another method. A GET that lands here asked for an address that only
    // parses to a page's (`/contact/%2e%2e/`, an absolute URI in the request line): not found.
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD'
    if (!reading && (site.lookup(c.req.path) ?? site.heldPage(c.req.path))) {
      c.header('allow', 'GET, HEAD')
      return c.json({ success: false, error: 'Method not allowed' }, 405)
    }
    log.warn('not found', { method: c.req.method, path: pathForLog(c.req.path) })
    if (c.req.path.startsWith('/api/')) return c.json({ success: false, error: 'Not found' }, 404)
    const variant = negotiate(site.notFound, c.req.header('accept-encoding'))
    const { etag: _etag, ...headers } = variant.headers
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(variant.body), { status: 404, headers })
  })

  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ success: false, error: error.message }, error.status)
    }
    // A client that closed the connection before its whole body arrived (a chunked body broken
    // off, a phone losing signal) is not the server's fault: said at info level, never as an error
    // an operator is paged for (decision 040). Nobody is there to read the answer.
    if (clientAborted(c, error)) {
      log.info('client closed the connection before sending its whole request', {
        method: c.req.method,
        path: pathForLog(c.req.path),
      })
      return c.body(null, 400)
    }
    const reference = randomUUID().slice(0, 8)
    log.error('request failed', { reference, method: c.req.method, path: pathForLog(c.req.path), error })
    if (c.req.path.startsWith('/api/')) {
      return c.json({ success: false, error: `Internal server error (reference ${reference})` }, 500)
    }
    const { html, headers } = errorScreen(site, `Internal server error (reference ${reference})`)
    return new Response(html, { status: 500, headers: { ...headers, 'cache-control': 'no-store' } })
  })

  return app
}

/** Whether an error is the client's request breaking off (its socket closed mid-body). */
function clientAborted(c: Context<AppEnv>, error: Error): boolean {
  const incoming = c.env?.incoming
  const code = (error as Error & { code?: string }).code
  return (
    incoming?.readableAborted === true ||
    (incoming?.destroyed === true && !incoming.complete) ||
    error.message === 'aborted' ||
    code === 'ECONNRESET'
  )
}
