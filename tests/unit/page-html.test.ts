// What every page's HTML goes through after the build wrote it (src/server/page-html.ts): the
// hydrated page's scripts wait for the first paint, as the HTML-only pages' script does.
import { Script } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { charsetFirst, deferHydration, deferScripts, finishPageHtml } from '../../src/server/page-html.ts'

describe('scripts after the first paint', () => {
  it("turns an HTML-only page's script into a loader that imports it once the first paint is shown", () => {
    const html = deferScripts('<p>x</p><script src="/assets/a.js" type="module" async></script>')
    const loader = /^<p>x<\/p><script type="module">(.*)<\/script>$/.exec(html)?.[1]
    expect(loader).toBeDefined()
    // Once, on the first-contentful-paint entry (buffered: one already there counts), or after 3 s.
    expect(loader).toContain('import("/assets/a.js")')
    expect(loader).toContain('getEntriesByName("first-contentful-paint")')
    expect(loader).toContain('observe({type:"paint",buffered:true})')
    expect(loader).toContain('setTimeout(go,3000)')
    expect(loader).not.toMatch(/^requestAnimationFrame/)
    // Valid script as it stands.
    expect(() => new Script(loader!)).not.toThrow()
  })

  it("moves a hydrated page's entries and module preloads after the first paint, keeping them all", () => {
    const html = [
      '<body><form></form>',
      '<script type="module" async>',
      'import("/assets/entries/client.js");',
      'import("/assets/entries/routing.js");',
      '</script>',
      '        <link rel="modulepreload" href="/assets/entries/pages_admin.js" as="script" type="text/javascript">',
      '        <link rel="modulepreload" href="/assets/chunks/react.js" as="script" type="text/javascript">',
      '</body>',
    ].join('\n')
    expect(deferHydration(html)).toBe(
      '<body><form></form>\n<script type="module">requestAnimationFrame(()=>setTimeout(()=>{' +
        'for(const h of ["/assets/entries/pages_admin.js","/assets/chunks/react.js"]){const l=document.createElement("link");' +
        'l.rel="modulepreload";l.href=h;document.head.append(l)}' +
        'import("/assets/entries/client.js");import("/assets/entries/routing.js")}))</script>\n</body>',
    )
  })

  it('leaves a page without such scripts as it is', () => {
    const html = '<body><script type="module">requestAnimationFrame(()=>0)</script></body>'
    expect(deferHydration(html)).toBe(html)
  })
})

describe('the character set within the first 1,024 bytes', () => {
  it('moves <meta charset> before the inlined stylesheet, once', () => {
    const css = 'a{color:red}'.repeat(200)
    const html =
      '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" type="text/css" href="/assets/s.css">' +
      '<meta charset="UTF-8" /><title>t</title></head><body></body></html>'
    const out = finishPageHtml(html, () => css)
    expect(out.indexOf('<meta charset="utf-8">')).toBeLessThan(1024)
    expect(out.match(/<meta charset/gi)).toHaveLength(1)
    expect(out).toContain(`<head><meta charset="utf-8"><style>${css}</style><title>t</title>`)
  })

  it('leaves a page without one, or with it already first, alone', () => {
    expect(charsetFirst('<html><head><title>t</title></head></html>')).toBe(
      '<html><head><title>t</title></head></html>',
    )
    expect(charsetFirst('<html><head><meta charset="utf-8"><title>t</title></head></html>')).toBe(
      '<html><head><meta charset="utf-8"><title>t</title></head></html>',
    )
  })
})

describe('the heading face', () => {
  it("is not preloaded: Vike's preload link goes, the rest of the head stays", () => {
    const html =
      '<head><meta charset="utf-8"><title>t</title>\n' +
      '        <link rel="preload" href="/assets/static/face.BpqDG8I9.woff2" as="font" type="font/woff2" crossorigin>' +
      '<link rel="icon" href="/i.svg"></head>'
    expect(finishPageHtml(html, () => '')).toBe(
      '<head><meta charset="utf-8"><title>t</title><link rel="icon" href="/i.svg"></head>',
    )
  })
})
