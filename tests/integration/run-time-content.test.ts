// One image, any business (decision 048): the built server started with CONTENT_DIR renders the
// site from that folder before it takes a request. A copy of content/ with another phone number, a
// new town and no picture files of its own for one record is served as that business, with no
// build; the built-in content rendered that way gives the build's own pages; a folder that fails
// the content checks stops the start with every problem, by file and line.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newTown } from '../../scripts/new-town.ts'
import { projectRoot, runServerUntilExit, startServer, type RunningServer } from '../../scripts/lib/server.ts'
import { filesIn } from '../../src/server/static-site.ts'
import { distClient } from '../helpers/built-site.ts'
import { sendFormWithProblems } from '../helpers/http.ts'

const BUILT_ORIGIN = (
  JSON.parse(readFileSync(path.join(projectRoot, 'dist/build-info.json'), 'utf8')) as { publicOrigin: string }
).publicOrigin
const ORIGIN = 'https://www.second-contractor.example'
const folders: string[] = []

/** A copy of the project's content/ in a new folder, changed by `change`; its path. */
function contentCopy(change: (dir: string) => void): string {
  const root = mkdtempSync(path.join(tmpdir(), 'longbar-content-'))
  folders.push(root)
  const dir = path.join(root, 'content')
  cpSync(path.join(projectRoot, 'content'), dir, { recursive: true })
  change(dir)
  return dir
}

const edit = (file: string, from: string, to: string) => {
  const text = readFileSync(file, 'utf8')
  expect(text, file).toContain(from)
  writeFileSync(file, text.replace(from, to))
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe('a server started with another business’s content folder', () => {
  let server: RunningServer
  beforeAll(async () => {
    const dir = contentCopy((dir) => {
      edit(path.join(dir, 'business.yaml'), 'name: Longbar Heating & Cooling', 'name: Rocks Road Comfort')
      edit(path.join(dir, 'business.yaml'), 'display: (410) 555-0142', 'display: (443) 555-0199')
      edit(path.join(dir, 'business.yaml'), 'e164: "+14105550142"', 'e164: "+14435550199"')
      edit(path.join(dir, 'pages/home.yaml'), 'beside the Longbar Heating & Cooling service van', 'beside our van')
      newTown(dir, { name: 'Jarrettsville', county: 'Harford County', footer: true }, path.dirname(dir))
    })
    server = await startServer({ CONTENT_DIR: dir, PUBLIC_ORIGIN: ORIGIN }, { timeoutMs: 60_000 })
  }, 70_000)
  afterAll(async () => server?.stop())

  const get = async (urlPath: string, encoding = 'identity') => {
    const res = await fetch(`${server.url}${urlPath}`, { headers: { 'accept-encoding': encoding } })
    return { status: res.status, encoding: res.headers.get('content-encoding'), text: await res.text() }
  }

  it('serves every page as that business, in every encoding', async () => {
    for (const encoding of ['identity', 'br', 'gzip']) {
      for (const urlPath of ['/', '/heating', '/contact', '/emergency-service', '/service-areas']) {
        const page = await get(urlPath, encoding)
        expect(page.status, urlPath).toBe(200)
        expect(page.encoding ?? 'identity', urlPath).toBe(encoding)
        expect(page.text, urlPath).toContain('Rocks Road Comfort')
        expect(page.text, urlPath).toContain('(443) 555-0199')
        expect(page.text, urlPath).toContain('href="tel:+14435550199"')
        expect(page.text, urlPath).not.toContain('555-0142')
        expect(page.text, urlPath).not.toContain('Longbar Heating')
        expect(page.text, urlPath).not.toContain(BUILT_ORIGIN)
      }
    }
    const notFound = await get('/no-such-page')
    expect(notFound.status).toBe(404)
    expect(notFound.text).toContain('(443) 555-0199')
  })

  it('has the new town’s page, its sitemap entry and its link on /service-areas, without a build', async () => {
    const town = await get('/jarrettsville-hvac')
    expect(town.status).toBe(200)
    expect(town.text).toContain(`<link rel="canonical" href="${ORIGIN}/jarrettsville-hvac"`)
    expect((await get('/sitemap.xml')).text).toContain(`<loc>${ORIGIN}/jarrettsville-hvac</loc>`)
    expect((await get('/service-areas')).text).toContain('href="/jarrettsville-hvac"')
    expect(readFileSync(path.join(distClient, 'sitemap.xml'), 'utf8')).not.toContain('jarrettsville')
  })

  it('shows its pictures: the hero drawing in the page, and the copies it made at start', async () => {
    const home = (await get('/')).text
    // The hero is a drawing: it is the page's own <svg> (decision 059), with the folder's own alt text.
    const hero = /<svg [^>]*role="img"[^>]*>/.exec(home)
    expect(hero).not.toBeNull()
    expect(hero![0]).toContain('beside our van')
    // The copies made at start are served, for a photo or a picture further down a page.
    const picture = await fetch(`${server.url}/images/service-van-480.webp`)
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/webp')
  })

  it('answers the API and the inbox’s manifest with the folder’s business', async () => {
    const res = await sendFormWithProblems(server.url)
    expect(res.status).toBe(400)
    const page = await res.text()
    expect(page).toContain('(443) 555-0199')
    expect(page).toContain(`<link rel="canonical" href="${ORIGIN}/contact"`)
    const manifest = (await (await fetch(`${server.url}/admin/manifest.webmanifest`)).json()) as { name: string }
    expect(manifest.name).toContain('Rocks Road Comfort')
    const rendered = server.records().find((r) => r.msg === 'site rendered from the content folder')
    expect(rendered).toMatchObject({ pictures: 3 })
    console.log(`site rendered at start: ${String(rendered?.pages)} pages, ${String(rendered?.ms)} ms`)
  })
})

describe('the built-in content rendered at start', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer(
      { CONTENT_DIR: path.join(projectRoot, 'content'), PUBLIC_ORIGIN: BUILT_ORIGIN },
      { timeoutMs: 60_000 },
    )
  }, 70_000)
  afterAll(async () => server?.stop())

  it('gives the build’s own pages, byte for byte', () => {
    const rendered = server.records().find((r) => r.msg === 'site rendered from the content folder')
    const dir = String(rendered?.dir)
    const pages = filesIn(distClient).filter((rel) => rel.endsWith('.html'))
    expect(pages.length).toBeGreaterThan(50)
    expect(filesIn(dir).filter((rel) => rel.endsWith('.html'))).toEqual(pages)
    for (const rel of pages)
      expect(readFileSync(path.join(dir, rel), 'utf8'), rel).toBe(readFileSync(path.join(distClient, rel), 'utf8'))
    for (const rel of ['sitemap.xml', 'robots.txt', 'admin/manifest.webmanifest', 'images/manifest.json'])
      expect(readFileSync(path.join(dir, rel), 'utf8'), rel).toBe(readFileSync(path.join(distClient, rel), 'utf8'))
  })
})

describe('a content folder that fails the checks', () => {
  it('stops the start and names every problem by file and line', async () => {
    const dir = contentCopy((dir) => {
      edit(path.join(dir, 'business.yaml'), 'e164: "+14105550142"', 'e164: "410-555-0142"')
      edit(path.join(dir, 'services/heating.yaml'), 'template: service', 'template: servise')
    })
    const { code, output } = await runServerUntilExit(
      { CONTENT_DIR: dir, DATABASE_URL: ':memory:', PORT: '0', HOST: '127.0.0.1' },
      60_000,
    )
    expect(code).toBe(1)
    expect(output).toMatch(/content\/business\.yaml:\d+ {2}phone\.e164: /)
    expect(output).toMatch(/content\/services\/heating\.yaml:\d+ {2}template: "servise" is not a page template/)
    expect(output).not.toContain('listening')
  }, 70_000)
})
