// After `vike build`: write /sitemap.xml and /robots.txt from the catalogue, precompress every
// text file of dist/client with brotli and gzip (the server picks the variant a browser
// accepts), and record what the build was made for.
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { getCatalogue } from '../src/catalogue/load.ts'
import { adminPageData, cataloguePageData, publicOrigin } from '../src/catalogue/page-data.ts'
import { primaryPaths } from '../src/catalogue/routes.ts'
import { zipPlaces } from '../src/lead/service-area.ts'
import { data as contactSentData } from '../pages/contact-sent/+data.ts'
import { buildRobots, buildSitemap } from '../src/seo/sitemap.ts'
import type { BuildInfo } from '../src/server/build-info.ts'
import { finishPageHtml } from '../src/server/page-html.ts'
import { filesIn } from '../src/server/static-site.ts'
import { adminManifest, MANIFEST_PATH } from '../src/admin/manifest.ts'

export const distClient = path.resolve('dist/client')
const COMPRESSIBLE = /\.(html|css|js|json|svg|xml|txt|webmanifest)$/

/** Rewrites every page of the build with `change`; returns how many pages changed. */
function rewritePages(dir: string, change: (html: string) => string): number {
  let pages = 0
  for (const rel of filesIn(dir)) {
    if (!rel.endsWith('.html')) continue
    const file = path.join(dir, rel)
    const html = readFileSync(file, 'utf8')
    const changed = change(html)
    if (changed !== html) {
      writeFileSync(file, changed)
      pages++
    }
  }
  return pages
}

/**
 * Inlines each page's stylesheet and defers its script past the first paint, as the server does
 * to the page it renders at run time (src/server/page-html.ts, docs/decisions/006-first-paint.md).
 */
export function finishPages(dir: string): number {
  return rewritePages(dir, (html) => finishPageHtml(html, (href) => readFileSync(path.join(dir, href), 'utf8')))
}

export function compressAll(dir: string): { files: number; before: number; br: number; gzip: number } {
  const totals = { files: 0, before: 0, br: 0, gzip: 0 }
  for (const rel of filesIn(dir)) {
    if (!COMPRESSIBLE.test(rel)) continue
    const file = path.join(dir, rel)
    const body = readFileSync(file)
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    })
    const gz = gzipSync(body, { level: 9 })
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

/** Writes /sitemap.xml (the given addresses) and /robots.txt into the built site. */
export function writeSeoFiles(dir: string, origin: string, paths: string[]): void {
  writeFileSync(path.join(dir, 'sitemap.xml'), buildSitemap(origin, paths))
  writeFileSync(path.join(dir, 'robots.txt'), buildRobots(origin))
}

/**
 * What the server needs to know about the build (src/server/build-info.ts): the origin it was made
 * for, the business's name and phone, its hours in its time zone, the contact form's copy for the
 * answers it writes, and the data /contact was prerendered with, for the page it renders with a
 * form's problems.
 */
async function buildInfo(origin: string): Promise<BuildInfo> {
  const catalogue = getCatalogue()
  const contactPageData = cataloguePageData('/contact', catalogue, origin)
  if (contactPageData?.page.template !== 'contact')
    throw new Error('content/pages/contact.yaml is missing: the server needs the contact form copy.')
  const { name, phone, email, hours, timeZone } = catalogue.business
  return {
    publicOrigin: origin,
    builtAt: new Date().toISOString(),
    business: { name, phone, email },
    office: { hours, timeZone },
    urgency: catalogue.urgency,
    confirmation: catalogue.confirmation,
    contactForm: contactPageData.page.form,
    zipPlaces: zipPlaces(catalogue.pages),
    contactPageData,
    contactSentData: await contactSentData(),
    adminPageData: adminPageData(catalogue),
  }
}

if (import.meta.main) {
  if (!statSync(distClient, { throwIfNoEntry: false }))
    throw new Error('dist/client is missing: run `vike build` first.')
  const origin = publicOrigin()
  // Primary addresses only: aliases are not listed, and /admin and /500 are not records.
  const paths = primaryPaths(getCatalogue())
  writeSeoFiles(distClient, origin, paths)
  // The inbox as an installable app (docs/decisions/030-web-push.md).
  writeFileSync(
    path.join(distClient, MANIFEST_PATH),
    `${JSON.stringify(adminManifest(getCatalogue().business.name), null, 2)}\n`,
  )
  writeFileSync(path.resolve('dist/build-info.json'), `${JSON.stringify(await buildInfo(origin), null, 2)}\n`)
  const finished = finishPages(distClient)
  const t = compressAll(distClient)
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(`postbuild: sitemap.xml with ${paths.length} addresses, robots.txt`)
  console.log(
    `postbuild: stylesheet inlined and script deferred past first paint in ${finished} pages; ${t.files} files precompressed: ${kb(t.before)} → brotli ${kb(t.br)}, gzip ${kb(t.gzip)}; canonical origin ${origin}`,
  )
}
