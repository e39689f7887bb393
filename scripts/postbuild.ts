// After `vike build`: write /sitemap.xml and /robots.txt from the catalogue, precompress every
// text file of dist/client with brotli and gzip (the server picks the variant a browser
// accepts), and record what the build was made for.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { getCatalogue } from '../src/catalogue/load.ts'
import { publicOrigin } from '../src/catalogue/page-data.ts'
import { findPage, primaryPaths } from '../src/catalogue/routes.ts'
import { buildRobots, buildSitemap } from '../src/seo/sitemap.ts'

export const distClient = path.resolve('dist/client')
const COMPRESSIBLE = /\.(html|css|js|json|svg|xml|txt|webmanifest)$/

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name
    return e.isDirectory() ? listFiles(dir, rel) : [rel]
  })
}

/** Rewrites every page of the build with `change`; returns how many pages changed. */
function rewritePages(dir: string, change: (html: string) => string): number {
  let pages = 0
  for (const rel of listFiles(dir)) {
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
 * Replaces each page's stylesheet link with the stylesheet itself. The CSS is small (budget 20 KB
 * gzip) and a page with its CSS inline paints after one round trip instead of two on a slow phone
 * connection (docs/decisions/006-first-paint.md). The server allows the inline style by hash.
 */
export function inlineStylesheets(dir: string): number {
  return rewritePages(dir, (html) =>
    html.replace(/<link rel="stylesheet" type="text\/css" href="(\/assets\/[^"]+\.css)">/g, (_tag, href: string) => {
      const css = readFileSync(path.join(dir, href), 'utf8')
      if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style": it cannot be inlined safely.`)
      return `<style>${css}</style>`
    }),
  )
}

/**
 * HTML-only pages: their one script (header menu, form enhancement) is fetched after the first
 * paint instead of competing with it. Until it arrives the menu works by CSS and the form posts
 * normally (docs/decisions/006-first-paint.md). The server allows the inline loader by hash.
 */
export function deferScripts(dir: string): number {
  return rewritePages(dir, (html) =>
    html.replace(/<script src="(\/assets\/[^"]+\.js)" type="module" async><\/script>/g, (_tag, src: string) =>
      `<script type="module">requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(src)})))</script>`,
    ),
  )
}

export function compressAll(dir: string): { files: number; before: number; br: number; gzip: number } {
  const totals = { files: 0, before: 0, br: 0, gzip: 0 }
  for (const rel of listFiles(dir)) {
    if (!COMPRESSIBLE.test(rel)) continue
    const file = path.join(dir, rel)
    const body = readFileSync(file)
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
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
 * for, the business's name and phone, and the contact form's copy for the answers it writes.
 */
function buildInfo(origin: string) {
  const catalogue = getCatalogue()
  const contact = findPage(catalogue, '/contact')?.record
  if (contact?.template !== 'contact') throw new Error('content/pages/contact.yaml is missing: the server needs the contact form copy.')
  const { name, phone, email } = catalogue.business
  return { publicOrigin: origin, builtAt: new Date().toISOString(), business: { name, phone, email }, contactForm: contact.form }
}

if (import.meta.main) {
  if (!statSync(distClient, { throwIfNoEntry: false })) throw new Error('dist/client is missing: run `vike build` first.')
  const origin = publicOrigin()
  // Primary addresses only: aliases are not listed, and /admin and /500 are not records.
  const paths = primaryPaths(getCatalogue())
  writeSeoFiles(distClient, origin, paths)
  writeFileSync(path.resolve('dist/build-info.json'), `${JSON.stringify(buildInfo(origin), null, 2)}\n`)
  const inlined = inlineStylesheets(distClient)
  const deferred = deferScripts(distClient)
  const t = compressAll(distClient)
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(`postbuild: sitemap.xml with ${paths.length} addresses, robots.txt`)
  console.log(`postbuild: stylesheet inlined in ${inlined} pages, script deferred past first paint in ${deferred}; ${t.files} files precompressed: ${kb(t.before)} → brotli ${kb(t.br)}, gzip ${kb(t.gzip)}; canonical origin ${origin}`)
}
