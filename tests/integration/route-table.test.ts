// Every address of the catalogue (pages and aliases), fetched from the real built server: 200,
// its own title and description, the canonical link of its primary address, and JSON-LD of the
// expected types, all in the raw HTML. The table is generated from content/.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { canonicalUrl } from '../../src/seo/canonical.ts'
import { builtOrigin } from '../helpers/built-site.ts'
import { byTag, findAll, mainHtml, readPage, type Page } from '../helpers/html.ts'
import { startServer, type RunningServer } from '../../scripts/lib/server.ts'

const catalogue = loadCatalogue()
const routes = catalogue.pages.flatMap((record) => [
  { path: record.path, record, alias: false },
  ...(record.aliases ?? []).map((alias) => ({ path: alias, record, alias: true })),
])

let server: RunningServer
const pages = new Map<string, { status: number; type: string | null; page: Page }>()
let origin: string

beforeAll(async () => {
  origin = builtOrigin()
  server = await startServer()
  for (const { path } of routes) {
    const res = await fetch(server.url + path)
    pages.set(path, { status: res.status, type: res.headers.get('content-type'), page: readPage(await res.text()) })
  }
})
afterAll(async () => {
  await server?.stop()
})

describe.each(routes)('$path', ({ path, record, alias }) => {
  test('answers 200 with HTML', () => {
    expect(pages.get(path)?.status).toBe(200)
    expect(pages.get(path)?.type).toBe('text/html; charset=utf-8')
  })

  test(`has the title, description and canonical link of ${record.path}`, () => {
    const { page } = pages.get(path)!
    expect(page.title).toBe(record.seo.title)
    expect(page.description).toBe(record.seo.description)
    expect(page.canonical).toBe(canonicalUrl(origin, record.path))
  })

  test('has parseable JSON-LD of the expected types, and one h1', () => {
    const { page } = pages.get(path)!
    const expected = ['HVACBusiness', 'BreadcrumbList', ...(record.structuredData?.service ? ['Service'] : [])]
    expect(page.jsonLd.map((block) => block['@type'])).toEqual(expected)
    const crumbs = (page.jsonLd[1]?.itemListElement as { item: string }[]).map((c) => c.item)
    expect(crumbs.at(-1)).toBe(canonicalUrl(origin, record.path))
    expect(findAll(page.main, byTag('h1'))).toHaveLength(1)
  })

  if (alias) {
    test(`shows the same main content as ${record.path}`, () => {
      expect(mainHtml(pages.get(path)!.page.html)).toBe(mainHtml(pages.get(record.path)!.page.html))
    })
  }
})

test('every page has its own title; aliases share their page’s', () => {
  const titles = catalogue.pages.map((r) => pages.get(r.path)?.page.title)
  expect(new Set(titles).size).toBe(catalogue.pages.length)
  for (const { path, record } of routes) expect(pages.get(path)?.page.title).toBe(pages.get(record.path)?.page.title)
})

test('every page has its own description', () => {
  const descriptions = catalogue.pages.map((r) => pages.get(r.path)?.page.description)
  expect(new Set(descriptions).size).toBe(catalogue.pages.length)
})

test('an address that is no page answers 404 with the not-found page', async () => {
  const res = await fetch(`${server.url}/bel-air-hvac-services`)
  expect(res.status).toBe(404)
  expect(await res.text()).toContain('Oops! Page not found')
})
