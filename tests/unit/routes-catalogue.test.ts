// What the catalogue derives from its records, on a small catalogue made up here: the addresses
// (paths and aliases), the breadcrumb trails from `parent`, the /service-areas lists and footer
// links from `listing`, and each page's structured data from `structuredData`. That the real
// content/ has the pages and figures the spec asks for is tests/integration/catalogue.test.ts.
import { beforeAll, describe, expect, test } from 'vitest'
import type { Catalogue } from '../../src/catalogue/types.ts'
import { cataloguePageData } from '../../src/catalogue/page-data.ts'
import { areaDirectory, findPage, footerAreaLinks, primaryPaths, routePaths } from '../../src/catalogue/routes.ts'
import { buildRobots, buildSitemap } from '../../src/seo/sitemap.ts'
import { catalogueOf, plainPage } from '../helpers/content.ts'

const ORIGIN = 'https://www.longbar-hvac.example'

const card = { title: 'Heating', description: 'Furnaces and heat pumps.' }

/** A valid town page; `listing` and `structuredData` are what the tests below vary. */
function town(path: string, name: string, fields: Record<string, unknown> = {}) {
  return {
    template: 'locality',
    path,
    name,
    parent: '/service-areas',
    seo: {
      title: `${name} HVAC Repair | {company}`,
      description: `Heating and air conditioning repair and replacement in ${name}.`,
    },
    hero: { title: `HVAC Services in ${name}` },
    intro: {
      heading: `Your ${name} HVAC Team`,
      paragraphs: [`We have kept ${name} homes comfortable since {foundingYear}.`],
      areasHeading: `Areas We Serve in ${name}`,
      areas: ['North End', 'South End'],
    },
    services: { heading: `HVAC Services in ${name}`, cards: [card, card, card] },
    map: { heading: `Serving ${name}`, query: `${name}, MD`, title: `Map of ${name}` },
    cta: { title: `Need HVAC Service in ${name}?` },
    ...fields,
  }
}

const group = (heading: string) => ({ heading, linkLabel: 'Learn More →' })
const SERVICE_AREAS = {
  template: 'service-areas',
  path: '/service-areas',
  name: 'Service Areas',
  seo: {
    title: 'HVAC Service Areas | {company}',
    description: 'Heating and air conditioning service across the region.',
  },
  hero: { title: 'HVAC Service Areas' },
  counties: group('Counties We Serve'),
  communities: group('Local Communities'),
  beyond: group('Delaware & Pennsylvania'),
  special: { heading: 'What Makes Us Special', cards: [card] },
  cta: { title: 'Not on the list? Call us.' },
}

let catalogue: Catalogue
beforeAll(() => {
  catalogue = catalogueOf({
    'pages/service-areas.yaml': SERVICE_AREAS,
    'services/details/furnace-repair.yaml': `${plainPage('/furnace-repair', 'Furnace Repair')}parent: /heating
structuredData: { service: { name: Furnace Repair, serviceType: Furnace repair } }
`,
    'areas/counties/harford.yaml': town('/harford-county-hvac', 'Harford County', {
      aliases: ['/harford-county'],
      listing: { group: 'counties', summary: 'All of Harford County, from Aberdeen to Darlington.' },
      structuredData: { serviceRadius: 30000 },
    }),
    'areas/towns/bel-air.yaml': town('/bel-air-hvac', 'Bel Air', {
      aliases: ['/bel-air'],
      listing: { group: 'communities', order: 10, summary: 'Our home town, Main Street and around.', footer: true },
      structuredData: {
        areaServed: ['Bel Air, MD'],
        geo: { latitude: 39.5359, longitude: -76.3483 },
        serviceRadius: 15000,
        priceRange: '$$$',
      },
    }),
    'areas/towns/aberdeen.yaml': town('/aberdeen-hvac', 'Aberdeen', {
      listing: { group: 'communities', order: 20, summary: 'Aberdeen and the proving ground side.', footer: true },
    }),
    'areas/towns/churchville.yaml': town('/churchville-hvac', 'Churchville', {
      listing: { group: 'communities', summary: 'Farms and homes around Churchville.' },
    }),
    'areas/towns/abingdon.yaml': town('/abingdon-hvac', 'Abingdon', {
      listing: { group: 'communities', summary: 'Abingdon and the Route 24 corridor.' },
    }),
    'areas/towns/york.yaml': town('/york-pa-hvac', 'York, PA', {
      listing: { group: 'beyond', summary: 'York and the towns around it, across the line.', footer: true },
    }),
    'areas/towns/unlisted.yaml': town('/emmorton-hvac', 'Emmorton'),
  })
})

describe('addresses', () => {
  test('each page answers at its path and its aliases; the sitemap lists the paths', () => {
    expect(primaryPaths(catalogue)).toEqual([
      '/',
      '/aberdeen-hvac',
      '/abingdon-hvac',
      '/air-conditioning',
      '/bel-air-hvac',
      '/churchville-hvac',
      '/contact',
      '/emmorton-hvac',
      '/furnace-repair',
      '/harford-county-hvac',
      '/heating',
      '/maintenance',
      '/service-areas',
      '/york-pa-hvac',
    ])
    expect(routePaths(catalogue).filter((p) => !primaryPaths(catalogue).includes(p))).toEqual([
      '/bel-air',
      '/harford-county',
    ])
    expect(findPage(catalogue, '/bel-air')).toMatchObject({ isAlias: true, record: { path: '/bel-air-hvac' } })
    expect(findPage(catalogue, '/bel-air-hvac')).toMatchObject({ isAlias: false, record: { path: '/bel-air-hvac' } })
    expect(findPage(catalogue, '/nowhere')).toBeUndefined()
  })
})

describe('breadcrumb trails', () => {
  const trail = (path: string) =>
    cataloguePageData(path, catalogue, ORIGIN)
      ?.trail.map((c) => c.name)
      .join(' › ')
  test('follow the parents up to Home', () => {
    expect(trail('/bel-air-hvac')).toBe('Home › Service Areas › Bel Air')
    expect(trail('/harford-county')).toBe('Home › Service Areas › Harford County')
    expect(trail('/furnace-repair')).toBe('Home › Heating › Furnace Repair')
    expect(trail('/contact')).toBe('Home › Contact')
  })
})

describe('lists generated from the records', () => {
  test('/service-areas lists the pages of each listing group, by order, then unnumbered ones by name', () => {
    expect(areaDirectory(catalogue)).toEqual({
      counties: [
        {
          name: 'Harford County',
          path: '/harford-county-hvac',
          summary: 'All of Harford County, from Aberdeen to Darlington.',
        },
      ],
      communities: [
        { name: 'Bel Air', path: '/bel-air-hvac', summary: 'Our home town, Main Street and around.' },
        { name: 'Aberdeen', path: '/aberdeen-hvac', summary: 'Aberdeen and the proving ground side.' },
        { name: 'Abingdon', path: '/abingdon-hvac', summary: 'Abingdon and the Route 24 corridor.' },
        { name: 'Churchville', path: '/churchville-hvac', summary: 'Farms and homes around Churchville.' },
      ],
      beyond: [{ name: 'York, PA', path: '/york-pa-hvac', summary: 'York and the towns around it, across the line.' }],
    })
  })

  test('only /service-areas receives the lists', () => {
    expect(cataloguePageData('/service-areas', catalogue, ORIGIN)?.directory).toEqual(areaDirectory(catalogue))
    expect(cataloguePageData('/bel-air-hvac', catalogue, ORIGIN)?.directory).toBeUndefined()
  })

  test('the footer links the fixed links of site.yaml, then the pages flagged for it, in listing order', () => {
    expect(footerAreaLinks(catalogue)).toEqual([
      { label: 'All Service Areas', href: '/service-areas' },
      { label: 'Bel Air', href: '/bel-air-hvac' },
      { label: 'Aberdeen', href: '/aberdeen-hvac' },
      { label: 'York, PA', href: '/york-pa-hvac' },
    ])
    expect(cataloguePageData('/heating', catalogue, ORIGIN)?.chrome.areaLinks).toEqual(footerAreaLinks(catalogue))
  })
})

describe('structured data per page', () => {
  const blocks = (path: string) => cataloguePageData(path, catalogue, ORIGIN)?.head.jsonLd ?? []
  const business = (path: string) => blocks(path).find((b) => b['@type'] === 'HVACBusiness')!
  const areas = (path: string) => business(path).areaServed as Record<string, unknown>[]

  test("a page's own areas, centre and radius, or else the business's", () => {
    expect(areas('/bel-air-hvac')).toEqual([
      { '@type': 'Place', name: 'Bel Air, MD' },
      {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: 39.5359, longitude: -76.3483 },
        geoRadius: 15000,
      },
    ])
    expect(areas('/harford-county-hvac').at(-1)).toMatchObject({ geoRadius: 30000 })
    expect(areas('/aberdeen-hvac')).toEqual([
      { '@type': 'Place', name: 'Harford County, MD' },
      { '@type': 'Place', name: 'Cecil County, MD' },
      {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: 39.5359, longitude: -76.3483 },
        geoRadius: 50000,
      },
    ])
  })

  test("a page's own price range, on that page only", () => {
    const ranges = primaryPaths(catalogue).map((p) => [p, business(p).priceRange])
    expect(ranges.filter(([, r]) => r !== '$$')).toEqual([['/bel-air-hvac', '$$$']])
  })

  test('a page about one service adds a Service block; the others do not', () => {
    expect(blocks('/furnace-repair').map((b) => b['@type'])).toEqual(['HVACBusiness', 'BreadcrumbList', 'Service'])
    expect(blocks('/furnace-repair')[2]).toMatchObject({
      name: 'Furnace Repair',
      serviceType: 'Furnace repair',
      url: `${ORIGIN}/furnace-repair`,
      provider: { '@id': `${ORIGIN}/#business` },
    })
    expect(blocks('/heating').map((b) => b['@type'])).toEqual(['HVACBusiness', 'BreadcrumbList'])
  })

  test('an alias carries the structured data and canonical link of its page', () => {
    expect(cataloguePageData('/bel-air', catalogue, ORIGIN)?.head).toEqual(
      cataloguePageData('/bel-air-hvac', catalogue, ORIGIN)?.head,
    )
    expect(cataloguePageData('/bel-air', catalogue, ORIGIN)?.head.canonical).toBe(`${ORIGIN}/bel-air-hvac`)
  })

  test('the aggregate rating of the reviews is on the pages that ask for it only', () => {
    const rated = primaryPaths(catalogue).filter((p) => business(p).aggregateRating)
    expect(rated).toEqual(['/'])
    expect(business('/').aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    })
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
    expect(buildRobots(ORIGIN)).toBe(
      `User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${ORIGIN}/sitemap.xml\n`,
    )
  })
})
