import { describe, expect, it } from 'vitest'
import type { Catalogue } from '../../src/catalogue/types.ts'
import { cataloguePageData } from '../../src/catalogue/page-data.ts'
import { activeNavIndex, findPage, routePaths, trailOf } from '../../src/catalogue/routes.ts'
import { canonicalUrl, normalizeOrigin } from '../../src/seo/canonical.ts'
import { jsonLdString } from '../../src/seo/json-ld.ts'
import { aggregateRating, breadcrumbJsonLd, buildJsonLd, businessJsonLd } from '../../src/seo/structured-data.ts'
import { buildHead, noIndexHead } from '../../src/seo/head.ts'
import { catalogueOf, plainPage } from '../helpers/content.ts'

const ORIGIN = 'https://www.longbar-hvac.example'
/** The records of tests/helpers/content.ts, and an about page. */
const catalogue = catalogueOf({ 'pages/about.yaml': plainPage('/about', 'About Us') })
const ctx = { origin: ORIGIN, business: catalogue.business, reviews: catalogue.reviews }

describe('jsonLdString', () => {
  it('keeps a record that tries to close the script element inert, and still valid JSON', () => {
    const value = { name: '</script><script>alert(1)</script>', note: 'a & b > c', sep: 'x\u2028y\u2029z' }
    const text = jsonLdString(value)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(text).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(text)).toEqual(value)
  })
})

describe('canonicalUrl', () => {
  it('joins the origin and the path with one trailing-slash rule', () => {
    expect(canonicalUrl(ORIGIN, '/')).toBe(`${ORIGIN}/`)
    expect(canonicalUrl(ORIGIN, '/about')).toBe(`${ORIGIN}/about`)
    expect(canonicalUrl(`${ORIGIN}/`, '/about/')).toBe(`${ORIGIN}/about`)
  })
  it('refuses an origin with a path', () => {
    expect(() => normalizeOrigin('https://example.com/shop')).toThrow(/no path/)
  })
})

describe('business structured data', () => {
  it('describes the business from its record', () => {
    const ld = businessJsonLd(ctx)
    const b = catalogue.business
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'HVACBusiness',
      '@id': `${ORIGIN}/#business`,
      name: b.name,
      telephone: b.phone.e164,
      email: b.email,
      address: { '@type': 'PostalAddress', addressLocality: 'Belair', postalCode: '21014', addressCountry: 'US' },
      priceRange: '$$',
      paymentAccepted: 'Cash, Credit Card, Check',
      currenciesAccepted: 'USD',
      foundingDate: '2000',
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', availableLanguage: ['English'] },
    })
    expect(ld).not.toHaveProperty('aggregateRating')
  })

  it('carries the state license as a credential with its number', () => {
    expect(businessJsonLd(ctx).hasCredential).toEqual({
      '@type': 'EducationalOccupationalCredential',
      name: 'Maryland Master HVACR Contractor License',
      credentialCategory: 'license',
      identifier: '00-00000',
      recognizedBy: { '@type': 'GovernmentOrganization', name: 'Maryland HVACR Board' },
      validIn: { '@type': 'State', name: 'Maryland' },
    })
  })

  it('uses one set of hours, the same as the pages show', () => {
    expect(businessJsonLd(ctx).openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '07:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '08:00', closes: '16:00' },
    ])
  })

  it('serves the business areas within its radius, or the page’s own', () => {
    const general = businessJsonLd(ctx).areaServed as Record<string, unknown>[]
    expect(general.map((a) => a.name).filter(Boolean)).toEqual(catalogue.business.serviceAreas)
    expect(general.at(-1)).toEqual({
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'GeoCoordinates', latitude: 39.5359, longitude: -76.3483 },
      geoRadius: 50000,
    })
    const fallston = businessJsonLd(ctx, {
      areaServed: ['Fallston, MD'],
      serviceRadius: 15000,
      priceRange: '$$$',
      geo: { latitude: 39.5145, longitude: -76.4108 },
    })
    expect(fallston.priceRange).toBe('$$$')
    expect(fallston.areaServed).toEqual([
      { '@type': 'Place', name: 'Fallston, MD' },
      {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: 39.5145, longitude: -76.4108 },
        geoRadius: 15000,
      },
    ])
  })

  it('computes the rating from the reviews (5 and 4: 4.5 from 2), best 5, worst 1', () => {
    const ld = businessJsonLd(ctx, { reviews: true })
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    })
    expect(ld.review).toHaveLength(2)
    expect(
      aggregateRating([
        { name: 'a', location: 'b', rating: 4, text: 'c', datePublished: '2025-01-01' },
        { name: 'd', location: 'e', rating: 5, text: 'f', datePublished: '2025-01-02' },
      ]),
    ).toMatchObject({ ratingValue: 4.5, reviewCount: 2 })
    expect(aggregateRating([])).toBeUndefined()
  })

  it('adds a Service block only for a page about one service', () => {
    const types = (data?: Parameters<typeof buildJsonLd>[1]['structuredData']) =>
      buildJsonLd(ctx, {
        path: '/furnace-repair',
        trail: [{ name: 'Home', path: '/' }],
        ...(data ? { structuredData: data } : {}),
      }).map((b) => b['@type'])
    expect(types()).toEqual(['HVACBusiness', 'BreadcrumbList'])
    expect(types({ service: { name: 'Furnace Repair', serviceType: 'Furnace repair' } })).toEqual([
      'HVACBusiness',
      'BreadcrumbList',
      'Service',
    ])
  })
})

describe('breadcrumbs', () => {
  it('numbers the trail with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(ORIGIN, [
        { name: 'Home', path: '/' },
        { name: 'About Us', path: '/about' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'About Us', item: `${ORIGIN}/about` },
      ],
    })
  })

  it('follows parents from the page up to Home', () => {
    const about = findPage(catalogue, '/about')!.record
    expect(trailOf(catalogue, about)).toEqual([
      { name: 'Home', path: '/' },
      { name: 'About Us', path: '/about' },
    ])
    const withParent: Catalogue = {
      ...catalogue,
      pages: catalogue.pages.map((p) => (p.path === '/about' ? { ...p, parent: '/heating' } : p)),
    }
    expect(trailOf(withParent, findPage(withParent, '/about')!.record).map((c) => c.path)).toEqual([
      '/',
      '/heating',
      '/about',
    ])
  })
})

describe('head of a page', () => {
  it('has the title, description, canonical and JSON-LD of its record', () => {
    const about = findPage(catalogue, '/about')!.record
    const head = buildHead(ctx, { path: about.path, seo: about.seo, trail: trailOf(catalogue, about) })
    expect(head.title).toBe(about.seo.title)
    expect(head.description).toBe(about.seo.description)
    expect(head.canonical).toBe(`${ORIGIN}/about`)
    expect(head.jsonLd.map((b) => b['@type'])).toEqual(['HVACBusiness', 'BreadcrumbList'])
  })

  it('names the primary address on an alias', () => {
    const aliased: Catalogue = {
      ...catalogue,
      pages: catalogue.pages.map((p) => (p.path === '/about' ? { ...p, aliases: ['/about-us'] } : p)),
    }
    expect(routePaths(aliased)).toContain('/about-us')
    const data = cataloguePageData('/about-us', aliased, ORIGIN)!
    expect(data.page.path).toBe('/about')
    expect(data.head.canonical).toBe(`${ORIGIN}/about`)
    expect(cataloguePageData('/nowhere', aliased, ORIGIN)).toBeUndefined()
  })

  it('keeps error and admin pages out of search results', () => {
    expect(noIndexHead('Page Not Found')).toEqual({
      title: 'Page Not Found',
      description: '',
      robots: 'noindex, nofollow',
      jsonLd: [],
    })
  })
})

describe('the current menu entry', () => {
  const site = catalogue.site
  const index = (label: string) => site.header.menu.findIndex((e) => e.label === label)
  it('is the entry of the page, of its dropdown, or of its template', () => {
    expect(activeNavIndex(site, { path: '/' })).toBe(index('HOME'))
    expect(activeNavIndex(site, { path: '/contact' })).toBe(index('CONTACT'))
    expect(activeNavIndex(site, { path: '/air-conditioning' })).toBe(index('SERVICES'))
    expect(activeNavIndex(site, { path: '/bel-air-hvac', template: 'locality' })).toBe(index('SERVICE AREAS'))
    expect(activeNavIndex(site, { path: '/about', template: 'about' })).toBeNull()
  })
})
