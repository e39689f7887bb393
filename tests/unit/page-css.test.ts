// The inlined stylesheet cut to what a page and its scripts can use (src/server/page-css.ts).
// tests/e2e/css-per-page.spec.ts holds the whole: the built pages styled alike with and without
// the cut.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cutOf, pruneInlineStyle, scriptsOfPage, siteReader, withCut } from '../../src/server/page-css.ts'

const CSS = [
  '@property --tw-read{syntax:"*";inherits:false;initial-value:0}@property --tw-set{syntax:"*";inherits:false}',
  '@layer theme{:root{--color-a:#111;--color-b:#222;--font-body:serif}}',
  '@layer base{body{font-family:var(--font-body)}[hidden]:where(:not([hidden=until-found])){display:none!important}:focus-visible{outline:3px solid}}',
  '@layer utilities{.used{color:var(--color-a);--tw-set:1;margin:var(--tw-read,0)}.unused{color:var(--color-b)}.from-script{margin:0}.md\\:grid{@media (width>=48rem){display:grid}}.\\[\\&_a\\]\\:underline a{text-decoration:underline}.lazy-class{padding:0}}',
].join('')

const page = (body: string, head = '') =>
  `<!DOCTYPE html><html><head><style>${CSS}</style>${head}</head><body>${body}</body></html>`
/** The page `html` cut, with `scripts` as the scripts it loads (`/assets/s0.js`…). */
function prune(html: string, scripts: string[] = []): Promise<string> {
  const loader = scripts.map((_, i) => `<script type="module">import("/assets/s${i}.js")</script>`).join('')
  const read = (urlPath: string) => scripts[Number(/^\/assets\/s(\d+)\.js$/.exec(urlPath)![1])]!
  return pruneInlineStyle(html.replace('</head>', `${loader}</head>`), read)
}
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]!

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-css-'))
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    writeFileSync(path.join(dir, rel), text)
  }
  return dir
}

describe('scriptsOfPage', () => {
  it("reads the page's scripts and every module they import, statically or not, once each", () => {
    const dir = site({
      'assets/entries/page.js':
        'import{a}from"../chunks/a.js";import"../chunks/b.js";const l=()=>import("../chunks/lazy.js")',
      'assets/chunks/a.js': 'import"./b.js";export const a="from-script"',
      'assets/chunks/b.js': 'export const b=1',
      'assets/chunks/lazy.js': 'export const c="lazy-class"',
      'assets/chunks/other.js': 'export const d="unused"',
    })
    const html = page('', '<script type="module">setTimeout(()=>import("/assets/entries/page.js"))</script>')
    const texts = scriptsOfPage(html, siteReader(dir))
    expect(texts).toHaveLength(4)
    expect(texts.join('\n')).toContain('lazy-class')
    expect(texts.join('\n')).not.toContain('"unused"')
  })
})

describe('pruneInlineStyle', () => {
  it("keeps the rules the page's markup and scripts use and cuts the rest, with the custom properties no kept rule reads", async () => {
    const html = page('<p class="used md:grid [&amp;_a]:underline" hidden><a>x</a></p>')
    const css = styleOf(await prune(html, ['el.classList.add("from-script")']))
    expect(css).toContain('.used{')
    expect(css).toContain('.from-script{')
    expect(css).toContain('.md\\:grid{')
    // The markup's `&amp;` is the class's `&`.
    expect(css).toContain('.\\[\\&_a\\]\\:underline a{')
    expect(css).not.toContain('.unused{')
    expect(css).not.toContain('.lazy-class{')
    expect(css).toContain('--color-a:')
    expect(css).not.toContain('--color-b:')
  })

  it('keeps every selector that begins with a pseudo-class or an attribute, and the elements the page has', async () => {
    const css = styleOf(await prune(page('<p>plain</p>'), []))
    expect(css).toContain('[hidden]:where(:not([hidden=until-found]))')
    expect(css).toContain(':focus-visible{')
    expect(css).toContain('body{')
    expect(css).toContain('--font-body:')
  })

  it('keeps a custom property a script reads, though no rule does', async () => {
    const css = styleOf(
      await prune(page('<p class="used">x</p>'), ['getComputedStyle(r).getPropertyValue("--color-b")']),
    )
    expect(css).toContain('--color-b:')
  })

  it('drops the registration of a custom property no kept rule reads', async () => {
    const css = styleOf(await prune(page('<p class="used">x</p>'), []))
    expect(css).toContain('@property --tw-read')
    expect(css).not.toContain('@property --tw-set')
  })

  it("leaves out the icon library's class names unless a rule or a script reads them", async () => {
    const icon = '<svg class="lucide lucide-flame size-6" aria-hidden="true"></svg><svg class="lucide lucide-x"></svg>'
    const out = await prune(page(icon), [])
    expect(out).toContain('<svg class="size-6" aria-hidden="true"></svg><svg></svg>')
    const read = await prune(page(icon), ['document.querySelector(".lucide-flame")'])
    expect(read).toContain('<svg class="lucide-flame size-6" aria-hidden="true">')
  })

  it('leaves a page that hydrates, or one without an inline stylesheet, as it is', async () => {
    const hydrating = page(
      '<div class="used"></div>',
      '<script type="module">const l=document.createElement("link");l.rel="modulepreload"</script>',
    )
    expect(await prune(hydrating, [])).toBe(hydrating)
    const bare = '<!DOCTYPE html><html><head></head><body class="used"></body></html>'
    expect(await prune(bare, [])).toBe(bare)
  })

  it('gives a page rendered again the cut of its prerendered page, and leaves one that hydrates as it is', async () => {
    const icon = '<svg class="lucide lucide-flame size-6"></svg>'
    const prerendered = await prune(page(`<p class="used">x</p>${icon}`))
    const cut = cutOf(prerendered, () => '')
    // The same page rendered again with something more to say, the whole stylesheet inline.
    const again = withCut(page(`<p class="used">x</p><p class="used">more</p>${icon}`), cut)
    expect(styleOf(again)).toBe(styleOf(prerendered))
    expect(again).toContain('<svg class="size-6"></svg>')
    const hydrating = page(icon, '<script type="module">l.rel="modulepreload"</script>')
    expect(cutOf(hydrating, () => '')).toBeUndefined()
    expect(withCut(hydrating, cut)).toBe(hydrating)
  })
})
