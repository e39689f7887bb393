// The built server as `npm start` runs it: statuses, redirects, caching, compression, headers,
// health, configuration errors and shutdown.
import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawGet, jsonLdBlocks } from '../helpers/http.ts'
import { projectRoot, runServerUntilExit, startServer, type RunningServer } from '../../scripts/lib/server.ts'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ PUBLIC_ORIGIN: 'http://localhost:3000' })
})
afterAll(async () => {
  await server?.stop()
})

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { headers, redirect: 'manual' })

describe('pages', () => {
  it.each([
    [
      '/',
      'HVAC Repair & Installation in Harford County, MD | Longbar Heating & Cooling',
      'Trusted HVAC Services in Harford County &amp; Surrounding Areas',
    ],
    [
      '/about',
      'About Us | Longbar Heating & Cooling, Bel Air HVAC Contractor Since 2000',
      'Your Neighbors in Heating &amp; Cooling',
    ],
    [
      '/services',
      'Heating, Cooling & HVAC Services in Harford County | Longbar Heating & Cooling',
      'Our HVAC Services',
    ],
  ])('%s answers 200 with its head and content in the raw HTML', async (path, title, h1) => {
    const res = await get(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await res.text()
    expect(html).toContain(`<title>${title.replaceAll('&', '&amp;')}</title>`)
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/)
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${path}"/>`)
    expect(html).toContain(`>${h1}</h1>`)
    expect(jsonLdBlocks(html).map((b) => b['@type'])).toEqual(['HVACBusiness', 'BreadcrumbList'])
  })

  it('revalidates pages with an ETag and answers 304 when unchanged', async () => {
    const first = await get('/about', { 'accept-encoding': 'br' })
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+-br"$/)
    const again = await get('/about', { 'accept-encoding': 'br', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('sends brotli or gzip as the browser accepts, identical to the original', async () => {
    const plain = await (await get('/', { 'accept-encoding': 'identity' })).arrayBuffer()
    const br = await new Promise<Buffer>((resolve, reject) => {
      void import('node:http').then(({ get: httpGet }) =>
        httpGet(`${server.url}/`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          expect(res.headers['content-encoding']).toBe('br')
          expect(res.headers.vary).toBe('Accept-Encoding')
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve(Buffer.concat(chunks)))
        }).on('error', reject),
      )
    })
    expect(br.length).toBeLessThan(plain.byteLength / 3)
    expect(brotliDecompressSync(br).equals(Buffer.from(plain))).toBe(true)
  })

  it('caches hashed assets for a year', async () => {
    const html = await (await get('/')).text()
    const js = /import\("(\/assets\/[^"]+\.js)"\)/.exec(html)![1]!
    const css = readdirSync(path.join(projectRoot, 'dist/client/assets/static')).find((f) => f.endsWith('.css'))!
    for (const asset of [js, `/assets/static/${css}`]) {
      const res = await get(asset, { 'accept-encoding': 'gzip' })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    }
  })

  it('answers HEAD without a body', async () => {
    const res = await fetch(`${server.url}/about`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).not.toBeNull()
    expect(await res.text()).toBe('')
  })

  it('redirects a trailing slash to the one canonical address', async () => {
    const res = await get('/about/?ref=x')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toMatch(/\/about\?ref=x$/)
  })

  it('refuses other methods on pages', async () => {
    const res = await fetch(`${server.url}/about`, { method: 'POST', body: 'x' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD')
  })
})

describe('unknown addresses', () => {
  it('answer 404 with the not-found page, and the path is logged', async () => {
    const res = await get('/nowhere-to-be-found')
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(html).toContain('Oops! Page not found')
    expect(html).toMatch(/>404</)
    expect(html).toContain('href="/"')
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>')
    expect(html).toMatch(
      /<meta name="description" content="This page doesn&#039;t exist\. [^"]*\(410\) 555-0142\." \/>/,
    )
    expect(html).toMatch(/<main[\s\S]*<a href="tel:\+14105550142"[^>]*>[\s\S]*Call \(410\) 555-0142<\/a>/)
    await expect
      .poll(() => server.records().some((r) => r.msg === 'not found' && r.path === '/nowhere-to-be-found'))
      .toBe(true)
  })

  it('do not expose the error template or the prerendered 404 file', async () => {
    expect((await get('/500')).status).toBe(404)
    expect((await get('/404.html')).status).toBe(404)
    expect((await get('/about/index.pageContext.json')).status).toBe(200)
  })

  it.each([
    '/../package.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2fpackage.json',
    '/..%5c..%5cpackage.json',
    '/about%00.html',
    '/%c0%ae%c0%ae/etc/passwd',
    '//etc/passwd',
  ])('%s reads nothing outside dist/', async (path) => {
    const res = await rawGet(server.url, path)
    expect([400, 404]).toContain(res.status)
    expect(res.body).not.toContain('"dependencies"')
    expect(res.body).not.toContain('root:x:0:0')
  })
})

describe('old addresses', () => {
  it.each(['/finance', '/finance/', '/finance/apply/now', '/user', '/user/profile'])(
    '%s redirects permanently to /',
    async (path) => {
      const res = await get(path)
      expect(res.status).toBe(301)
      expect(new URL(res.headers.get('location')!, server.url).pathname).toBe('/')
    },
  )
})

describe('headers and health', () => {
  it('puts security headers on pages, 404s and JSON alike', async () => {
    for (const path of ['/', '/nowhere', '/healthz']) {
      const res = await get(path)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
      expect(res.headers.get('strict-transport-security')).toBeNull()
    }
  })

  it("allows exactly the page's own inline loader and inline style, by hash", async () => {
    const res = await get('/')
    const html = await res.text()
    const csp = res.headers.get('content-security-policy')!
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    const loader = /<script type="module">([^<]+)<\/script>/.exec(html)![1]!
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!
    expect(csp).toContain(`script-src 'self' ${hash(loader)};`)
    expect(csp).toContain(`style-src 'self' ${hash(style)};`)
    expect(csp).not.toContain('unsafe-inline')
  })

  it('reports health', async () => {
    const res = await get('/healthz')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toMatchObject({ status: 'ok' })
  })
})

describe('the process', () => {
  it('refuses to start with bad configuration and names every bad variable', async () => {
    const { code, output } = await runServerUntilExit({ PORT: 'eighty', PUBLIC_ORIGIN: 'not a url', LOG_LEVEL: 'loud' })
    expect(code).toBe(1)
    expect(output).toContain('The server cannot start. Fix these environment variables:')
    expect(output).toContain('PORT=eighty is not a port number')
    expect(output).toContain('PUBLIC_ORIGIN=not a url is not an origin')
    expect(output).toContain('LOG_LEVEL=loud is not a log level')
  })

  it('sends HSTS when its public origin is https', async () => {
    const secure = await startServer({ PUBLIC_ORIGIN: 'https://www.longbar-hvac.example' })
    try {
      const res = await fetch(`${secure.url}/`)
      expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains')
      expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
    } finally {
      await secure.stop()
    }
  })

  it('exits cleanly and promptly on SIGTERM, even with idle keep-alive connections open', async () => {
    const s = await startServer()
    const { Agent, request } = await import('node:http')
    const agent = new Agent({ keepAlive: true, maxSockets: 4 })
    const statuses = await Promise.all(
      Array.from(
        { length: 8 },
        () =>
          new Promise<number>((resolve, reject) =>
            request(`${s.url}/`, { agent }, (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)))
              .on('error', reject)
              .end(),
          ),
      ),
    )
    expect(statuses).toEqual(Array(8).fill(200))
    const started = Date.now()
    const code = await s.stop('SIGTERM')
    agent.destroy()
    expect(code).toBe(0)
    expect(Date.now() - started).toBeLessThan(3000)
    expect(s.records().map((r) => r.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']))
  })
})
