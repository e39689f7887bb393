// The performance budget of every public page, checked on the build (deterministic; the timed
// figures come from `npm run bench:lighthouse`).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { pageWeight } from '../../scripts/page-weight.ts'
import { filesIn } from '../../src/server/static-site.ts'
import { projectRoot } from '../../scripts/lib/server.ts'

const dist = path.join(projectRoot, 'dist/client')
const KB = 1024
/** Per-page JS budgets (gzip); every other public page gets DEFAULT_JS. */
const JS_BUDGET: Record<string, number> = { 'contact/index.html': 10 * KB }
const DEFAULT_JS = 5 * KB
const CSS_BUDGET = 20 * KB
/** The HTML as sent (gzip), its stylesheet inlined. */
const HTML_BUDGET = 20 * KB
/**
 * What a hero drawing inside the page (the page's own <svg>, decision 059) may add to it, gzip: the
 * van's costs about 1.1 KB on the home page, the furnace's and the portrait's 0.5 and 0.3 KB.
 */
const INLINE_DRAWING_BUDGET = 1.5 * KB
/** The hero drawing in a page: the one <svg> named as a picture (role="img"; icons are hidden). */
const INLINE_DRAWING = /<svg [^>]*role="img"[^>]*>[\s\S]*?<\/svg>/
/**
 * The most a page's document may weigh as sent (brotli, as every browser takes it), less its hero
 * drawing, so that with its headers (913 B over HTTP/1.1, 1 KB allowed) it arrives in a slow phone
 * connection's first round trip of 10 TCP segments (14,600 B): what it asks for next, a hero photo,
 * is then asked a round trip sooner (decision 065: LCP 0.90 s with a photo, 1.05 s 32 B over).
 */
const FIRST_ROUND_TRIP_DOCUMENT = 14_600 - 1_000
/** The heading face's one file (measured apart from HTML+CSS: it is swapped in when it arrives). */
const FONT_BUDGET = 25 * KB

const htmlFiles = (dir: string) => filesIn(dir).filter((rel) => rel.endsWith('.html') && !rel.startsWith('assets/'))

// The admin is an app behind a login, not a public page; the 500 screen is a server template.
const publicPages = htmlFiles(dist).filter((f) => !f.startsWith('admin/') && !f.startsWith('500/'))

describe('page budgets', () => {
  it('covers the pages of the build', () => {
    expect(publicPages).toEqual(
      expect.arrayContaining(['index.html', 'about/index.html', 'services/index.html', '404.html']),
    )
  })

  it.each(publicPages)('%s ships within its HTML, JS and CSS budgets', (file) => {
    const weight = pageWeight(dist, file)
    expect(weight.js.gzip, `JS of ${file}: ${weight.js.files.join(', ')}`).toBeLessThanOrEqual(
      JS_BUDGET[file] ?? DEFAULT_JS,
    )
    expect(weight.css.gzip, `CSS of ${file}`).toBeLessThanOrEqual(CSS_BUDGET)
    // The stylesheet is inlined (src/server/page-html.ts): its bytes are in the page's own.
    const html = readFileSync(path.join(dist, file), 'utf8')
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    expect(gzipSync(style, { level: 9 }).length, `inline CSS of ${file}`).toBeLessThanOrEqual(CSS_BUDGET)
    // A picture never travels inside a page as a data: address (a photo stays files, sharp at every
    // density; a drawing is the page's own <svg>).
    expect(html, `HTML of ${file}`).not.toMatch(/<img [^>]*src="data:/)
    const drawing = INLINE_DRAWING.exec(html)?.[0]
    if (drawing) {
      const without = gzipSync(html.replace(drawing, ''), { level: 9 }).length
      expect(gzipSync(html, { level: 9 }).length - without, `inline drawing of ${file}`).toBeLessThanOrEqual(
        INLINE_DRAWING_BUDGET,
      )
    }
    expect(weight.html.gzip, `HTML of ${file}`).toBeLessThanOrEqual(HTML_BUDGET + (drawing ? INLINE_DRAWING_BUDGET : 0))
    expect(
      weight.css.files.every((f) => f.startsWith('/assets/')),
      'stylesheets are our own hashed files',
    ).toBe(true)
  })

  it.each(publicPages)("%s arrives in a slow phone's first round trip, a photo in place of its drawing", (file) => {
    const html = readFileSync(path.join(dist, file), 'utf8')
    const drawing = INLINE_DRAWING.exec(html)?.[0]
    const sent = brotliCompressSync(drawing ? html.replace(drawing, '') : html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length
    expect(sent, `${file} as sent, brotli, without its hero drawing`).toBeLessThanOrEqual(FIRST_ROUND_TRIP_DOCUMENT)
  })

  it.each(publicPages)('%s ships no React to the browser', (file) => {
    const { js } = pageWeight(dist, file)
    for (const f of js.files) {
      const code = readFileSync(path.join(dist, f), 'utf8')
      expect(code, `${f} contains React`).not.toMatch(/react\.(transitional\.)?element|__reactFiber|react-dom/)
    }
  })

  // Issue 14: the visit record and the call beacon may add at most 1 KB (gzip) to any page's
  // scripts. The module as the build bundles it, alone with what it imports, minified.
  it('the attribution script (visit record, call beacon) adds at most 1 KB gzip to a page', async () => {
    const out = await build({
      entryPoints: [path.join(projectRoot, 'src/client/attribution.ts')],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      target: 'es2022',
    })
    const gzip = gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length
    expect(gzip).toBeGreaterThan(200)
    expect(gzip).toBeLessThanOrEqual(1 * KB)
    // And every page's script carries it: the beacon's address is in the one script of each page.
    for (const file of publicPages) {
      const code = pageWeight(dist, file).js.files.map((f) => readFileSync(path.join(dist, f), 'utf8'))
      expect(code.join('\n'), file).toContain('/api/events')
    }
  })

  // Issue 21 item 6: the speed beacon. Its own code is in every page's script; the web-vitals
  // library is a chunk of its own, fetched only after the page has loaded (a dynamic import).
  // Measured: 0.45 KB gzip in the page's script, 2.3 KB gzip (2.1 KB brotli) for the library.
  it('the speed beacon adds under 0.6 KB to the page script, and the library loads later, in its own chunk', async () => {
    const own = await build({
      entryPoints: [path.join(projectRoot, 'src/client/vitals.ts')],
      bundle: true,
      minify: true,
      format: 'esm',
      splitting: true,
      outdir: path.join(projectRoot, 'dist/.vitals-budget'),
      write: false,
      target: 'es2022',
    })
    const [entry, ...chunks] = own.outputFiles.map((f) => gzipSync(f.contents, { level: 9 }).length)
    expect(entry).toBeLessThanOrEqual(0.6 * KB)
    expect(chunks).toHaveLength(1)
    expect(chunks[0]).toBeLessThanOrEqual(2.5 * KB)
    // No page loads the library up front: it is in no script the HTML names.
    for (const file of publicPages) {
      const code = pageWeight(dist, file).js.files.map((f) => readFileSync(path.join(dist, f), 'utf8'))
      expect(code.join('\n'), file).not.toContain('largest-contentful-paint')
    }
  })

  // Issue 22: one web font (the heading face, self-hosted, latin subset, swapped in) and images
  // with their size set, all lazy but the first, which the page asks for first.
  it('uses one small self-hosted font, swapped in, and loads images lazily but the first', () => {
    for (const file of publicPages) {
      const html = readFileSync(path.join(dist, file), 'utf8')
      expect(html, file).not.toMatch(/fonts\.googleapis|fonts\.gstatic/)
      // Not preloaded: it competed with the page for the first paint (src/server/page-html.ts).
      expect(html, file).not.toMatch(/<link[^>]+rel="preload"[^>]+as="font"/)
      // Faces with a file to download (the fallback face is a local font, scaled).
      const faces = (html.match(/@font-face\{[^}]*\}/g) ?? []).filter((f) => f.includes('url('))
      expect(faces, file).toHaveLength(1)
      expect(faces[0], file).toContain('font-display:swap')
      const font = /url\((\/assets\/[^)]+\.woff2)\)/.exec(faces[0]!)?.[1]
      expect(font, file).toBeDefined()
      expect(readFileSync(path.join(dist, font!)).length, font).toBeLessThanOrEqual(FONT_BUDGET)
      const imgs = html.match(/<img\b[^>]*>/g) ?? []
      for (const [i, img] of imgs.entries()) {
        expect(img, `${file}: ${img}`).toMatch(/\bwidth="\d+"/)
        expect(img, `${file}: ${img}`).toMatch(/\bheight="\d+"/)
        if (i > 0) expect(img, `${file}: ${img}`).toMatch(/loading="lazy"/)
      }
    }
  })
})
