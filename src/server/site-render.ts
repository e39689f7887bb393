// One image, any business: with CONTENT_DIR set at start (a content folder mounted into the
// container, or any folder on a bare machine), the server renders the whole site from it before
// it takes a request, and serves that instead of the built-in one (decision 048). The build's
// scripts, styles, fonts and icons are kept; every page, the pictures' copies, /sitemap.xml,
// /robots.txt, the inbox's manifest and the build info are made again from the folder, with the
// pages' own server build (dist/server, Vike's renderPage) and the same steps the build runs
// (site-files.ts, picture-copies.ts). A folder that fails the content checks stops the start with
// every problem, as `npm run content:check` words them.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadCatalogue } from '../catalogue/load.ts'
import { MANIFEST_ENV } from '../catalogue/images.ts'
import { renderSetting, withRenderSettings, type RenderSettings } from '../catalogue/render-settings.ts'
import type { Catalogue } from '../catalogue/types.ts'
import { buildImages } from '../catalogue/picture-copies.ts'
import type { ContactSentData } from '../catalogue/page-data.ts'
import { primaryPaths, routePaths } from '../catalogue/routes.ts'
import type { Logger } from './log.ts'
import { loadRenderPage, serverEntryOf } from './page-render.ts'
import { siteReader } from './page-css.ts'
import { compressAll, finishPrerenderedPage, makeBuildInfo, writeSiteFiles } from './site-files.ts'

/** What a rendered site is made of besides the catalogue's pages: Vike's pages of their own. */
const FIXED_PAGES = ['/admin', '/contact/sent', '/500']
/** An address no record can have (a path starts with a letter or digit): renders the 404 page. */
const NOT_FOUND_PROBE = '/-not-found-'

/** The files of the built site made from the content: replaced, never copied. */
const FROM_CONTENT =
  /(^|\/)index\.(html|pageContext\.json)(\.br|\.gz)?$|^(404\.html|sitemap\.xml|robots\.txt)(\.br|\.gz)?$|^images\/|^admin\/manifest\.webmanifest/

export type RenderedSite = {
  /** The rendered site, laid out as the build's dist/client (its build-info.json beside it). */
  dir: string
  /** What its pages were rendered with: what a request-time render must read once it is live. */
  settings: Required<RenderSettings>
  pages: number
  pictures: number
  ms: number
}

/** The file a page at `url` is served from (as Vike's prerender names them). */
const fileOf = (url: string) => (url === '/' ? 'index.html' : `${url.slice(1)}/index.html`)

/**
 * Renders the site of `contentDir` for `origin` into a new folder under the system's temporary
 * folder (removed when the process ends): the built site `builtDir` (dist/client) with every file
 * made from the content made again. Throws a ContentError when the folder fails the checks; any
 * page that does not render is an error naming its address. The pages read the folder, the
 * origin and the pictures' manifest from this render's own settings (render-settings.ts), never
 * from the process's: the live site keeps serving its own meanwhile. Whoever makes the result
 * live sets `settings` for the process (`makeLive`).
 */
export function renderSite(options: {
  contentDir: string
  builtDir: string
  origin: string
  log: Logger
}): Promise<RenderedSite> {
  return withRenderSettings({ CONTENT_DIR: options.contentDir, PUBLIC_ORIGIN: options.origin }, () =>
    renderInFolder(options),
  )
}

/** The request-time renders of this process read `site`'s settings from now on. */
export function makeLive(site: Pick<RenderedSite, 'settings'>): void {
  Object.assign(process.env, site.settings)
}

async function renderInFolder({
  contentDir,
  builtDir,
  origin,
  log,
}: {
  contentDir: string
  builtDir: string
  origin: string
  log: Logger
}): Promise<RenderedSite> {
  const started = performance.now()
  const catalogue = loadCatalogue({ contentDir, root: path.dirname(contentDir) })

  const root = mkdtempSync(path.join(tmpdir(), 'longbar-site-'))
  process.once('exit', () => rmSync(root, { recursive: true, force: true }))
  const dir = path.join(root, 'client')
  cpSync(builtDir, dir, {
    recursive: true,
    filter: (source) => !FROM_CONTENT.test(path.relative(builtDir, source).split(path.sep).join('/')),
  })

  const imagesDir = path.join(dir, 'images')
  const { manifest } = await buildImages(catalogue, contentDir, imagesDir)
  const settings = {
    CONTENT_DIR: contentDir,
    PUBLIC_ORIGIN: origin,
    [MANIFEST_ENV]: path.join(imagesDir, 'manifest.json'),
  }
  const site = await withRenderSettings(settings, () => renderPages({ catalogue, builtDir, dir, root, origin }))
  const rendered = { dir, settings, pages: site.pages, pictures: Object.keys(manifest).length, ms: 0 }
  rendered.ms = Math.round(performance.now() - started)
  const { settings: _settings, ...logged } = rendered
  log.info('site rendered from the content folder', { contentDir, ...logged })
  return rendered
}

/** Every page of `catalogue` and the files made with them, into `dir`; the build info into `root`. */
async function renderPages({
  catalogue,
  builtDir,
  dir,
  root,
  origin,
}: {
  catalogue: Catalogue
  builtDir: string
  dir: string
  root: string
  origin: string
}): Promise<{ pages: number }> {
  const renderPage = await loadRenderPage(serverEntryOf(builtDir))
  const render = async (url: string, expected: number) => {
    const { httpResponse, errorWhileRendering, ...pageContext } = await renderPage({ urlOriginal: url })
    if (httpResponse?.statusCode !== expected)
      throw new Error(
        `rendering ${url} for ${renderSetting('CONTENT_DIR')} gave status ${httpResponse?.statusCode ?? 'none'}`,
        {
          cause: errorWhileRendering,
        },
      )
    return { html: httpResponse.body, data: (pageContext as { data?: unknown }).data }
  }
  // Each page finished as it is written (stylesheet inlined and cut, script deferred), as the build
  // finishes its pages (site-files.ts finishPages); the stylesheets and scripts read once.
  const read = siteReader(dir)
  const write = async (rel: string, html: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    writeFileSync(path.join(dir, rel), await finishPrerenderedPage(html, read))
  }
  const urls = [...routePaths(catalogue), ...FIXED_PAGES]
  let contactSentData: ContactSentData | undefined
  for (const url of urls) {
    const { html, data } = await render(url, 200)
    await write(fileOf(url), html)
    if (url === '/contact/sent') contactSentData = data as ContactSentData
  }
  await write('404.html', (await render(NOT_FOUND_PROBE, 404)).html)

  writeSiteFiles(dir, origin, primaryPaths(catalogue), catalogue.business.name)
  writeFileSync(
    path.join(root, 'build-info.json'),
    `${JSON.stringify(makeBuildInfo(catalogue, origin, contactSentData!), null, 2)}\n`,
  )
  compressAll(dir, 5)
  return { pages: urls.length + 1 }
}
