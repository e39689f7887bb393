// The check that a state change comes from our own pages (CSRF): the browser's Origin must be
// PUBLIC_ORIGIN, and Sec-Fetch-Site (when sent) same-origin. GET and HEAD change nothing and pass.
// Not the address asked: its host comes from the Host header, which a page on a rebound domain
// name (DNS rebinding) writes itself, so an origin built from it proves nothing.
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app.ts'
import type { Logger } from '../log.ts'
import { fail } from './answers.ts'

export function sameOrigin(publicOrigin: string, log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const origin = c.req.header('origin')
    const site = c.req.header('sec-fetch-site')
    if (origin !== publicOrigin || (site !== undefined && site !== 'same-origin')) {
      log.warn('admin request refused: cross-origin', {
        method: c.req.method,
        path: c.req.path,
        origin: origin ?? null,
        secFetchSite: site ?? null,
      })
      // Opened at another address of this server (127.0.0.1 for localhost, say), the inbox
      // cannot sign in: say where it works.
      return fail(c, 403, `Cross-origin request refused. Open the inbox at ${publicOrigin}/admin.`)
    }
    return next()
  }
}
