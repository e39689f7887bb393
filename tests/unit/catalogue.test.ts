import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { didYouMean, fieldPath } from '../../src/catalogue/problems.ts'
import { createSchemaRegistry } from '../../src/catalogue/schemas.ts'
import { stringsOf } from '../../src/catalogue/placeholders.ts'
import { ICONS } from '../../src/sections/Icon.tsx'
import { generateTypes, typesFile } from '../../scripts/generate-types.ts'
import { BUSINESS, catalogueOf, HOME, problemsOf, yaml } from '../helpers/content.ts'

describe('the catalogue', () => {
  it('fills every placeholder from the business record', () => {
    const catalogue = catalogueOf()
    const leftovers = [
      ...stringsOf({ pages: catalogue.pages, site: catalogue.site, business: catalogue.business }),
    ].filter(([, s]) => /\{[A-Za-z]+\}/.test(s))
    expect(leftovers).toEqual([])
    const home = catalogue.pages.find((p) => p.path === '/')!
    expect(home.seo.title).toBe('HVAC Repair & Installation | Longbar Heating & Cooling')
    expect(catalogue.site.footer.copyright).toBe('© 2026 Longbar Heating & Cooling. All rights reserved.')
  })

  it('has an icon drawing for every icon name the schema allows', () => {
    const registry = createSchemaRegistry()
    const allowed = (registry.schemaAt('file:///schemas/blocks/icon.schema.json') as { enum: string[] }).enum
    expect(Object.keys(ICONS).sort()).toEqual([...allowed].sort())
  })

  it('has types generated from the current schemas (run `npm run content:types` if this fails)', async () => {
    expect(readFileSync(typesFile, 'utf8')).toBe(await generateTypes())
  })
})

const ABOUT = yaml`
  # yaml-language-server: $schema=../../schemas/pages/about.schema.json
  template: about
  path: /about
  name: About Us
  seo:
    title: About Us | {company}
    description: A family-run heating and air conditioning company, here since {foundingYear}.
  hero:
    eyebrow: About Us
    title: Your Neighbors in Heating & Cooling
    callLabel: Call {phone}
  features:
    heading: Why Choose Us
    cards: [{ title: Licensed & Insured, description: Licensed in Maryland and fully insured. }]
  commitment:
    heading: Our Commitment
    paragraphs: ["We give you the price before any work starts."]
    callLabel: Call {phone}
`

/** The record with `from` replaced by `to`; fails the test when `from` is not in it. */
function edit(record: string, from: string, to: string): string {
  const after = record.replace(from, to)
  if (after === record) throw new Error(`${from} is not in the record`)
  return after
}

/** The problems of the fixture with the about page above, and these files added or replaced. */
const problemsWith = (files: Record<string, string>) => problemsOf({ 'pages/about.yaml': ABOUT, ...files })

describe('what a content editor is told about a broken record', () => {
  it('has nothing to say about the records above', () => {
    expect(problemsWith({})).toEqual([])
  })

  it('names the file, line and field of a missing field, and what to write', () => {
    expect(
      problemsWith({ 'pages/about.yaml': edit(ABOUT, '  title: Your Neighbors in Heating & Cooling\n', '') }),
    ).toEqual([
      `content/pages/about.yaml:8  hero.title: is missing. The page's main heading (there is one per page). For example: "Trusted HVAC Services in Harford County & Surrounding A…".`,
    ])
  })

  it('suggests the field a misspelt one was meant to be', () => {
    expect(
      problemsWith({ 'pages/about.yaml': edit(ABOUT, '  title: Your Neighbors', '  titel: Your Neighbors') }),
    ).toEqual([
      `content/pages/about.yaml:8  hero.title: is missing. The page's main heading (there is one per page). For example: "Trusted HVAC Services in Harford County & Surrounding A…".`,
      'content/pages/about.yaml:10  hero.titel: is not a field here. Did you mean "title"? Fields allowed here: eyebrow, title, text, primaryAction, callLabel, image, badges.',
    ])
  })

  it('lists the allowed values of a choice and guesses the intended one', () => {
    const problems = problemsWith({ 'pages/home.yaml': edit(HOME, 'icon: wrench', 'icon: wrenches') })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      /^content\/pages\/home\.yaml:12 {2}quickHelp\.cards\[0\]\.icon: "wrenches" is not one of the allowed values\. Did you mean "wrench"\? Write one of: air-vent, award, /,
    )
  })

  it('says what type a field must be, with an example', () => {
    expect(problemsWith({ 'business.yaml': edit(BUSINESS, 'postalCode: "21014"', 'postalCode: 21014') })).toEqual([
      'content/business.yaml:9  address.postalCode: is a number, but must be text. Five-digit ZIP code, in quotes. For example: "21014".',
    ])
  })

  it('explains the form of a page address', () => {
    expect(problemsWith({ 'pages/about.yaml': edit(ABOUT, 'path: /about', 'path: /About Us') })).toEqual([
      'content/pages/about.yaml:3  path: "/About Us" is not written the right way. A page address on this site: a slash, then lowercase words joined by hyphens. The home page is just a slash. For example: "/bel-air-hvac".',
    ])
  })

  it('lists the templates when a record names an unknown one', () => {
    const problems = problemsWith({ 'pages/town.yaml': 'template: town\npath: /town\n' })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      /^content\/pages\/town\.yaml:1 {2}template: "town" is not a page template\. Write one of: about, .*home.*services/,
    )
  })

  it('rejects an unknown placeholder and lists the known ones', () => {
    expect(
      problemsWith({
        'pages/about.yaml': edit(ABOUT, 'callLabel: Call {phone}\nfeatures', 'callLabel: Call {phon}\nfeatures'),
      }),
    ).toEqual([
      'content/pages/about.yaml:11  hero.callLabel: uses {phon}, which is not a known placeholder. Use one of: {company}, {shortName}, {phone}, {email}, {foundingYear}, {yearsInBusiness}, {year}.',
    ])
  })

  it('refuses two pages at one address', () => {
    expect(problemsWith({ 'pages/our-story.yaml': ABOUT })).toEqual([
      'content/pages/our-story.yaml:3  path: /about is already the address of content/pages/about.yaml. Each address can show only one page.',
    ])
  })

  it('refuses a parent that is not a page', () => {
    expect(
      problemsWith({ 'pages/about.yaml': edit(ABOUT, 'name: About Us', 'name: About Us\nparent: /company') }),
    ).toEqual([
      'content/pages/about.yaml:5  parent: /company is not the path of any page. Write the path of an existing page, or leave "parent" out.',
    ])
  })

  it('reports YAML that does not parse, with its line', () => {
    expect(problemsWith({ 'pages/about.yaml': edit(ABOUT, 'name: About Us', 'name: [About Us') })).toEqual([
      'content/pages/about.yaml:5  (whole file): is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ])
  })

  it('reports every problem at once, across files', () => {
    const problems = problemsWith({
      'pages/about.yaml': edit(ABOUT, '  title: Your Neighbors', '  titel: Your Neighbors'),
      'business.yaml': edit(BUSINESS, 'email: info@longbar-hvac.example', 'email: not-an-address'),
    })
    expect(problems.map((p) => p.split('  ')[0])).toEqual([
      'content/business.yaml:4',
      'content/pages/about.yaml:8',
      'content/pages/about.yaml:10',
    ])
    expect(problems[0]).toContain('email: "not-an-address" is not a valid e-mail address.')
  })
})

describe('problem formatting helpers', () => {
  it('writes field paths as editors read them', () => {
    expect(fieldPath(['hero', 'badges', 1])).toBe('hero.badges[1]')
    expect(fieldPath(['cards', 0, 'title'])).toBe('cards[0].title')
    expect(fieldPath([])).toBe('')
  })
  it('guesses close words only', () => {
    expect(didYouMean('titel', ['title', 'text'])).toBe('title')
    expect(didYouMean('banana', ['title', 'text'])).toBeUndefined()
  })
})
