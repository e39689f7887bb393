import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import {
  IMMUTABLE,
  REVALIDATE,
  inlineScriptHashes,
  inlineStyleHashes,
  loadStaticSite,
  negotiate,
  urlPathOf,
} from '../../src/server/static-site.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'longbar-dist-'))
const page =
  '<!DOCTYPE html><title>About</title><style>body{color:red}</style><script type="application/ld+json">{"a":1}</script><script type="module">import("/assets/x.js")</script>'
const files: Record<string, string> = {
  'index.html': '<!DOCTYPE html><title>Home</title>',
  'about/index.html': page,
  '404.html': '<!DOCTYPE html><title>Not found</title>',
  '500/index.html': '<!DOCTYPE html><pre>%%ERROR_MESSAGE%%</pre>',
  'assets/entries/app.abc123.js': 'console.log(1)'.repeat(50),
  'favicon.svg': '<svg/>',
}
for (const [rel, body] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
  writeFileSync(path.join(dir, rel), body)
}
writeFileSync(path.join(dir, 'about/index.html.br'), brotliCompressSync(page))
writeFileSync(path.join(dir, 'about/index.html.gz'), gzipSync(page))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the in-memory static site', () => {
  const site = loadStaticSite(dir)

  it('answers pages at their clean addresses only', () => {
    expect(urlPathOf('index.html')).toBe('/')
    expect(urlPathOf('about/index.html')).toBe('/about')
    expect(site.lookup('/')).toBeDefined()
    expect(site.lookup('/about')?.isHtml).toBe(true)
    expect(site.lookup('/about/index.html')).toBeUndefined()
    expect(site.lookup('/500')).toBeUndefined()
    expect(site.lookup('/404.html')).toBeUndefined()
    expect(site.lookup('/../package.json')).toBeUndefined()
    expect(site.errorTemplate).toContain('%%ERROR_MESSAGE%%')
  })

  it('revalidates pages and caches hashed assets for a year', () => {
    expect(site.lookup('/about')!.variants.identity.headers['cache-control']).toBe(REVALIDATE)
    expect(site.lookup('/assets/entries/app.abc123.js')!.variants.identity.headers['cache-control']).toBe(IMMUTABLE)
    expect(site.lookup('/favicon.svg')!.variants.identity.headers['cache-control']).toBe('public, max-age=3600')
  })

  it('sends the smallest variant the browser accepts', () => {
    const about = site.lookup('/about')!
    expect(negotiate(about, 'gzip, deflate, br').headers['content-encoding']).toBe('br')
    expect(negotiate(about, 'gzip').headers['content-encoding']).toBe('gzip')
    expect(negotiate(about, 'br;q=0, gzip;q=0.8').headers['content-encoding']).toBe('gzip')
    expect(negotiate(about, undefined).headers['content-encoding']).toBeUndefined()
    expect(negotiate(about, 'identity').body.toString()).toBe(page)
    expect(negotiate(about, 'br').headers.vary).toBe('Accept-Encoding')
    expect(
      new Set([
        negotiate(about, 'br').headers.etag,
        negotiate(about, 'gzip').headers.etag,
        negotiate(about, '').headers.etag,
      ]).size,
    ).toBe(3)
  })

  it('allows a page’s own inline scripts by hash, and not its JSON data blocks', () => {
    const expected = `sha256-${createHash('sha256').update('import("/assets/x.js")').digest('base64')}`
    expect(inlineScriptHashes(page)).toEqual([expected])
    expect(site.lookup('/about')!.variants.identity.headers['content-security-policy']).toContain(
      `script-src 'self' '${expected}'`,
    )
    expect(site.lookup('/')!.variants.identity.headers['content-security-policy']).toContain("script-src 'self';")
  })

  it('allows a page’s inline style by hash', () => {
    const expected = `sha256-${createHash('sha256').update('body{color:red}').digest('base64')}`
    expect(inlineStyleHashes(page)).toEqual([expected])
    expect(site.lookup('/about')!.variants.identity.headers['content-security-policy']).toContain(
      `style-src 'self' '${expected}';`,
    )
    expect(site.lookup('/')!.variants.identity.headers['content-security-policy']).toContain("style-src 'self';")
  })

  it('refuses to start without a build', () => {
    expect(() => loadStaticSite(path.join(dir, 'missing'))).toThrow(/Run `npm run build` first/)
  })
})
