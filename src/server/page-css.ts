// Each prerendered page's inlined stylesheet cut to the rules that page can use: its own markup's
// classes, ids, elements and attributes, and every word of the scripts it loads (a script may add
// a class or an attribute later: the menu's `data-open`, the form's `aria-invalid`, a toast's
// classes). The site's one stylesheet is about 45 KB (7.8 KB brotli) and no page uses more than
// two thirds of it; cut, a page's document fits the first round trip of a slow phone connection
// (about 14 KB with its headers), so what it asks for next (a hero photo) is asked a round trip
// sooner (docs/decisions/064-css-per-page.md). PurgeCSS, with Tailwind's recommended extractor
// (a class such as `md:grid-cols-3` or `w-1/2` is one word). Pages that hydrate (/admin, which
// renders screens the HTML does not hold) and the pages the server renders at run time keep the
// whole stylesheet.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import postcss from 'postcss'
import { PurgeCSS } from 'purgecss'

/**
 * The words a rule's selector is looked for among: Tailwind's (anything between quotes, angle
 * brackets, backticks and white space, not ending in `:`, so `md:grid-cols-3` is one), and
 * PurgeCSS's own (runs of letters, digits, `-` and `_`), which also give an attribute's bare name
 * (`hidden=""` is `hidden`, as preflight's `[hidden]` rule needs).
 */
const words = (content: string): string[] => [
  ...(content.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? []),
  ...(content.match(/[A-Za-z0-9_-]+/g) ?? []),
]

/**
 * The layer kept whole: the base styles (Tailwind's preflight and the site's own element rules),
 * 4 KB that every page needs most of, where PurgeCSS would cut some a page does use: a selector
 * that is only a pseudo-class (`:focus-visible`), preflight's
 * `[hidden]:where(:not([hidden=until-found]))`.
 */
const WHOLE_LAYERS = new Set(['base'])

/**
 * `css` with PurgeCSS's ignore comments around the contents of each of WHOLE_LAYERS, and the
 * custom properties those contents read (PurgeCSS does not look inside what it ignores, and would
 * cut a theme token only the base styles use).
 */
function keepLayersWhole(css: string): { css: string; variables: string[] } {
  const root = postcss.parse(css)
  const variables = new Set<string>()
  root.walkAtRules('layer', (layer) => {
    if (!layer.nodes || !WHOLE_LAYERS.has(layer.params.trim())) return
    layer.walkDecls((decl) => {
      for (const m of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) variables.add(m[1]!)
    })
    layer.prepend(postcss.comment({ text: 'purgecss start ignore' }))
    layer.append(postcss.comment({ text: 'purgecss end ignore' }))
  })
  return { css: root.toString(), variables: [...variables] }
}

/** Markup's text as its words are written in the scripts and the stylesheet: `[&amp;_a]` is `[&_a]`. */
const decodeEntities = (markup: string) =>
  markup
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

const STYLE = /<style>([\s\S]*?)<\/style>/
/** Every site-root address of a script a page names (its loader imports them after the first paint). */
const PAGE_SCRIPT = /["'](\/assets\/[^"']+\.js)["']/g
/** A module's imports, static and dynamic, relative to it. */
const MODULE_IMPORT = /(?:from|import)\s*\(?\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g
/** How Vike starts a page that hydrates (page-html.ts deferHydration): such a page keeps everything. */
const HYDRATES = 'l.rel="modulepreload"'

/** The text of every script `html` loads, and of every module those import, read from the site `dir`. */
export function scriptsOfPage(html: string, dir: string): string[] {
  const seen = new Set<string>()
  const queue = [...html.matchAll(PAGE_SCRIPT)].map((m) => path.join(dir, m[1]!))
  const texts: string[] = []
  while (queue.length > 0) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    texts.push(text)
    for (const m of text.matchAll(MODULE_IMPORT)) queue.push(path.resolve(path.dirname(file), m[1]!))
  }
  return texts
}

/**
 * `html` (a finished page: its stylesheet inline) with that stylesheet cut to the rules its
 * markup and `scripts` can use. A page that hydrates, or has no inline stylesheet, is returned as
 * it is.
 */
export async function pruneInlineStyle(html: string, scripts: string[]): Promise<string> {
  const style = STYLE.exec(html)
  if (!style || html.includes(HYDRATES)) return html
  const css = style[1]!
  const markup = html.slice(0, style.index) + html.slice(style.index + style[0].length)
  const whole = keepLayersWhole(css)
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: decodeEntities(markup), extension: 'html' }, ...scripts.map((raw) => ({ raw, extension: 'js' }))],
    css: [{ raw: whole.css }],
    defaultExtractor: words,
    // A custom property no kept rule reads (Tailwind declares every one it might need).
    variables: true,
    safelist: { variables: whole.variables },
  })
  const kept = result?.css ?? css
  return html.slice(0, style.index) + `<style>${kept}</style>` + html.slice(style.index + style[0].length)
}
