import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { ContentError, didYouMean, fieldPath, formatProblem } from '../../src/catalogue/problems.ts'
import { createSchemaRegistry } from '../../src/catalogue/schemas.ts'
import { stringsOf } from '../../src/catalogue/placeholders.ts'
import { ICONS } from '../../src/sections/Icon.tsx'
import { generateTypes, typesFile } from '../../scripts/generate-types.ts'
import { copyContent, type ContentCopy } from '../helpers/content.ts'
import { projectRoot } from '../helpers/server.ts'

const NOW = new Date('2026-11-22T12:00:00Z')

describe('the content catalogue', () => {
  const catalogue = loadCatalogue({ contentDir: path.join(projectRoot, 'content'), now: NOW })

  it('loads every page record with its template', () => {
    const byPath = new Map(catalogue.pages.map((p) => [p.path, p.template]))
    expect(byPath.get('/')).toBe('home')
    expect(byPath.get('/about')).toBe('about')
    expect(byPath.get('/services')).toBe('services')
  })

  it('fills every placeholder from the business record', () => {
    const leftovers = [...stringsOf({ pages: catalogue.pages, site: catalogue.site, business: catalogue.business })].filter(([, s]) => /\{[A-Za-z]+\}/.test(s))
    expect(leftovers).toEqual([])
    const home = catalogue.pages.find((p) => p.path === '/')!
    expect(home.seo.title).toContain(catalogue.business.name)
    expect(catalogue.site.footer.copyright).toBe(`© 2026 ${catalogue.business.name}. All rights reserved.`)
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

describe('what a content editor is told about a broken record', () => {
  let copy: ContentCopy
  afterEach(() => copy.remove())

  function problemsAfter(change: (c: ContentCopy) => void): string[] {
    copy = copyContent()
    change(copy)
    try {
      loadCatalogue({ contentDir: copy.contentDir, root: copy.root, now: NOW })
    } catch (error) {
      expect(error).toBeInstanceOf(ContentError)
      return (error as ContentError).problems.map(formatProblem).map((s) => s.trim())
    }
    throw new Error('the broken content loaded without a problem')
  }

  it('names the file, line and field of a missing field, and what to write', () => {
    const problems = problemsAfter((c) => c.edit('pages/about.yaml', (t) => t.replace('  title: Your Neighbors in Heating & Cooling\n', '')))
    expect(problems).toEqual([
      `content/pages/about.yaml:10  hero.title: is missing. The page's main heading (there is one per page). For example: "Trusted HVAC Services in Harford County & Surrounding A…".`,
    ])
  })

  it('suggests the field a misspelt one was meant to be', () => {
    const problems = problemsAfter((c) => c.edit('pages/about.yaml', (t) => t.replace('  title: Your Neighbors', '  titel: Your Neighbors')))
    expect(problems).toContain(
      'content/pages/about.yaml:12  hero.titel: is not a field here. Did you mean "title"? Fields allowed here: eyebrow, title, text, primaryAction, callLabel, badges.',
    )
  })

  it('lists the allowed values of a choice and guesses the intended one', () => {
    const problems = problemsAfter((c) => c.edit('pages/home.yaml', (t) => t.replace('icon: wrench', 'icon: wrenches')))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^content\/pages\/home\.yaml:\d+ {2}quickHelp\.cards\[0\]\.icon: "wrenches" is not one of the allowed values\. Did you mean "wrench"\? Write one of: air-vent, award, /)
  })

  it('says what type a field must be, with an example', () => {
    const problems = problemsAfter((c) => c.edit('business.yaml', (t) => t.replace('postalCode: "21014"', 'postalCode: 21014')))
    expect(problems).toEqual(['content/business.yaml:14  address.postalCode: is a number, but must be text. Five-digit ZIP code, in quotes. For example: "21014".'])
  })

  it('explains the form of a page address', () => {
    const problems = problemsAfter((c) => c.edit('pages/about.yaml', (t) => t.replace('path: /about', 'path: /About Us')))
    expect(problems).toEqual([
      'content/pages/about.yaml:3  path: "/About Us" is not written the right way. A page address on this site: a slash, then lowercase words joined by hyphens. The home page is just a slash. For example: "/bel-air-hvac".',
    ])
  })

  it('lists the templates when a record names an unknown one', () => {
    const problems = problemsAfter((c) => c.write('pages/town.yaml', 'template: town\npath: /town\n'))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^content\/pages\/town\.yaml:1 {2}template: "town" is not a page template\. Write one of: about, .*home.*services/)
  })

  it('rejects an unknown placeholder and lists the known ones', () => {
    const problems = problemsAfter((c) => c.edit('pages/about.yaml', (t) => t.replace('callLabel: Call {phone}\nstory', 'callLabel: Call {phon}\nstory')))
    expect(problems).toEqual([
      'content/pages/about.yaml:16  hero.callLabel: uses {phon}, which is not a known placeholder. Use one of: {company}, {shortName}, {phone}, {email}, {foundingYear}, {yearsInBusiness}, {year}.',
    ])
  })

  it('refuses two pages at one address', () => {
    const problems = problemsAfter((c) => c.write('pages/our-story.yaml', readFileSync(path.join(c.contentDir, 'pages/about.yaml'), 'utf8')))
    expect(problems).toEqual(['content/pages/our-story.yaml:3  path: /about is already the address of content/pages/about.yaml. Each address can show only one page.'])
  })

  it('refuses a parent that is not a page', () => {
    const problems = problemsAfter((c) => c.edit('pages/about.yaml', (t) => t.replace('name: About Us', 'name: About Us\nparent: /company')))
    expect(problems).toEqual(['content/pages/about.yaml:5  parent: /company is not the path of any page. Write the path of an existing page, or leave "parent" out.'])
  })

  it('reports YAML that does not parse, with its line', () => {
    const problems = problemsAfter((c) => c.edit('pages/about.yaml', (t) => t.replace('name: About Us', 'name: [About Us')))
    expect(problems).toEqual(['content/pages/about.yaml:5  (whole file): is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]'])
  })

  it('reports every problem at once, across files', () => {
    const problems = problemsAfter((c) => {
      c.edit('pages/about.yaml', (t) => t.replace('  title: Your Neighbors', '  titel: Your Neighbors'))
      c.edit('business.yaml', (t) => t.replace('email: info@longbar-hvac.example', 'email: not-an-address'))
    })
    expect(problems.map((p) => p.split('  ')[0])).toEqual(['content/business.yaml:9', 'content/pages/about.yaml:10', 'content/pages/about.yaml:12'])
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
