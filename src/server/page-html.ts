// What the HTML of every page goes through after React and Vike wrote it, so that nothing but
// the document stands before the first paint (docs/decisions/006-first-paint.md): the
// stylesheet link becomes the stylesheet itself, and the page's scripts are fetched after the
// first paint (the hydrated /admin's too: its login form works before they arrive).
// scripts/postbuild.ts applies them to each prerendered page, the server to the pages it renders
// at run time (src/server/page-render.ts), so both come out alike and the server's CSP hashes
// (static-site.ts) allow their inline code.

const STYLESHEET_LINK = /<link rel="stylesheet" type="text\/css" href="(\/assets\/[^"]+\.css)">/g
const MODULE_SCRIPT = /<script src="(\/assets\/[^"]+\.js)" type="module" async><\/script>/g
/** How Vike starts a page that hydrates: an inline module importing its client entries… */
const HYDRATION_SCRIPT = /<script type="module" async>\s*((?:import\("\/assets\/[^"]+\.js"\);\s*)+)<\/script>/
/** …and a modulepreload link for each of the page's modules. */
const MODULE_PRELOAD = /\s*<link rel="modulepreload" href="(\/assets\/[^"]+\.js)" as="script" type="text\/javascript">/g

/**
 * Replaces each stylesheet link with the stylesheet itself; `stylesheet` gives the CSS of a link's
 * address. The CSS is small (budget 20 KB gzip) and a page with its CSS inline paints after one
 * round trip instead of two on a slow phone connection.
 */
function inlineStylesheets(html: string, stylesheet: (href: string) => string): string {
  return html.replace(STYLESHEET_LINK, (_tag, href: string) => {
    const css = stylesheet(href)
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style": it cannot be inlined safely.`)
    return `<style>${css}</style>`
  })
}

/**
 * `code` (a line of script) run once the page's first contentful paint has been shown, as the
 * `paint` entry says, or after 3 s whatever happens. A callback of `requestAnimationFrame` runs
 * before its frame is presented, so a script imported from there was asked for 10–30 ms before
 * the first paint a browser shows, and Lighthouse's simulation of a slow phone counted it before
 * the page's first paint and LCP (docs/decisions/059, fourth amendment).
 */
function afterFirstPaint(code: string): string {
  return (
    `let d=0;const go=()=>{if(!d){d=1;setTimeout(()=>{${code}})}};setTimeout(go,3000);` +
    `try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}})` +
    `.observe({type:"paint",buffered:true})}catch{requestAnimationFrame(go)}`
  )
}

/**
 * An HTML-only page's one script (header menu, form enhancement) becomes a small inline loader
 * that imports the same file after the first paint instead of competing with it. Until it
 * arrives the menu works by CSS and the form posts normally.
 */
export function deferScripts(html: string): string {
  return html.replace(
    MODULE_SCRIPT,
    (_tag, src: string) => `<script type="module">${afterFirstPaint(`import(${JSON.stringify(src)})`)}</script>`,
  )
}

/**
 * A page that hydrates (/admin): its entries are imported, and its modules preloaded, after the
 * first paint instead of before it. What the page shows first is in its HTML, usable as it is.
 */
export function deferHydration(html: string): string {
  const start = HYDRATION_SCRIPT.exec(html)
  if (!start) return html
  const entries = [...(start[1] ?? '').matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!)
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)
  const loader =
    `for(const h of ${JSON.stringify(preloads)}){const l=document.createElement("link");` +
    `l.rel="modulepreload";l.href=h;document.head.append(l)}` +
    entries.map((src) => `import(${JSON.stringify(src)})`).join(';')
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(HYDRATION_SCRIPT, `<script type="module">requestAnimationFrame(()=>setTimeout(()=>{${loader}}))</script>`)
}

/** The preload Vike writes for each font the stylesheet imports. */
const FONT_PRELOAD = /\s*<link rel="preload" href="\/assets\/[^"]+\.woff2" as="font" type="font\/woff2" crossorigin>/g

/**
 * Leaves the heading face to load when the first paint needs it, not before: preloaded, it
 * competed with the page itself and moved the first paint and LCP on Lighthouse's mobile profile
 * by 0.2–0.4 s (docs/decisions/046-looks.md). The inlined @font-face names it from the start.
 */
function noFontPreload(html: string): string {
  return html.replace(FONT_PRELOAD, '')
}

const CHARSET_META = /\s*<meta charset="[^"]*"\s*\/?>/i

/**
 * Puts `<meta charset>` first in <head>: the HTML standard wants it within the first 1,024 bytes,
 * and the inlined stylesheet, which Vike writes before it, is tens of KB.
 */
export function charsetFirst(html: string): string {
  const meta = CHARSET_META.exec(html)
  if (!meta) return html
  const head = html.indexOf('<head>')
  if (head < 0 || head > meta.index) return html
  const without = html.slice(0, meta.index) + html.slice(meta.index + meta[0].length)
  const at = head + '<head>'.length
  return `${without.slice(0, at)}<meta charset="utf-8">${without.slice(at)}`
}

/** All five, as every page gets them. */
export function finishPageHtml(html: string, stylesheet: (href: string) => string): string {
  return noFontPreload(charsetFirst(deferHydration(deferScripts(inlineStylesheets(html, stylesheet)))))
}
