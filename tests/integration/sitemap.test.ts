// /sitemap.xml and /robots.txt as the real server sends them: every primary address of the
// catalogue at the build's public origin (no aliases, no /admin, no /500), and every one of
// them a page that answers 200.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { primaryPaths, routePaths } from '../../src/catalogue/routes.ts'
import { builtOrigin } from '../helpers/built-site.ts'
import { startServer, type RunningServer } from '../../scripts/lib/server.ts'

const catalogue = loadCatalogue()
let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
})

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)

test('the sitemap lists every primary address once, at the public origin', async () => {
  const res = await fetch(`${server.url}/sitemap.xml`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
  const xml = await res.text()
  expect(
    xml.startsWith(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ),
  ).toBe(true)
  const origin = builtOrigin()
  expect(locs(xml)).toEqual(primaryPaths(catalogue).map((p) => (p === '/' ? `${origin}/` : origin + p)))
})

test('the sitemap leaves out aliases, the admin and the error screen', async () => {
  const paths = locs(await (await fetch(`${server.url}/sitemap.xml`)).text()).map((u) => new URL(u).pathname)
  const aliases = routePaths(catalogue).filter((p) => !primaryPaths(catalogue).includes(p))
  expect(aliases).toContain('/bel-air')
  expect(aliases).toContain('/harford-county')
  for (const left of [...aliases, '/admin', '/500', '/404']) expect(paths).not.toContain(left)
})

test('every address in the sitemap answers 200', async () => {
  const paths = locs(await (await fetch(`${server.url}/sitemap.xml`)).text()).map((u) => new URL(u).pathname)
  const statuses = await Promise.all(
    paths.map(async (p) => [p, (await fetch(server.url + p, { method: 'HEAD' })).status]),
  )
  expect(statuses.filter(([, status]) => status !== 200)).toEqual([])
})

test('robots.txt disallows the admin and the API and points to the sitemap', async () => {
  const res = await fetch(`${server.url}/robots.txt`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
  expect(await res.text()).toBe(
    `User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${builtOrigin()}/sitemap.xml\n`,
  )
})

test('the sitemap is served compressed to browsers that accept it', async () => {
  const res = await fetch(`${server.url}/sitemap.xml`, { headers: { 'accept-encoding': 'br' } })
  expect(res.headers.get('content-encoding')).toBe('br')
})
