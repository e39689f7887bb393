// What the browser can download holds no secret: no file the server serves (dist/client, each
// precompressed variant unpacked) contains the admin password the tests run with, or an argon2
// hash (PRODUCT.md "Admin": no password or hash ever reaches the browser); and no script holds
// SQL (the lead domain the inbox shares with the server is SQL-free; queries live in
// src/server/db). And /admin, the page that
// hydrates, stays within its script budget and has no inline style attribute (its CSP allows none).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { pageWeight } from '../../scripts/page-weight.ts'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { filesIn } from '../../src/server/static-site.ts'
import { INBOX_VIEWS } from '../../src/server/db/views.ts'
import { builtHtml, distClient } from '../helpers/built-site.ts'
import { findAll, readPage } from '../helpers/html.ts'

/** A served file's bytes as the browser gets them after decoding. */
function decoded(rel: string): string {
  const body = readFileSync(path.join(distClient, rel))
  if (rel.endsWith('.br')) return brotliDecompressSync(body).toString('latin1')
  if (rel.endsWith('.gz')) return gunzipSync(body).toString('latin1')
  return body.toString('latin1')
}

const files = filesIn(distClient)
const secrets = [E2E_ADMIN_PASSWORD, ...(process.env.ADMIN_PASSWORD ? [process.env.ADMIN_PASSWORD] : [])]

describe('the files the server serves', () => {
  it('include the admin page and its scripts', () => {
    expect(files).toEqual(expect.arrayContaining(['admin/index.html', 'admin/index.html.br', 'admin/index.html.gz']))
    expect(files.filter((f) => f.startsWith('assets/') && f.endsWith('.js')).length).toBeGreaterThan(0)
  })

  it.each(files)('%s holds no admin password and no argon2 hash', (rel) => {
    const text = decoded(rel)
    for (const secret of secrets)
      expect(text.includes(Buffer.from(secret, 'utf8').toString('latin1')), `${rel} contains an admin password`).toBe(
        false,
      )
    expect(text, `${rel} contains an argon2 hash`).not.toMatch(/\$argon2/i)
  })
})

/** SQL as the server writes it: a statement's opening words, or a condition on a column. */
const SQL =
  /\b(select\s+[\w*, ]+\s+from|insert\s+into|delete\s+from|update\s+\w+\s+set|create\s+(unique\s+)?index|order\s+by|is\s+(not\s+)?null)\b/i

describe('the scripts the browser can download', () => {
  const scripts = files.filter((f) => f.endsWith('.js'))

  it('include the inbox app', () => {
    expect(scripts.some((f) => f.includes('pages_admin'))).toBe(true)
  })

  it.each(scripts)('%s holds no SQL', (rel) => {
    const text = decoded(rel)
    for (const { where } of Object.values(INBOX_VIEWS)) expect(text).not.toContain(where)
    expect(SQL.exec(text)?.[0]).toBeUndefined()
  })
})

describe('the admin page', () => {
  const html = builtHtml('/admin')

  it('hydrates (its own scripts) while staying out of search engines', () => {
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"')
    expect(html).not.toContain('rel="canonical"')
    // Its scripts are fetched after the first paint: the login form before it works without them.
    expect(html).toMatch(/<script type="module">requestAnimationFrame\([^<]*import\("\/assets\/entries\/[^"]+\.js"\)/)
    expect(html).toMatch(
      /<script type="module">requestAnimationFrame\([^<]*"\/assets\/entries\/pages_admin\.[^"]+\.js"/,
    )
    expect(html).not.toContain('<link rel="modulepreload"')
  })

  it('is the login form itself, which posts to /admin and works before any script arrives', () => {
    const form = findAll(readPage(html).main, (e) => e.tag === 'form')
    expect(form.map((f) => [f.attrs.method, f.attrs.action])).toEqual([['post', '/admin']])
    expect(html).toMatch(/<input[^>]*id="admin-password"[^>]*type="password"[^>]*name="password"/)
    expect(html).not.toContain('data-skeleton')
  })

  // The budget of decision 026, raised once for the alerts and the sources (decision 030).
  it('ships at most 140 KB of JavaScript (gzip): React, the Vike client, TanStack Query and the inbox', () => {
    const { js } = pageWeight(distClient, 'admin/index.html')
    expect(js.gzip, js.files.join(', ')).toBeLessThanOrEqual(140 * 1024)
  })

  it('has no inline style attribute (the CSP allows only hashed <style> elements)', () => {
    expect(html).not.toMatch(/<[^>]+\sstyle=/i)
  })
})
