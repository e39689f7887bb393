// The request listener: prebuilt pages and assets are answered straight from memory (the
// common case, kept free of framework work); every other request goes to the Hono app.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import type { AppEnv } from './app.ts'
import { pathForLog, type Logger } from './log.ts'
import { observeRequest, routeOf } from './metrics.ts'
import { sendFile, type StaticSite } from './static-site.ts'

export function createRequestHandler({ site, app, log }: { site: StaticSite; app: Hono<AppEnv>; log: Logger }) {
  const toApp = getRequestListener(app.fetch)
  const logStatic = log.enabled('debug')
  const logApp = log.enabled('info')
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now()
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const path = q === -1 ? url : url.slice(0, q)
    if (req.method === 'GET' || req.method === 'HEAD') {
      const file = site.lookup(path)
      if (file) {
        sendFile(req, res, file)
        observeRequest(file.isHtml ? 'page' : 'asset', req.method, res.statusCode, (performance.now() - started) / 1000)
        if (logStatic)
          log.debug('request', {
            method: req.method,
            path,
            status: res.statusCode,
            ms: +(performance.now() - started).toFixed(2),
          })
        return
      }
    }
    res.on('finish', () => {
      const ms = performance.now() - started
      observeRequest(routeOf(path), req.method, res.statusCode, ms / 1000)
      if (logApp)
        log.info('request', {
          method: req.method,
          path: pathForLog(path),
          status: res.statusCode,
          ms: +ms.toFixed(2),
        })
    })
    void toApp(req, res)
  }
}
