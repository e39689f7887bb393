// The steps that finish a rendered site, shared by the build (scripts/postbuild.ts) and a server
// rendering a mounted content folder at start (site-render.ts): each page's stylesheet inlined,
// cut to what the page uses, and its script deferred, /sitemap.xml and /robots.txt, the inbox's
// web app manifest, the build info the server reads (build-info.ts), and brotli and gzip copies
// of every text file (the server picks the variant a browser accepts). Not loaded by a server serving its build as built.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { adminManifest, MANIFEST_PATH } from '../seo/admin-manifest.ts'
import { adminPageData, cataloguePageData, type ContactSentData } from '../catalogue/page-data.ts'
import type { Catalogue } from '../catalogue/types.ts'
import { zipPlaces } from '../lead/service-area.ts'
import type { BuildInfo } from './build-info.ts'
import { buildRobots, buildSitemap } from '../seo/sitemap.ts'
import { finishPageHtml } from './page-html.ts'
import { pruneInlineStyle, siteReader, type SiteReader } from './page-css.ts'
import { filesIn } from './static-site.ts'

const COMPRESSIBLE = /\.(html|css|js|json|svg|xml|txt|webmanifest)$/

/**
 * Finishes every page under `dir` (finishPrerenderedPage): its stylesheet inlined and cut, its
 * script deferred past the first paint, as the server does to the page it renders at run time
 * (but for the cut: src/server/page-html.ts, docs/decisions/006-first-paint.md). Returns how many
 * pages changed.
 */
export async function finishPages(dir: string): Promise<number> {
  const read = siteReader(dir)
  let pages = 0
  for (const rel of filesIn(dir)) {
    if (!rel.endsWith('.html')) continue
    const file = path.join(dir, rel)
    const html = readFileSync(file, 'utf8')
    const changed = await finishPrerenderedPage(html, read)
    if (changed !== html) {
      writeFileSync(file, changed)
      pages++
    }
  }
  return pages
}

/**
 * A prerendered page finished: stylesheet inlined and script deferred (page-html.ts), then the
 * stylesheet cut to what the page and its scripts can use (page-css.ts); `read` gives the site's
 * stylesheets and scripts.
 */
export async function finishPrerenderedPage(html: string, read: SiteReader): Promise<string> {
  return pruneInlineStyle(finishPageHtml(html, read), read)
}

/**
 * Writes `.br` and `.gz` beside every text file under `dir` that they make smaller. Brotli's
 * quality: 11 for the build (slow, smallest), 5 at a server's start (decision 041).
 */
export function compressAll(
  dir: string,
  brotliQuality = 11,
): { files: number; before: number; br: number; gzip: number } {
  const totals = { files: 0, before: 0, br: 0, gzip: 0 }
  for (const rel of filesIn(dir)) {
    if (!COMPRESSIBLE.test(rel)) continue
    const file = path.join(dir, rel)
    const body = readFileSync(file)
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    })
    const gz = gzipSync(body, { level: brotliQuality >= 11 ? 9 : 6 })
    totals.files++
    totals.before += body.length
    // A variant that is not smaller is not worth sending.
    if (br.length < body.length) {
      writeFileSync(`${file}.br`, br)
      totals.br += br.length
    }
    if (gz.length < body.length) {
      writeFileSync(`${file}.gz`, gz)
      totals.gzip += gz.length
    }
  }
  return totals
}

/** Writes /sitemap.xml (the given addresses), /robots.txt and the inbox's manifest into the site. */
export function writeSiteFiles(dir: string, origin: string, paths: string[], businessName: string): void {
  writeFileSync(path.join(dir, 'sitemap.xml'), buildSitemap(origin, paths))
  writeFileSync(path.join(dir, 'robots.txt'), buildRobots(origin))
  // The inbox as an installable app (docs/decisions/030-web-push.md).
  writeFileSync(path.join(dir, MANIFEST_PATH), `${JSON.stringify(adminManifest(businessName), null, 2)}\n`)
}

/**
 * The build info of a site rendered from `catalogue` for `origin`: the business's name and phone,
 * its hours in its time zone, the contact form's copy for the answers the server writes, and the
 * data /contact, /contact/sent and /admin were rendered with, for the pages the server renders
 * with a request's state. Written by the build (scripts/postbuild.ts) and by a server rendering a
 * mounted content folder at start (site-render.ts).
 */
export function makeBuildInfo(catalogue: Catalogue, origin: string, contactSentData: ContactSentData): BuildInfo {
  const contactPageData = cataloguePageData('/contact', catalogue, origin)
  if (contactPageData?.page.template !== 'contact')
    throw new Error('content/pages/contact.yaml is missing: the server needs the contact form copy.')
  const { name, phone, email, reviewUrl, hours, timeZone } = catalogue.business
  return {
    publicOrigin: origin,
    builtAt: new Date().toISOString(),
    business: { name, phone, email, ...(reviewUrl ? { reviewUrl } : {}) },
    office: { hours, timeZone },
    urgency: catalogue.urgency,
    confirmation: catalogue.confirmation,
    ...(catalogue.booking ? { booking: catalogue.booking } : {}),
    contactForm: contactPageData.page.form,
    zipPlaces: zipPlaces(catalogue.pages),
    contactPageData,
    contactSentData,
    adminPageData: adminPageData(catalogue),
  }
}
