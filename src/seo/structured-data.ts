// JSON-LD for search engines, built from the records as plain data. Pure and browser-safe; the
// serializer that puts it into HTML is json-ld.ts.
import type { Business, Geo } from '../catalogue/types.gen.ts'
import { canonicalUrl } from './canonical.ts'

export type Crumb = { name: string; path: string }

export type Review = { name: string; location: string; rating: number; text: string; datePublished: string }

/** What a page says about itself in structured data (its record's `structuredData` block). */
export type PageStructuredData = {
  areaServed?: string[]
  serviceRadius?: number
  geo?: Geo
  priceRange?: string
  service?: { name: string; serviceType: string }
  reviews?: boolean
}

export type JsonLdContext = {
  origin: string
  business: Business
  reviews: Review[]
}

type JsonLd = Record<string, unknown>

const BEST_RATING = 5
const WORST_RATING = 1

function businessId(origin: string): string {
  return `${canonicalUrl(origin, '/')}#business`
}

function geoCoordinates(geo: Geo): JsonLd {
  return { '@type': 'GeoCoordinates', latitude: geo.latitude, longitude: geo.longitude }
}

/** The places a page serves: named areas plus the circle the business travels. */
function areaServed(ctx: JsonLdContext, data: PageStructuredData = {}): JsonLd[] {
  const named = (data.areaServed ?? ctx.business.serviceAreas).map((name) => ({ '@type': 'Place', name }))
  const circle = {
    '@type': 'GeoCircle',
    geoMidpoint: geoCoordinates(data.geo ?? ctx.business.geo),
    geoRadius: data.serviceRadius ?? ctx.business.serviceRadius,
  }
  return [...named, circle]
}

export function aggregateRating(reviews: Review[]): JsonLd | undefined {
  if (reviews.length === 0) return undefined
  const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length
  return {
    '@type': 'AggregateRating',
    ratingValue: Math.round(average * 10) / 10,
    reviewCount: reviews.length,
    bestRating: BEST_RATING,
    worstRating: WORST_RATING,
  }
}

function reviewJsonLd(review: Review): JsonLd {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.name },
    datePublished: review.datePublished,
    reviewBody: review.text,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: BEST_RATING, worstRating: WORST_RATING },
  }
}

export function businessJsonLd(ctx: JsonLdContext, data: PageStructuredData = {}): JsonLd {
  const b = ctx.business
  const rating = data.reviews ? aggregateRating(ctx.reviews) : undefined
  return {
    '@context': 'https://schema.org',
    '@type': 'HVACBusiness',
    '@id': businessId(ctx.origin),
    name: b.name,
    url: canonicalUrl(ctx.origin, '/'),
    telephone: b.phone.e164,
    email: b.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: b.address.street,
      addressLocality: b.address.locality,
      addressRegion: b.address.region,
      postalCode: b.address.postalCode,
      addressCountry: b.address.country,
    },
    geo: geoCoordinates(b.geo),
    openingHoursSpecification: b.hours
      .filter((h) => h.opens && h.closes)
      .map((h) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: h.days, opens: h.opens, closes: h.closes })),
    areaServed: areaServed(ctx, data),
    priceRange: data.priceRange ?? b.priceRange,
    paymentAccepted: b.payments.join(', '),
    currenciesAccepted: b.currency,
    foundingDate: String(b.foundingYear),
    sameAs: b.social.map((s) => s.url),
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: b.phone.e164,
      contactType: b.contactPoint.contactType,
      availableLanguage: b.contactPoint.languages,
    },
    // The state license as a credential of the business (schema.org hasCredential: Organization).
    hasCredential: {
      '@type': 'EducationalOccupationalCredential',
      name: b.license.label,
      credentialCategory: 'license',
      identifier: b.license.number,
      recognizedBy: { '@type': 'GovernmentOrganization', name: b.license.issuer },
      validIn: { '@type': 'State', name: b.license.state },
    },
    ...(rating ? { aggregateRating: rating, review: ctx.reviews.map(reviewJsonLd) } : {}),
  }
}

export function breadcrumbJsonLd(origin: string, trail: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: canonicalUrl(origin, crumb.path),
    })),
  }
}

function serviceJsonLd(
  ctx: JsonLdContext,
  path: string,
  data: PageStructuredData & { service: { name: string; serviceType: string } },
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: data.service.name,
    serviceType: data.service.serviceType,
    url: canonicalUrl(ctx.origin, path),
    provider: { '@id': businessId(ctx.origin) },
    areaServed: areaServed(ctx, data),
  }
}

/** Every JSON-LD block of a page: the business, the breadcrumb trail, and the service if any. */
export function buildJsonLd(
  ctx: JsonLdContext,
  page: { path: string; trail: Crumb[]; structuredData?: PageStructuredData },
): JsonLd[] {
  const data = page.structuredData ?? {}
  const blocks = [businessJsonLd(ctx, data), breadcrumbJsonLd(ctx.origin, page.trail)]
  if (data.service) blocks.push(serviceJsonLd(ctx, page.path, { ...data, service: data.service }))
  return blocks
}
