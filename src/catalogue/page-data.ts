// What each Vike page receives as pageContext.data: the record, the layout's data (header,
// footer, business) and the head. Runs at build time (prerender), on the server side only.
import { getCatalogue } from './load.ts'
import { renderSetting } from './render-settings.ts'
import type { Catalogue, PageRecord, Review } from './types.ts'
import { activeNavIndex, areaDirectory, findPage, footerAreaLinks, trailOf, type AreaDirectory } from './routes.ts'
import { buildHead, noIndexHead, type HeadData } from '../seo/head.ts'
import { normalizeOrigin } from '../seo/canonical.ts'
import type { Crumb } from '../seo/structured-data.ts'
import type { Booking, Business, ContactFormBlock, Link, Site } from './types.gen.ts'
import { zipPlaces, type ZipPlaces } from '../lead/service-area.ts'
import type { ImageManifest } from '../sections/Picture.tsx'
import { recordImages } from './images.ts'
import { liveOffers } from './offers.ts'

/** The data every page's layout needs. */
export type Chrome = {
  business: Business
  site: Site
  /** Footer area links: the fixed ones from site.yaml, then the pages listed with `footer: true`. */
  areaLinks: Link[]
  /** The header entry shown as current, or null. */
  activeNav: number | null
}

export type CataloguePageData = {
  chrome: Chrome
  head: HeadData
  page: PageRecord
  trail: Crumb[]
  reviews: Review[]
  /** The lists of /service-areas, on that page only. */
  directory?: AreaDirectory
  /** The ZIP codes of the service area (given to /contact only: its form tells a ZIP code outside the area at once). */
  zips?: string[]
  /** Online booking's words and bookable services (/contact only, when content/booking.yaml exists). */
  booking?: BookingCopy
  /** ZIP code → place, for the ZIP code checker of /service-areas (that page only). */
  zipPlaces?: ZipPlaces
  /** The copies the build made of the pictures this page names (scripts/build-images.ts). */
  images: ImageManifest
}
export type FixedPageData = { chrome: Chrome; head: HeadData }
/** What the contact form shows of online booking (src/sections/BookingPicker.tsx). */
export type BookingCopy = Pick<Booking, 'texts' | 'services'>
export type PageData = CataloguePageData | FixedPageData

const DEFAULT_ORIGIN = 'http://localhost:3000'

/** The origin of canonical links, sitemap and JSON-LD: PUBLIC_ORIGIN at build time. */
export function publicOrigin(): string {
  return normalizeOrigin(renderSetting('PUBLIC_ORIGIN') || DEFAULT_ORIGIN)
}

function chromeFor(catalogue: Catalogue, page: { path: string; template?: string }): Chrome {
  const { business } = catalogue
  return {
    // Offers past their last day are left out of the build (src/catalogue/offers.ts).
    business: { ...business, offers: liveOffers(business.offers, business.timeZone) },
    site: catalogue.site,
    areaLinks: footerAreaLinks(catalogue),
    activeNav: activeNavIndex(catalogue.site, page),
  }
}

/** The data of a catalogue page at `path` (its own path or an alias), or undefined. */
export function cataloguePageData(
  path: string,
  catalogue = getCatalogue(),
  origin = publicOrigin(),
): CataloguePageData | undefined {
  const found = findPage(catalogue, path)
  if (!found) return undefined
  const { record } = found
  const trail = trailOf(catalogue, record)
  const ctx = { origin, business: catalogue.business, reviews: catalogue.reviews }
  return {
    chrome: chromeFor(catalogue, record),
    head: buildHead(ctx, {
      path: record.path,
      seo: record.seo,
      trail,
      ...(record.structuredData ? { structuredData: record.structuredData } : {}),
    }),
    page: record,
    trail,
    reviews: catalogue.reviews,
    images: recordImages(record),
    ...(record.template === 'service-areas'
      ? { directory: areaDirectory(catalogue), zipPlaces: zipPlaces(catalogue.pages) }
      : {}),
    ...(record.template === 'contact' ? { zips: Object.keys(zipPlaces(catalogue.pages)).sort() } : {}),
    ...(record.template === 'contact' && catalogue.booking
      ? { booking: { texts: catalogue.booking.texts, services: catalogue.booking.services } }
      : {}),
  }
}

/** The data of a page outside the catalogue (errors, admin): layout data and a no-index head. */
export function fixedPageData(
  path: string,
  title: string,
  catalogue = getCatalogue(),
  description = '',
): FixedPageData {
  return { chrome: chromeFor(catalogue, { path }), head: noIndexHead(title, description) }
}

/** The admin page's data: the layout's, a no-index head, and the office's time zone (times in the inbox). */
export type AdminPageData = FixedPageData & { timeZone: string }

/** What the server knows of the visitor when it renders /admin (src/server/admin/page.ts). */
export type AdminPageState = {
  /** The visitor had a valid session when the page was asked for. */
  signedIn: boolean
  /** A sign-in sent without JavaScript failed: the server's sentence. */
  loginError?: string | undefined
}

/** /contact/sent's data (pages/contact-sent/+data.ts), which the server renders for one request. */
export type ContactSentData = FixedPageData & {
  notice: ContactFormBlock['success']
  backLabel: string
  callLabel: string
  /** The call button under a request's confirmation: the same as the panel above the form. */
  confirmationCallLabel: string
}

export function adminPageData(catalogue = getCatalogue()): AdminPageData {
  return {
    ...fixedPageData('/admin', `Admin | ${catalogue.business.name}`, catalogue),
    timeZone: catalogue.business.timeZone,
  }
}
