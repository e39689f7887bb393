// Content catalogues made up in a test, so no test depends on what an editor writes in content/
// (one integration test checks the real catalogue: tests/integration/catalogue.test.ts). A
// fixture is a small valid site (the business, site, reviews and urgency records below, a home page and
// a few plain pages the menus link to) plus the records a test gives, written into a temp folder
// laid out like the project (…/content/…), so problem messages name files as an editor sees them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { stringify } from 'yaml'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import type { Catalogue } from '../../src/catalogue/types.ts'
import { ContentError, formatProblem } from '../../src/catalogue/problems.ts'
import { createSchemaRegistry, type SchemaRegistry } from '../../src/catalogue/schemas.ts'
import { projectRoot } from '../../scripts/lib/server.ts'

/**
 * YAML written indented in a test, with the indentation of its least indented line taken off
 * and the line break after the opening backtick dropped: line 1 is the line below the backtick.
 */
export function yaml(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  const text = strings.reduce((all, part, i) => all + part + (i < values.length ? String(values[i]) : ''), '')
  const lines = text
    .replace(/^\n/, '')
    .replace(/\n[ \t]*$/, '')
    .split('\n')
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length))
  return `${lines.map((l) => l.slice(indent)).join('\n')}\n`
}

export const BUSINESS = yaml`
  name: Longbar Heating & Cooling
  shortName: Longbar
  phone: { display: (410) 555-0142, e164: "+14105550142" }
  email: info@longbar-hvac.example
  address:
    street: 1120 Baltimore Pike, Suite 4
    locality: Belair
    region: MD
    postalCode: "21014"
    country: US
  geo: { latitude: 39.5359, longitude: -76.3483 }
  hours:
    - { days: [Monday, Tuesday, Wednesday, Thursday, Friday], opens: "07:00", closes: "18:00" }
    - { days: [Saturday], opens: "08:00", closes: "16:00" }
    - { days: [Sunday], note: Emergency service only }
  timeZone: America/New_York
  emergency:
    available247: true
    label: 24/7 Emergency Service
    text: Call any time, day or night.
    callLabel: Call {phone} Now
  serviceAreas: ["Harford County, MD", "Cecil County, MD"]
  serviceRadius: 50000
  priceRange: $$
  payments: [Cash, Credit Card, Check]
  currency: USD
  foundingYear: 2000
  social: [{ name: Facebook, url: https://www.facebook.com/longbarhvac }]
  contactPoint: { contactType: customer service, languages: [English] }
  license: { label: Maryland Master HVACR Contractor License, number: "00-00000", issuer: Maryland HVACR Board, state: Maryland }
`

export const SITE = yaml`
  header:
    menu:
      - { label: HOME, href: / }
      - label: SERVICES
        href: /heating
        children:
          - { label: Heating, href: /heating }
          - { label: Air Conditioning, href: /air-conditioning }
          - { label: Maintenance Plans, href: /maintenance }
      - { label: SERVICE AREAS, href: /service-areas, activeForTemplates: [locality, county, state] }
      - { label: CONTACT, href: /contact }
    contactAction: { label: Contact Us, href: /contact }
    menuLabel: Menu
    skipLinkLabel: Skip to main content
  footer:
    contactHeading: Contact Us
    servicesHeading: Services
    serviceLinks: [{ label: Heating, href: /heating }]
    areasHeading: Service Areas
    areaLinks: [{ label: All Service Areas, href: /service-areas }]
    copyright: © {year} {company}. All rights reserved.
  notFound:
    code: "404"
    title: Oops! Page not found
    text: The page you were looking for has moved.
    homeLabel: Return to Home
    callLabel: Call {phone}
    seoTitle: Page Not Found | {company}
    seoDescription: This page does not exist. Call {company} at {phone}.
  unexpectedError:
    title: Unexpected Application Error!
    text: Please try again in a minute.
    homeLabel: Return to Home
    callLabel: Call {phone}
    seoTitle: Something Went Wrong | {company}
    seoDescription: Something went wrong on our side. Call {company} at {phone}.
`

const REVIEWS = yaml`
  reviews:
    - { name: Karen M., location: "Bel Air, MD", rating: 5, datePublished: "2025-01-18", text: The heat was back on within the hour. }
    - { name: David R., location: "Fallston, MD", rating: 4, datePublished: "2025-07-09", text: A fair price and a clean basement. }
`

const URGENCY = yaml`
  services: [emergency]
  outNow: Out right now
  signs:
    - { label: No heat, phrases: [no heat, furnace out] }
`

const CONFIRMATION = yaml`
  subject: We received your request – {company}
  greeting: Hello,
  received: Thank you for contacting {company}.
  callWhenOpen: We will call you back shortly.
  callWhenClosed: We will call you back after we open
  emergency: In an emergency call {phone} now.
  signoff: '{company}'
  footer: You received this because this address was entered on our form.
`

export const HOME = yaml`
  template: home
  path: /
  name: Home
  seo:
    title: HVAC Repair & Installation | {company}
    description: Heating and air conditioning repair, replacement and maintenance. Call {phone}.
  structuredData: { reviews: true }
  hero: { title: Trusted HVAC Services, primaryAction: { label: Request Service, href: /contact } }
  quickHelp:
    heading: What do you need help with?
    cards:
      - { title: Get a Repair, icon: wrench, href: /contact, description: Something stopped working. }
  services:
    heading: Complete Heating & Cooling Services
    cards:
      - { title: Heating Services, icon: flame, href: /heating, description: Furnaces and heat pumps. }
  reviews: { heading: What Our Customers Say }
  cta: { title: Need Service Today? }
`

/** A page with nothing but what every page needs (the smallest template's fields), to link to. */
export function plainPage(pagePath: string, name: string): string {
  return yaml`
    template: services
    path: ${pagePath}
    name: ${name}
    seo:
      title: ${name} | {company}
      description: ${name}, from the local heating and air conditioning team.
    hero: { title: ${name} Services }
    services:
      heading: ${name}
      cards: [{ title: ${name}, description: What we do for ${name}. }]
    cta: { title: Call us today }
  `
}

/** The records of every fixture, by file under content/, unless a test replaces or removes them. */
const BASE_FILES: Record<string, string> = {
  'business.yaml': BUSINESS,
  'site.yaml': SITE,
  'reviews.yaml': REVIEWS,
  'urgency.yaml': URGENCY,
  'confirmation.yaml': CONFIRMATION,
  'pages/home.yaml': HOME,
  'pages/contact.yaml': plainPage('/contact', 'Contact'),
  'pages/service-areas.yaml': plainPage('/service-areas', 'Service Areas'),
  'services/heating.yaml': plainPage('/heating', 'Heating'),
  'services/air-conditioning.yaml': plainPage('/air-conditioning', 'Air Conditioning'),
  'services/maintenance.yaml': plainPage('/maintenance', 'Maintenance Plans'),
}

/** The clock of every fixture: {year} is 2026. */
const FIXTURE_NOW = new Date('2026-06-01T12:00:00Z')

export type ContentFixture = {
  root: string
  contentDir: string
  load(): Catalogue
  /** The problems the loader reports, one formatted line each (as `npm run content:check` prints them). */
  problems(): string[]
  remove(): void
}

let registry: SchemaRegistry | undefined

/**
 * A content folder of BASE_FILES and `files` (path under content/ → YAML text, or a record
 * written as YAML; null leaves a base file out).
 */
export function contentFixture(files: Record<string, string | object | null> = {}): ContentFixture {
  const schemas = (registry ??= createSchemaRegistry(path.join(projectRoot, 'schemas')))
  const root = mkdtempSync(path.join(tmpdir(), 'longbar-content-'))
  const contentDir = path.join(root, 'content')
  for (const [rel, record] of Object.entries({ ...BASE_FILES, ...files })) {
    if (record === null) continue
    mkdirSync(path.dirname(path.join(contentDir, rel)), { recursive: true })
    writeFileSync(path.join(contentDir, rel), typeof record === 'string' ? record : stringify(record))
  }
  const load = () => loadCatalogue({ contentDir, root, registry: schemas, now: FIXTURE_NOW })
  return {
    root,
    contentDir,
    load,
    problems() {
      try {
        load()
      } catch (error) {
        if (error instanceof ContentError) return error.problems.map((p) => formatProblem(p).trim())
        throw error
      }
      return []
    },
    remove() {
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/** The problems of a fixture of `files`, the fixture removed afterwards. */
export function problemsOf(files: Record<string, string | object | null>): string[] {
  const fixture = contentFixture(files)
  try {
    return fixture.problems()
  } finally {
    fixture.remove()
  }
}

/** The catalogue of a fixture of `files`, the fixture removed afterwards. */
export function catalogueOf(files: Record<string, string | object | null> = {}): Catalogue {
  const fixture = contentFixture(files)
  try {
    return fixture.load()
  } finally {
    fixture.remove()
  }
}
