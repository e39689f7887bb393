// The site's addresses, lists and structured data as the catalogue derives them from content/:
// SPEC §2's route table, the generated /service-areas lists and footer links, the breadcrumb
// trails, and SPEC §9's per-page service radii.
import { beforeAll, describe, expect, test } from 'vitest'
import { loadCatalogue, type Catalogue } from '../../src/catalogue/load.ts'
import { cataloguePageData } from '../../src/catalogue/page-data.ts'
import { areaDirectory, findPage, footerAreaLinks, primaryPaths, routePaths } from '../../src/catalogue/routes.ts'
import { buildRobots, buildSitemap } from '../../src/seo/sitemap.ts'

const ORIGIN = 'https://www.longbar-hvac.example'
let catalogue: Catalogue
beforeAll(() => {
  catalogue = loadCatalogue({ now: new Date('2026-06-01T12:00:00Z') })
})

const SERVICE_PAGES = ['/air-conditioning', '/heating', '/commercial-hvac', '/indoor-air-quality', '/maintenance', '/emergency-service']
const DETAIL_PAGES = ['/furnace-repair', '/furnace-replacement', '/heat-pump-repair', '/heat-pump-replacement', '/hvac-maintenance', '/geothermal', '/ac-repair', '/ac-replacement']
const MD_TOWNS = ['bel-air', 'downtown-bel-air', 'bel-air-south', 'bel-air-north', 'aberdeen', 'havre-de-grace', 'edgewood', 'fallston', 'abingdon', 'forest-hill', 'churchville', 'darlington']
const COUNTIES = ['harford-county', 'baltimore-county', 'cecil-county']
const BEYOND = ['/delaware-hvac', '/pennsylvania-hvac', '/york-pa-hvac', '/hanover-pa-hvac', '/red-lion-pa-hvac']
const SHORT_ALIASES = ['havre-de-grace', 'abingdon', 'edgewood', 'aberdeen', 'fallston', 'bel-air', 'forest-hill']

describe('SPEC §2 route table', () => {
  test('every catalogue route of the table is a page, with the template it needs', () => {
    const expected: [string, string][] = [
      ['/', 'home'],
      ['/about', 'about'],
      ['/services', 'services'],
      ['/service-areas', 'service-areas'],
      ['/contact', 'contact'],
      ...SERVICE_PAGES.map((p): [string, string] => [p, 'service']),
      ...DETAIL_PAGES.map((p): [string, string] => [p, 'service-detail']),
      ...MD_TOWNS.map((t): [string, string] => [`/${t}-hvac`, 'locality']),
      ...COUNTIES.map((c): [string, string] => [`/${c}-hvac`, 'county']),
      ['/delaware-hvac', 'state'],
      ['/pennsylvania-hvac', 'state'],
      ['/york-pa-hvac', 'locality'],
      ['/hanover-pa-hvac', 'locality'],
      ['/red-lion-pa-hvac', 'locality'],
    ]
    const actual = expected.map(([path]) => [path, findPage(catalogue, path)?.record.template])
    expect(actual).toEqual(expected)
    expect(primaryPaths(catalogue).sort()).toEqual(expected.map(([p]) => p).sort())
  })

  test('the county short forms and the seven town short forms are aliases of the -hvac pages', () => {
    const aliases = [...COUNTIES, ...SHORT_ALIASES].map((name) => {
      const found = findPage(catalogue, `/${name}`)
      return [`/${name}`, found?.isAlias, found?.record.path]
    })
    expect(aliases).toEqual([...COUNTIES, ...SHORT_ALIASES].map((name) => [`/${name}`, true, `/${name}-hvac`]))
    expect(routePaths(catalogue)).toHaveLength(39 + 10)
  })
})

describe('breadcrumb trails', () => {
  const trail = (path: string) => cataloguePageData(path, catalogue, ORIGIN)?.trail.map((c) => c.name).join(' › ')
  test('area pages sit under Service Areas', () => {
    expect(trail('/bel-air-hvac')).toBe('Home › Service Areas › Bel Air')
    expect(trail('/harford-county')).toBe('Home › Service Areas › Harford County')
    expect(trail('/delaware-hvac')).toBe('Home › Service Areas › Delaware')
    expect(trail('/york-pa-hvac')).toBe('Home › Service Areas › York, PA')
  })
  test('service pages sit under Services, detail pages under their service', () => {
    expect(trail('/heating')).toBe('Home › Services › Heating')
    expect(trail('/furnace-repair')).toBe('Home › Services › Heating › Furnace Repair')
    expect(trail('/ac-repair')).toBe('Home › Services › Air Conditioning › AC Repair')
    expect(trail('/hvac-maintenance')).toBe('Home › Services › Maintenance Plans › HVAC Maintenance')
  })
})

describe('lists generated from the records', () => {
  test('/service-areas lists the counties, the twelve Maryland communities and the five pages beyond Maryland, in SPEC order', () => {
    const directory = areaDirectory(catalogue)
    expect(directory.counties.map((a) => a.path)).toEqual(COUNTIES.map((c) => `/${c}-hvac`))
    expect(directory.communities.map((a) => a.path)).toEqual(MD_TOWNS.map((t) => `/${t}-hvac`))
    expect(directory.beyond.map((a) => a.path)).toEqual(BEYOND)
    for (const area of Object.values(directory).flat()) expect(area.summary.length).toBeGreaterThan(20)
  })

  test('only /service-areas receives the lists', () => {
    expect(cataloguePageData('/service-areas', catalogue, ORIGIN)?.directory?.communities).toHaveLength(12)
    expect(cataloguePageData('/bel-air-hvac', catalogue, ORIGIN)?.directory).toBeUndefined()
  })

  test('the footer links the fixed links, then the pages flagged for it', () => {
    expect(footerAreaLinks(catalogue)).toEqual([
      { label: 'All Service Areas', href: '/service-areas' },
      { label: 'Bel Air', href: '/bel-air-hvac' },
      { label: 'Aberdeen', href: '/aberdeen-hvac' },
      { label: 'Havre de Grace', href: '/havre-de-grace-hvac' },
      { label: 'Edgewood', href: '/edgewood-hvac' },
      { label: 'Fallston', href: '/fallston-hvac' },
      { label: 'Abingdon', href: '/abingdon-hvac' },
      { label: 'Forest Hill', href: '/forest-hill-hvac' },
    ])
    expect(cataloguePageData('/heating', catalogue, ORIGIN)?.chrome.areaLinks).toEqual(footerAreaLinks(catalogue))
  })
})

describe('structured data per page (SPEC §3, §9)', () => {
  const blocks = (path: string) => cataloguePageData(path, catalogue, ORIGIN)?.head.jsonLd ?? []
  const business = (path: string) => blocks(path).find((b) => b['@type'] === 'HVACBusiness') as Record<string, unknown>
  const circle = (path: string) => (business(path).areaServed as Record<string, unknown>[]).find((a) => a['@type'] === 'GeoCircle') as { geoRadius: number; geoMidpoint: { latitude: number; longitude: number } }

  test('service radii: general 50000 and the eight pages of SPEC §9', () => {
    const radii = Object.fromEntries(
      ['/service-areas', '/', '/aberdeen-hvac', '/fallston-hvac', '/harford-county-hvac', '/baltimore-county-hvac', '/cecil-county-hvac', '/downtown-bel-air-hvac', '/bel-air-south-hvac', '/bel-air-north-hvac'].map((p) => [p, circle(p).geoRadius]),
    )
    expect(radii).toEqual({
      '/service-areas': 50000,
      '/': 50000,
      '/aberdeen-hvac': 50000,
      '/fallston-hvac': 15000,
      '/harford-county-hvac': 30000,
      '/baltimore-county-hvac': 40000,
      '/cecil-county-hvac': 40000,
      '/downtown-bel-air-hvac': 10000,
      '/bel-air-south-hvac': 15000,
      '/bel-air-north-hvac': 15000,
    })
  })

  test('an area page centres its circle on its own place and names it', () => {
    expect(circle('/havre-de-grace-hvac').geoMidpoint).toMatchObject({ latitude: 39.5493, longitude: -76.0916 })
    expect(business('/havre-de-grace-hvac').areaServed).toContainEqual({ '@type': 'Place', name: 'Havre de Grace, MD' })
    expect(circle('/service-areas').geoMidpoint).toMatchObject({ latitude: catalogue.business.geo.latitude, longitude: catalogue.business.geo.longitude })
  })

  test('Fallston alone says "$$$"', () => {
    const ranges = primaryPaths(catalogue).map((p) => [p, business(p).priceRange])
    expect(ranges.filter(([, r]) => r !== '$$')).toEqual([['/fallston-hvac', '$$$']])
  })

  test('every service and detail page adds a Service block; area pages do not', () => {
    for (const path of [...SERVICE_PAGES, ...DETAIL_PAGES]) {
      expect(blocks(path).map((b) => b['@type']), path).toEqual(['HVACBusiness', 'BreadcrumbList', 'Service'])
    }
    for (const path of ['/bel-air-hvac', '/cecil-county-hvac', '/delaware-hvac', '/service-areas', '/contact']) {
      expect(blocks(path).map((b) => b['@type']), path).toEqual(['HVACBusiness', 'BreadcrumbList'])
    }
    expect(blocks('/geothermal')[2]).toMatchObject({ name: 'Geothermal Heating & Cooling', url: `${ORIGIN}/geothermal`, provider: { '@id': `${ORIGIN}/#business` } })
  })

  test('an alias carries the structured data and canonical link of its page', () => {
    expect(cataloguePageData('/bel-air', catalogue, ORIGIN)?.head).toEqual(cataloguePageData('/bel-air-hvac', catalogue, ORIGIN)?.head)
    expect(cataloguePageData('/bel-air', catalogue, ORIGIN)?.head.canonical).toBe(`${ORIGIN}/bel-air-hvac`)
  })

  test('the aggregate rating of SPEC §3 is on the home page only: 5 from 3 reviews', () => {
    const rated = primaryPaths(catalogue).filter((p) => business(p).aggregateRating)
    expect(rated).toEqual(['/'])
    expect(business('/').aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 3, bestRating: 5, worstRating: 1 })
  })
})

describe('sitemap and robots', () => {
  test('the sitemap lists each address once at the origin', () => {
    expect(buildSitemap(ORIGIN, ['/', '/bel-air-hvac', '/bel-air-hvac'])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        `  <url><loc>${ORIGIN}/</loc></url>`,
        `  <url><loc>${ORIGIN}/bel-air-hvac</loc></url>`,
        '</urlset>',
        '',
      ].join('\n'),
    )
  })

  test('robots.txt keeps crawlers out of the admin and the API and points to the sitemap', () => {
    expect(buildRobots(ORIGIN)).toBe(`User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${ORIGIN}/sitemap.xml\n`)
  })
})
