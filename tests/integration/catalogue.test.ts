// The real content catalogue (content/): the one test of the catalogue that reads it. It loads
// without a problem (every link goes to a page, every placeholder is known), and it has the
// pages, addresses, lists, business facts and structured data the product specification asks
// for. Nothing here depends on how the records are written (their lines, their wording): how the
// loader and its messages work is tested on made-up records in tests/unit/.
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import type { Catalogue } from '../../src/catalogue/types.ts'
import { cataloguePageData } from '../../src/catalogue/page-data.ts'
import { stringsOf } from '../../src/catalogue/placeholders.ts'
import { ContentError, formatProblem } from '../../src/catalogue/problems.ts'
import {
  areaDirectory,
  findPage,
  footerAreaLinks,
  primaryPaths,
  routePaths,
  trailOf,
} from '../../src/catalogue/routes.ts'
import { projectRoot } from '../../scripts/lib/server.ts'
import {
  BEYOND,
  COUNTIES,
  DETAIL_PAGES,
  CITY_PAGES,
  MD_LOCALITIES,
  PA_CITIES,
  SERVICE_PAGES,
  SHORT_ALIASES,
  STATES,
} from '../helpers/spec.ts'

const ORIGIN = 'https://www.longbar-hvac.example'

function load(): { catalogue?: Catalogue; problems: string[] } {
  try {
    return {
      catalogue: loadCatalogue({
        contentDir: path.join(projectRoot, 'content'),
        now: new Date('2026-06-01T12:00:00Z'),
      }),
      problems: [],
    }
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.problems.map((p) => formatProblem(p).trim()) }
    throw error
  }
}
const loaded = load()
const catalogue = loaded.catalogue!

test('content/ loads without a problem: valid records, links to pages only, known placeholders', () => {
  expect(loaded.problems).toEqual([])
})

test('every placeholder is filled from the business record', () => {
  const leftovers = [
    ...stringsOf({ pages: catalogue.pages, site: catalogue.site, business: catalogue.business }),
  ].filter(([, s]) => /\{[A-Za-z]+\}/.test(s))
  expect(leftovers).toEqual([])
  expect(catalogue.site.footer.copyright).toBe(`© 2026 ${catalogue.business.name}. All rights reserved.`)
})

describe('the route table', () => {
  test('every catalogue route is a page, with the template it needs, and there are no others', () => {
    const expected: [string, string][] = [
      ['/', 'home'],
      ['/about', 'about'],
      ['/services', 'services'],
      ['/service-areas', 'service-areas'],
      ['/contact', 'contact'],
      ['/privacy', 'about'],
      ...SERVICE_PAGES.map((p): [string, string] => [p, 'service']),
      ...DETAIL_PAGES.map((p): [string, string] => [p, 'service-detail']),
      ...MD_LOCALITIES.map((p): [string, string] => [p, 'locality']),
      ...COUNTIES.map((p): [string, string] => [p, 'county']),
      ...STATES.map((p): [string, string] => [p, 'state']),
      ...PA_CITIES.map((p): [string, string] => [p, 'locality']),
    ]
    const actual = expected.map(([p]) => [p, findPage(catalogue, p)?.record.template])
    expect(actual).toEqual(expected)
    expect(primaryPaths(catalogue).sort()).toEqual(expected.map(([p]) => p).sort())
  })

  test('the county short forms and seven town short forms are aliases of the -hvac pages, and the only ones', () => {
    const aliases = SHORT_ALIASES.map((alias) => [
      alias,
      findPage(catalogue, alias)?.isAlias,
      findPage(catalogue, alias)?.record.path,
    ])
    expect(aliases).toEqual(SHORT_ALIASES.map((alias) => [alias, true, `${alias}-hvac`]))
    expect(routePaths(catalogue)).toHaveLength(40 + 10)
  })
})

test('breadcrumbs: area pages sit under Service Areas, service pages under Services, detail pages under their service', () => {
  const trails = [
    '/bel-air-hvac',
    '/harford-county-hvac',
    '/delaware-hvac',
    '/york-pa-hvac',
    '/heating',
    '/furnace-repair',
    '/ac-repair',
    '/hvac-maintenance',
  ].map((p) => trailOf(catalogue, findPage(catalogue, p)!.record).map((c) => c.name))
  expect(trails).toEqual([
    ['Home', 'Service Areas', 'Bel Air'],
    ['Home', 'Service Areas', 'Harford County'],
    ['Home', 'Service Areas', 'Delaware'],
    ['Home', 'Service Areas', 'York, PA'],
    ['Home', 'Services', 'Heating'],
    ['Home', 'Services', 'Heating', 'Furnace Repair'],
    ['Home', 'Services', 'Air Conditioning', 'AC Repair'],
    ['Home', 'Services', 'Maintenance Plans', 'HVAC Maintenance'],
  ])
})

describe('lists generated from the records', () => {
  test('/service-areas lists the three counties, the twelve Maryland communities and the five pages beyond Maryland, in order', () => {
    const directory = areaDirectory(catalogue)
    expect(directory.counties.map((a) => a.path)).toEqual(COUNTIES)
    expect(directory.communities.map((a) => a.path)).toEqual(MD_LOCALITIES)
    expect(directory.beyond.map((a) => a.path)).toEqual(BEYOND)
    for (const area of Object.values(directory).flat()) expect(area.summary.length).toBeGreaterThan(20)
  })

  test('the footer links all service areas, then the seven city pages, each by its page name', () => {
    const [all, ...towns] = footerAreaLinks(catalogue)
    expect(all).toEqual({ label: 'All Service Areas', href: '/service-areas' })
    expect(towns.map((l) => l.href)).toEqual(CITY_PAGES)
    for (const link of towns) expect(link.label).toBe(findPage(catalogue, link.href)!.record.name)
  })
})

describe('the business and its structured data', () => {
  const blocks = (p: string) => cataloguePageData(p, catalogue, ORIGIN)?.head.jsonLd ?? []
  const business = (p: string) => blocks(p).find((b) => b['@type'] === 'HVACBusiness')!
  const circle = (p: string) =>
    (business(p).areaServed as Record<string, unknown>[]).find((a) => a['@type'] === 'GeoCircle') as {
      geoRadius: number
      geoMidpoint: { latitude: number; longitude: number }
    }

  test('the business facts', () => {
    expect(catalogue.business).toMatchObject({
      address: { locality: 'Belair', region: 'MD', postalCode: '21014', country: 'US' },
      contactPoint: { contactType: 'customer service', languages: ['English'] },
      serviceAreas: ['Harford County, MD', 'Baltimore County, MD', 'Cecil County, MD'],
      serviceRadius: 50000,
      priceRange: '$$',
      payments: ['Cash', 'Credit Card', 'Check'],
      currency: 'USD',
      foundingYear: 2000,
      hours: [
        { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00' },
        { days: ['Saturday'], opens: '08:00', closes: '16:00' },
        { days: ['Sunday'], note: 'Emergency service only' },
      ],
    })
  })

  test('service radii: general 50000, and those of eight pages', () => {
    const radii = Object.fromEntries(
      [
        '/service-areas',
        '/',
        '/aberdeen-hvac',
        '/fallston-hvac',
        '/harford-county-hvac',
        '/baltimore-county-hvac',
        '/cecil-county-hvac',
        '/downtown-bel-air-hvac',
        '/bel-air-south-hvac',
        '/bel-air-north-hvac',
      ].map((p) => [p, circle(p).geoRadius]),
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

  test("each page's circle is centred on its own place where it gives one, else on the office", () => {
    for (const p of primaryPaths(catalogue)) {
      const own = findPage(catalogue, p)!.record.structuredData?.geo
      expect(circle(p).geoMidpoint, p).toMatchObject(own ?? catalogue.business.geo)
    }
    expect(primaryPaths(catalogue).filter((p) => findPage(catalogue, p)!.record.structuredData?.geo)).not.toEqual([])
  })

  test('Fallston alone says "$$$"', () => {
    const ranges = primaryPaths(catalogue).map((p) => [p, business(p).priceRange])
    expect(ranges.filter(([, r]) => r !== '$$')).toEqual([['/fallston-hvac', '$$$']])
  })

  test('every service and detail page adds a Service block; no other page does', () => {
    const withService = primaryPaths(catalogue).filter((p) => blocks(p).some((b) => b['@type'] === 'Service'))
    expect(withService.sort()).toEqual([...SERVICE_PAGES, ...DETAIL_PAGES].sort())
  })

  test('the aggregate rating is on the home page only: 5 from 3 reviews, best 5, worst 1', () => {
    const rated = primaryPaths(catalogue).filter((p) => business(p).aggregateRating)
    expect(rated).toEqual(['/'])
    const rating = { ratingValue: 5, reviewCount: 3, bestRating: 5, worstRating: 1 }
    expect(business('/').aggregateRating).toEqual({ '@type': 'AggregateRating', ...rating })
  })
})
