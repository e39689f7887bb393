// Each prerendered page's inlined stylesheet cut to the rules that page can use: its own markup's
// classes, ids, elements and attributes, and every word of the scripts it loads (a script may add
// a class or an attribute later: the menu's `data-open`, the form's `aria-invalid`, a toast's
// classes). The site's one stylesheet is about 45 KB (7.8 KB brotli) and no page uses more than
// two thirds of it; cut, a page's document fits the first round trip of a slow phone connection
// (about 14 KB with its headers), so what it asks for next (a hero photo) is asked a round trip
// sooner (docs/decisions/065-first-round-trip.md). PurgeCSS, with Tailwind's recommended extractor
// (a class such as `md:grid-cols-3` or `w-1/2` is one word). Pages that hydrate (/admin, which
// renders screens the HTML does not hold) and the pages the server renders at run time keep the
// whole stylesheet. The icon library's class names, which nothing reads, go too.
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
 * Selectors kept on every page, which PurgeCSS cannot judge by words and would cut though a page
 * uses them: those that begin with a pseudo-class (the focus ring's `:focus-visible`) or an
 * attribute (preflight's `[hidden]:where(:not([hidden=until-found]))`), and preflight's
 * `::placeholder` and `::backdrop`. Not `:where(.space-y-4>…)`, whose class PurgeCSS does judge,
 * nor preflight's rules for kinds of control the site has none of (file, date, number).
 */
const ALWAYS = [/^:(?!:|where\(|is\()/, /^\[/, /^::(placeholder|backdrop)/]

/**
 * `css` without the `@property` registrations of custom properties that no rule reads (Tailwind
 * registers each one a utility sets; a property set but never read needs none).
 */
function withoutUnreadProperties(css: string): string {
  const root = postcss.parse(css)
  root.walkAtRules('property', (rule) => {
    const name = rule.params.trim()
    // A custom property's name is letters, digits, `-` and `_`: nothing a pattern would read.
    if (!new RegExp(`var\\(\\s*${name}\\s*[,)]`).test(css)) rule.remove()
  })
  return root.toString()
}

/** The icon library's own class names (`lucide lucide-flame`): no rule of the site reads them. */
const ICON_CLASS = /^lucide(?:-[\w-]+)?$/

/**
 * `markup` without the icon library's class names that neither `css` nor `scripts` name: about
 * 150 bytes of the home page as sent, kept out of its first round trip.
 */
function withoutUnreadIconClasses(markup: string, css: string, scripts: string[]): string {
  // A name is read where it stands as a word of its own (`lucide` is not read by `.lucide-flame`).
  const read = (name: string) => {
    const word = new RegExp(`(?<![\\w-])${name}(?![\\w-])`)
    return word.test(css) || scripts.some((text) => word.test(text))
  }
  return markup.replace(/ class="([^"]*)"/g, (attribute, value: string) => {
    const names = value.split(' ').filter((name) => !ICON_CLASS.test(name) || read(name))
    return names.length === 0 ? '' : ` class="${names.join(' ')}"`
  })
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

/** A file of the built site by its address (`/assets/…`), as text. */
export type SiteReader = (urlPath: string) => string

/** A SiteReader of the site in `dir` on disk, each file read once (a build reads the same few scripts for every page). */
export function siteReader(dir: string): SiteReader {
  const read = new Map<string, string>()
  return (urlPath) => {
    if (!read.has(urlPath)) read.set(urlPath, readFileSync(path.join(dir, urlPath), 'utf8'))
    return read.get(urlPath)!
  }
}

/** The text of every script `html` loads, and of every module those import. */
export function scriptsOfPage(html: string, read: SiteReader): string[] {
  const seen = new Set<string>()
  const queue = [...html.matchAll(PAGE_SCRIPT)].map((m) => m[1]!)
  const texts: string[] = []
  while (queue.length > 0) {
    const address = queue.shift()!
    if (seen.has(address)) continue
    seen.add(address)
    const text = read(address)
    texts.push(text)
    for (const m of text.matchAll(MODULE_IMPORT)) queue.push(path.posix.resolve(path.posix.dirname(address), m[1]!))
  }
  return texts
}

/** What a page's cut kept: its inline `<style>` element, and the scripts it was cut for. */
export type PageCut = { style: string; scripts: string[] }

/**
 * `html` with `cut` applied: its inline stylesheet replaced by the cut's, and the icon library's
 * class names neither reads left out. A page that hydrates (/admin), or no cut, leaves it as it
 * is: React takes over that markup as it rendered it.
 */
export function withCut(html: string, cut: PageCut | undefined): string {
  const style = STYLE.exec(html)
  if (!cut || !style || html.includes(HYDRATES)) return html
  const page = (part: string) => withoutUnreadIconClasses(part, cut.style, cut.scripts)
  return page(html.slice(0, style.index)) + cut.style + page(html.slice(style.index + style[0].length))
}

/** The cut of a page the build finished (pruneInlineStyle), to apply to the same page rendered again; none for a page that was not cut. */
export function cutOf(prerendered: string, read: SiteReader): PageCut | undefined {
  const style = STYLE.exec(prerendered)?.[0]
  if (!style || prerendered.includes(HYDRATES)) return undefined
  return { style, scripts: scriptsOfPage(prerendered, read) }
}

/**
 * `html` (a finished page: its stylesheet inline) with that stylesheet cut to the rules its
 * markup and its scripts (read by `read`) can use. A page that hydrates, or has no inline
 * stylesheet, is returned as it is.
 */
export async function pruneInlineStyle(html: string, read: SiteReader): Promise<string> {
  const style = STYLE.exec(html)
  if (!style || html.includes(HYDRATES)) return html
  const scripts = scriptsOfPage(html, read)
  const css = style[1]!
  const markup = html.slice(0, style.index) + html.slice(style.index + style[0].length)
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: decodeEntities(markup), extension: 'html' }, ...scripts.map((raw) => ({ raw, extension: 'js' }))],
    css: [{ raw: css }],
    defaultExtractor: words,
    // A custom property no kept rule reads (Tailwind declares every one it might need), unless a
    // script reads it (the menu takes its breakpoint from --breakpoint-nav).
    variables: true,
    safelist: { greedy: ALWAYS, variables: scripts.flatMap((text) => text.match(/--[\w-]+/g) ?? []) },
  })
  return withCut(html, { style: `<style>${withoutUnreadProperties(result?.css ?? css)}</style>`, scripts })
}
