// The editor's workflow end to end, on a copy of the project: `new:town` writes one file, the
// real build runs, and the real server then has the page, its sitemap entry, its JSON-LD, its
// card on /service-areas and its footer link. Nothing in the project itself is touched.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { newTown } from '../../scripts/new-town.ts'
import { byTag, findAll, linksIn, readPage } from '../helpers/html.ts'
import { projectRoot, startServer, type RunningServer } from '../../scripts/lib/server.ts'
import { loadCatalogue } from '../../src/catalogue/load.ts'

const ORIGIN = 'https://www.longbar-hvac.example'
const PROJECT_FILES = [
  'content',
  'schemas',
  'pages',
  'renderer',
  'src',
  'scripts',
  'package.json',
  'vite.config.ts',
  'tsconfig.json',
  '.gitignore',
]

let copy: string
let server: RunningServer
let buildOutput = ''

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'longbar-new-town-'))
  for (const entry of PROJECT_FILES) cpSync(path.join(projectRoot, entry), path.join(copy, entry), { recursive: true })
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir')

  newTown(path.join(copy, 'content'), { name: 'Jarrettsville', county: 'Harford County', footer: true }, copy)

  const { CONTENT_DIR: _ignored, ...env } = process.env
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: copy,
    env: { ...env, PUBLIC_ORIGIN: ORIGIN },
    encoding: 'utf8',
    timeout: 110_000,
  })
  buildOutput = `${build.stdout}\n${build.stderr}`
  if (build.status !== 0) throw new Error(`the build failed:\n${buildOutput}`)
  server = await startServer({ DIST_DIR: path.join(copy, 'dist/client'), PUBLIC_ORIGIN: ORIGIN })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  if (copy) rmSync(copy, { recursive: true, force: true })
})

const get = async (p: string) => {
  const res = await fetch(server.url + p)
  return { status: res.status, text: await res.text() }
}

test('the build says the new page is there', () => {
  // One page and one address more than the project's own content and build have.
  const pages = loadCatalogue({ contentDir: path.join(projectRoot, 'content') }).pages.length
  const addresses = readFileSync(path.join(projectRoot, 'dist/client/sitemap.xml'), 'utf8').match(/<loc>/g)!.length
  expect(buildOutput).toContain(`content: OK. ${pages + 1} pages`)
  expect(buildOutput).toContain(`postbuild: sitemap.xml with ${addresses + 1} addresses`)
})

test('the page answers with its title, canonical link and JSON-LD', async () => {
  const { status, text } = await get('/jarrettsville-hvac')
  expect(status).toBe(200)
  const page = readPage(text)
  expect(page.title).toBe('Jarrettsville, MD HVAC Repair & Installation | Longbar Heating & Cooling')
  expect(page.canonical).toBe(`${ORIGIN}/jarrettsville-hvac`)
  expect(page.jsonLd.map((b) => b['@type'])).toEqual(['HVACBusiness', 'BreadcrumbList'])
  expect((page.jsonLd[1]?.itemListElement as { name: string }[]).map((c) => c.name)).toEqual([
    'Home',
    'Service Areas',
    'Jarrettsville',
  ])
  expect(findAll(page.main, (e) => 'data-map-src' in e.attrs)[0]?.attrs['data-map-src']).toBe(
    'https://www.google.com/maps?q=Jarrettsville%2C+MD&output=embed',
  )
})

test('the sitemap lists it', async () => {
  expect((await get('/sitemap.xml')).text).toContain(`<loc>${ORIGIN}/jarrettsville-hvac</loc>`)
})

test('/service-areas has its card and the footer of every page its link', async () => {
  const areas = readPage((await get('/service-areas')).text)
  expect(
    linksIn(areas.main)
      .filter((l) => l.text === 'Local HVAC Services →')
      .map((l) => l.href)
      .at(-1),
  ).toBe('/jarrettsville-hvac')
  const footer = findAll(readPage((await get('/heating')).text).doc, byTag('footer'))[0]!
  expect(linksIn(footer)).toContainEqual({ href: '/jarrettsville-hvac', text: 'Jarrettsville' })
})
