// The page a browser without JavaScript gets back from POST /api/contact when the form has
// problems, from the real server: rendered at run time from the built pages, with the status,
// no-store and a CSP of its own inline code; and, when that render cannot be done (no server build
// of the pages, or a broken one), still a page that says what is wrong, under the same status.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { inlineScriptHashes, inlineStyleHashes } from '../../src/server/static-site.ts'
import { builtHtml, distClient } from '../helpers/built-site.ts'
import { findAll, readPage, textOf } from '../helpers/html.ts'
import { startServer, type RunningServer } from '../../scripts/lib/server.ts'

const contact = loadCatalogue().pages.find((p) => p.path === '/contact')
if (contact?.template !== 'contact') throw new Error('no contact record')
const copy = contact.form
const prerendered = readPage(builtHtml('/contact'))

const BAD = {
  name: ' ',
  phone: '12',
  email: 'dana@example.com',
  service: 'maintenance',
  message: '"><script>x</script>',
}

const formPost = (url: string, fields: Record<string, string>) =>
  fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(fields).toString(),
  })

/** The CSP names the hash of every inline style and script of the page, and allows nothing inline besides. */
function expectOwnCsp(res: Response, html: string) {
  const csp = res.headers.get('content-security-policy') ?? ''
  const hashes = [...inlineStyleHashes(html), ...inlineScriptHashes(html)]
  expect(hashes.length).toBeGreaterThan(0)
  for (const hash of hashes) expect(csp).toContain(`'${hash}'`)
  expect(csp).not.toContain('unsafe-inline')
}

describe('the built server', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers a bad form with /contact rendered with its problems: 400, no-store, its own CSP', async () => {
    const res = await formPost(server.url, BAD)
    expect(res.status).toBe(400)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    expectOwnCsp(res, html)
    const page = readPage(html)
    expect(page.title).toBe(`${copy.problemsHeading} – ${prerendered.title}`)
    const box = findAll(page.main, (e) => e.attrs.id === 'contact-problems')[0]!
    expect(box.attrs.autofocus).toBe('')
    expect(findAll(box, (e) => e.tag === 'li').map(textOf)).toEqual([copy.problems.name, copy.problems.phone])
    expect(findAll(page.main, (e) => e.attrs.id === 'contact-email')[0]?.attrs.value).toBe('dana@example.com')
    expect(html).toContain('&quot;&gt;&lt;script&gt;x&lt;/script&gt;</textarea>')
    expect(server.records().filter((r) => r.level === 'error')).toEqual([])
  })

  it('answers a body too large to read with the page and the general problem: 413', async () => {
    const res = await formPost(server.url, { ...BAD, message: 'x'.repeat(70 * 1024) })
    expect(res.status).toBe(413)
    const page = readPage(await res.text())
    const box = findAll(page.main, (e) => e.attrs.id === 'contact-problems')[0]!
    expect(textOf(box)).toBe(`${copy.problemsHeading}${copy.problems.unreadable}`)
    expect(findAll(box, (e) => e.tag === 'li')).toEqual([])
  })
})

describe('when the page cannot be rendered', () => {
  const servers: RunningServer[] = []
  let root: string

  /** A build with the prerendered site and its build info, and `serverEntry` as its server build (none if undefined). */
  function buildWithout(name: string, serverEntry?: string): string {
    const dir = path.join(root, name)
    mkdirSync(dir)
    symlinkSync(distClient, path.join(dir, 'client'), 'dir')
    copyFileSync(path.join(distClient, '../build-info.json'), path.join(dir, 'build-info.json'))
    if (serverEntry !== undefined) {
      mkdirSync(path.join(dir, 'server'))
      writeFileSync(path.join(dir, 'server/entry.mjs'), serverEntry)
    }
    return path.join(dir, 'client')
  }

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'longbar-contact-page-'))
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    rmSync(root, { recursive: true, force: true })
  })

  async function expectErrorScreen(res: Response, status: number, text: string) {
    expect(res.status).toBe(status)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const html = await res.text()
    expectOwnCsp(res, html)
    const page = readPage(html)
    expect(textOf(findAll(page.main, (e) => e.tag === 'pre')[0]!)).toBe(text)
    expect(textOf(page.main)).toContain('Unexpected Application Error!')
  }

  it('without the server build of the pages: said at start, and each answer is still a page with the problem', async () => {
    const server = await startServer({ DIST_DIR: buildWithout('no-server-build') })
    servers.push(server)
    expect(server.records().find((r) => r.msg?.toString().startsWith('the contact page cannot show'))).toMatchObject({
      level: 'warn',
      reason: expect.stringMatching(/server\/entry\.mjs is missing/),
    })
    await expectErrorScreen(await formPost(server.url, BAD), 400, `${copy.problems.name} ${copy.problems.phone}`)
    // The script's JSON answers do not need the page.
    const json = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BAD),
    })
    expect(json.status).toBe(400)
    expect(await json.json()).toMatchObject({ success: false, fields: { name: copy.problems.name } })
  })

  it('with a server build that fails to load: the error is logged, the answer is a page with the problem', async () => {
    const server = await startServer({
      DIST_DIR: buildWithout('broken-server-build', 'throw new Error("broken build")\n'),
    })
    servers.push(server)
    for (let i = 0; i < 2; i++)
      await expectErrorScreen(await formPost(server.url, BAD), 400, `${copy.problems.name} ${copy.problems.phone}`)
    const errors = server.records().filter((r) => r.level === 'error')
    expect(errors).toHaveLength(2)
    expect(errors[0]).toMatchObject({ msg: 'the contact page with the problems of a form could not be rendered' })
    expect(JSON.stringify(errors[0])).toContain('broken build')
  })
})
