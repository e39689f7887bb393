// A small HTML reader for tests of the built pages: enough of a tree to find an element, its
// text and its attributes in React's server output, without an HTML-parser dependency.
export type El = { tag: string; attrs: Record<string, string>; children: (El | string)[]; parent?: El }

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])
// <noscript> is raw text where script runs, as in a browser: parse its text to look inside.
const RAW = new Set(['script', 'style', 'noscript'])

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, code: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
    if (code.startsWith('#'))
      return String.fromCodePoint(
        code[1]?.toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10),
      )
    return named[code.toLowerCase()]!
  })
}

export function parseHtml(html: string): El {
  const root: El = { tag: '#root', attrs: {}, children: [] }
  let current = root
  const token =
    /<!--[\s\S]*?-->|<!doctype[^>]*>|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|([^<]+)/gi
  let m: RegExpExecArray | null
  while ((m = token.exec(html))) {
    const [, close, open, rawAttrs = '', selfClose, text] = m
    if (text !== undefined) current.children.push(decode(text))
    else if (close) {
      let el: El | undefined = current
      while (el && el.tag !== close.toLowerCase()) el = el.parent
      if (el?.parent) current = el.parent
    } else if (open) {
      const tag = open.toLowerCase()
      const attrs: Record<string, string> = {}
      for (const a of rawAttrs.matchAll(/([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
        attrs[a[1]!.toLowerCase()] = decode(a[2] ?? a[3] ?? a[4] ?? '')
      }
      const el: El = { tag, attrs, children: [], parent: current }
      current.children.push(el)
      if (RAW.has(tag)) {
        const end = html.toLowerCase().indexOf(`</${tag}>`, token.lastIndex)
        el.children.push(html.slice(token.lastIndex, end))
        token.lastIndex = end + tag.length + 3
      } else if (!selfClose && !VOID.has(tag)) current = el
    }
  }
  return root
}

export function findAll(el: El, match: (el: El) => boolean): El[] {
  const found: El[] = []
  for (const child of el.children) {
    if (typeof child === 'string') continue
    if (match(child)) found.push(child)
    found.push(...findAll(child, match))
  }
  return found
}

export const byTag = (tag: string) => (el: El) => el.tag === tag

/** The text a reader sees: all text inside, whitespace collapsed. */
export function textOf(el: El): string {
  const parts: string[] = []
  const walk = (node: El) => {
    if (RAW.has(node.tag)) return
    for (const c of node.children) {
      if (typeof c === 'string') parts.push(c)
      else walk(c)
    }
  }
  walk(el)
  return parts.join('').replace(/\s+/g, ' ').trim()
}

export function closest(el: El, match: (el: El) => boolean): El | undefined {
  let at: El | undefined = el.parent
  while (at && !match(at)) at = at.parent
  return at
}

/** The element children of an element (no text). */
export const elements = (el: El) => el.children.filter((c): c is El => typeof c !== 'string')

export type Link = { href: string; text: string }

export function linksIn(el: El): Link[] {
  return findAll(el, byTag('a')).map((a) => ({ href: a.attrs.href ?? '', text: textOf(a) }))
}

/** A built page, read once: its head facts and its main content. */
export type Page = {
  html: string
  doc: El
  main: El
  title: string
  description: string | undefined
  canonical: string | undefined
  jsonLd: Record<string, unknown>[]
  /** The landmark (section or nav) labelled by the h2 with this text. */
  section(heading: string | RegExp): El
  /** The items of the first list in a landmark: its li children. */
  items(heading: string | RegExp): El[]
}

export function readPage(html: string): Page {
  const doc = parseHtml(html)
  const one = (tag: string) => findAll(doc, byTag(tag))[0]
  const main = one('main')
  if (!main) throw new Error('the page has no <main>')
  const metaContent = (name: string) => findAll(doc, (e) => e.tag === 'meta' && e.attrs.name === name)[0]?.attrs.content
  const section = (heading: string | RegExp) => {
    const h = findAll(
      main,
      (e) => /^h[2-3]$/.test(e.tag) && (typeof heading === 'string' ? textOf(e) === heading : heading.test(textOf(e))),
    )
    if (h.length !== 1) throw new Error(`expected one heading ${heading}, found ${h.length}`)
    const landmark = closest(h[0]!, (e) => e.tag === 'section' || e.tag === 'nav' || e.tag === 'aside')
    if (!landmark) throw new Error(`heading ${heading} is not in a section`)
    return landmark
  }
  return {
    html,
    doc,
    main,
    title: textOf(one('title') ?? { tag: 'title', attrs: {}, children: [] }),
    description: metaContent('description'),
    canonical: findAll(doc, (e) => e.tag === 'link' && e.attrs.rel === 'canonical')[0]?.attrs.href,
    jsonLd: findAll(doc, (e) => e.tag === 'script' && e.attrs.type === 'application/ld+json').map(
      (s) => JSON.parse(s.children.filter((c) => typeof c === 'string').join('')) as Record<string, unknown>,
    ),
    section,
    items(heading) {
      const list = findAll(section(heading), (e) => e.tag === 'ul' || e.tag === 'ol')[0]
      if (!list) throw new Error(`no list under ${heading}`)
      return elements(list).filter((e) => e.tag === 'li')
    },
  }
}

/** The exact bytes between <main …> and </main>. */
export function mainHtml(html: string): string {
  const start = html.indexOf('<main')
  const end = html.indexOf('</main>')
  if (start === -1 || end === -1) throw new Error('the page has no <main>')
  return html.slice(start, end + '</main>'.length)
}
