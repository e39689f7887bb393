// The HTTP surface. Pages and assets take the fast path (http-handler.ts); everything else comes
// here: redirects, health, the API, and the answers for unknown or broken requests.
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import type { HttpBindings } from '@hono/node-server'
import { HTTPException } from 'hono/http-exception'
import type { Config } from './env.ts'
import type { Logger } from './log.ts'
import { API_CSP, securityHeaders } from './security-headers.ts'
import { negotiate, type StaticSite } from './static-site.ts'
import { ERROR_MESSAGE_MARKER } from '../templates/markers.ts'

/** Routes see the Node request (for the client's address) through Hono's bindings. */
export type AppEnv = { Bindings: HttpBindings }

export type Health = { ok: boolean; checks: Record<string, { ok: boolean; detail?: string }> }

export type AppDeps = {
  config: Config
  log: Logger
  site: StaticSite
  /** Extra health checks (the database); the process itself is healthy while it answers. */
  health?: () => Promise<Health['checks']>
  /** Routes added by features (the API), mounted before the fallbacks. */
  routes?: (app: Hono<AppEnv>) => void
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** Paths of the old site that now send visitors home (SPEC §2 route table). */
export const REDIRECT_HOME = ['/finance', '/finance/*', '/user', '/user/*']

export function createApp({ config, log, site, health, routes }: AppDeps): Hono<AppEnv> {
  const https = config.publicOrigin.startsWith('https:')
  const apiHeaders = securityHeaders({ https, csp: API_CSP })
  const app = new Hono<AppEnv>()

  // Security headers on everything that is not a prebuilt file (those carry their own).
  app.use('*', async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(apiHeaders)) if (!c.res.headers.has(name)) c.res.headers.set(name, value)
  })

  // How long the server worked on an API answer, for benchmarks and the browser's dev tools.
  app.use('/api/*', async (c, next) => {
    const started = performance.now()
    await next()
    c.res.headers.set('server-timing', `app;dur=${(performance.now() - started).toFixed(1)}`)
  })

  // Old addresses: permanent redirects, so browsers and search engines replace them.
  app.all(REDIRECT_HOME[0] as string, (c) => c.redirect('/', 301))
  for (const p of REDIRECT_HOME.slice(1)) app.all(p, (c) => c.redirect('/', 301))

  // Health: for load balancers and monitors. 503 when a dependency is down.
  app.get('/healthz', async (c) => {
    let checks: Health['checks'] = {}
    try {
      checks = (await health?.()) ?? {}
    } catch (error) {
      checks = { health: { ok: false, detail: (error as Error).message } }
    }
    const ok = Object.values(checks).every((check) => check.ok)
    c.header('cache-control', 'no-store')
    return c.json({ status: ok ? 'ok' : 'unhealthy', uptimeSeconds: Math.round(process.uptime()), checks }, ok ? 200 : 503)
  })

  routes?.(app)

  // A known page asked with a trailing slash: one canonical address per page.
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const p = c.req.path
    if (p.length > 1 && p.endsWith('/') && site.lookup(p.replace(/\/+$/, ''))) {
      const url = new URL(c.req.url)
      return c.redirect(p.replace(/\/+$/, '') + url.search, 301)
    }
    return next()
  })

  app.notFound((c) => {
    if (site.lookup(c.req.path)) {
      c.header('allow', 'GET, HEAD')
      return c.json({ success: false, error: 'Method not allowed' }, 405)
    }
    log.warn('not found', { method: c.req.method, path: c.req.path.slice(0, 300) })
    if (c.req.path.startsWith('/api/')) return c.json({ success: false, error: 'Not found' }, 404)
    const variant = negotiate(site.notFound, c.req.header('accept-encoding'))
    const { etag: _etag, ...headers } = variant.headers
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(variant.body), { status: 404, headers })
  })

  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ success: false, error: error.message }, error.status)
    }
    const reference = randomUUID().slice(0, 8)
    log.error('request failed', { reference, method: c.req.method, path: c.req.path.slice(0, 300), error })
    if (c.req.path.startsWith('/api/')) {
      return c.json({ success: false, error: `Internal server error (reference ${reference})` }, 500)
    }
    const message = `Internal server error (reference ${reference})`
    const html = site.errorTemplate.replaceAll(ERROR_MESSAGE_MARKER, escapeHtml(message))
    return new Response(html, { status: 500, headers: { ...site.pageHeaders, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
  })

  return app
}
