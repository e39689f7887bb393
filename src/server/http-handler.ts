// The request listener: prebuilt pages and assets are answered straight from memory (the
// common case, kept free of framework work); every other request goes to the Hono app.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import type { AppEnv } from './app.ts'
import type { Logger } from './log.ts'
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
    if (logApp)
      res.on('finish', () => {
        log.info('request', {
          method: req.method,
          path: path.slice(0, 300),
          status: res.statusCode,
          ms: +(performance.now() - started).toFixed(2),
        })
      })
    void toApp(req, res)
  }
}
