// `npm run new:town`: one command writes one file, and the catalogue then has the page, its
// sitemap entry, its JSON-LD, its card on /service-areas and (if asked) its footer link. Runs on
// the small catalogue of tests/helpers/content.ts, which has the pages a new town links to.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { cataloguePageData } from '../../src/catalogue/page-data.ts'
import { areaDirectory, footerAreaLinks, primaryPaths } from '../../src/catalogue/routes.ts'
import { buildSitemap } from '../../src/seo/sitemap.ts'
import { newTown } from '../../scripts/new-town.ts'
import { invalidOptions, townPath, townRecord } from '../../src/catalogue/new-town.ts'
import { contentFixture, plainPage, type ContentFixture } from '../helpers/content.ts'
import { projectRoot } from '../../scripts/lib/server.ts'

const ORIGIN = 'https://www.longbar-hvac.example'
let copy: ContentFixture
afterEach(() => copy?.remove())

describe('addresses', () => {
  test('Maryland towns end in -hvac like the others; Pennsylvania and Delaware towns name their state', () => {
    expect(townPath('Jarrettsville')).toBe('/jarrettsville-hvac')
    expect(townPath("St. Mary's Point")).toBe('/st-marys-point-hvac')
    expect(townPath('Shrewsbury', 'PA')).toBe('/shrewsbury-pa-hvac')
    expect(townPath('Bear', 'DE')).toBe('/bear-de-hvac')
  })

  test('names a map search cannot take are refused with the rule', () => {
    expect(invalidOptions({ name: 'Jarrettsville' })).toBeUndefined()
    expect(invalidOptions({ name: 'Bel Air <script>' })).toBe(
      '"Bel Air <script>" is not a place name this script can use: write 2 to 40 letters, digits, spaces, hyphens, periods or apostrophes, starting with a letter.',
    )
  })
})

describe('a new town in one file', () => {
  test('the record carries the schema modeline, and its editor notes only in comments', () => {
    const text = townRecord({ name: 'Jarrettsville', county: 'Harford County' })
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../../schemas/pages/locality.schema.json')
    const editorLines = text.split('\n').filter((line) => line.includes('EDITOR'))
    expect(editorLines.length).toBeGreaterThanOrEqual(6)
    for (const line of editorLines) expect(line.trimStart().startsWith('#'), line).toBe(true)
  })

  test('the page, its JSON-LD, its sitemap entry and its card on /service-areas come from that file alone', () => {
    copy = contentFixture()
    const created = newTown(copy.contentDir, { name: 'Jarrettsville', county: 'Harford County' }, copy.root)
    expect(created).toEqual({ file: 'content/areas/towns/jarrettsville-hvac.yaml', path: '/jarrettsville-hvac' })

    const catalogue = copy.load()
    const data = cataloguePageData('/jarrettsville-hvac', catalogue, ORIGIN)
    expect(data?.page.template).toBe('locality')
    expect(data?.head.title).toBe('Jarrettsville, MD HVAC Repair & Installation | Longbar Heating & Cooling')
    expect(data?.head.canonical).toBe(`${ORIGIN}/jarrettsville-hvac`)
    expect(data?.trail.map((c) => c.name)).toEqual(['Home', 'Service Areas', 'Jarrettsville'])
    expect(data?.head.jsonLd.map((b) => b['@type'])).toEqual(['HVACBusiness', 'BreadcrumbList'])
    expect(data?.head.jsonLd[0]?.areaServed).toContainEqual({ '@type': 'Place', name: 'Jarrettsville, MD' })
    expect(JSON.stringify(data?.page)).not.toMatch(/\{(company|phone|foundingYear)\}/)

    expect(buildSitemap(ORIGIN, primaryPaths(catalogue))).toContain(`<loc>${ORIGIN}/jarrettsville-hvac</loc>`)
    expect(areaDirectory(catalogue).communities.at(-1)).toEqual({
      name: 'Jarrettsville',
      path: '/jarrettsville-hvac',
      summary: 'Homes and businesses in and around Jarrettsville, Harford County.',
    })
    expect(footerAreaLinks(catalogue).map((l) => l.href)).not.toContain('/jarrettsville-hvac')
  })

  test('--footer adds the page to the footer; a Pennsylvania town is listed beyond Maryland', () => {
    copy = contentFixture()
    newTown(copy.contentDir, { name: 'Shrewsbury', state: 'PA', footer: true }, copy.root)
    const catalogue = copy.load()
    expect(footerAreaLinks(catalogue).at(-1)).toEqual({ label: 'Shrewsbury', href: '/shrewsbury-pa-hvac' })
    expect(
      areaDirectory(catalogue)
        .beyond.map((a) => a.path)
        .at(-1),
    ).toBe('/shrewsbury-pa-hvac')
  })

  test('an existing file or an address already in use is refused', () => {
    copy = contentFixture({
      'areas/towns/fallston-hvac.yaml': plainPage('/fallston-hvac', 'Fallston'),
      'areas/counties/harford-county-hvac.yaml': plainPage('/harford-county-hvac', 'Harford County'),
    })
    expect(() => newTown(copy.contentDir, { name: 'Fallston' }, copy.root)).toThrow(
      'content/areas/towns/fallston-hvac.yaml already exists. Edit it, or choose another name.',
    )
    expect(() => newTown(copy.contentDir, { name: 'Harford County' }, copy.root)).toThrow(
      '/harford-county-hvac is already the address of content/areas/counties/harford-county-hvac.yaml.',
    )
  })

  test('the command line writes into CONTENT_DIR and says what to do next', () => {
    copy = contentFixture()
    const out = execFileSync(
      process.execPath,
      [path.join(projectRoot, 'scripts/new-town.ts'), 'Whiteford', '--county', 'Harford County'],
      {
        cwd: projectRoot,
        env: { ...process.env, CONTENT_DIR: copy.contentDir },
        encoding: 'utf8',
      },
    )
    expect(out).toMatch(/^Wrote .*content\/areas\/towns\/whiteford-hvac\.yaml: the page \/whiteford-hvac\.$/m)
    expect(out).toContain('- { name: Whiteford, href: /whiteford-hvac }')
    expect(readFileSync(path.join(copy.contentDir, 'areas/towns/whiteford-hvac.yaml'), 'utf8')).toContain(
      'query: "Whiteford, MD"',
    )
  })
})
