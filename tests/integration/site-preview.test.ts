// The site editor's preview and "Add a town" (issue 23, decision 060), against the built server
// started on a copy of content/, on SQLite and on PostgreSQL: the page a draft makes, rendered as
// it would be published (the draft's phone number in the page, the footer and the JSON-LD) while
// nothing is written (the folder's files and the served site unchanged); a draft with a problem or
// an address that is no page shows no page; a new town's draft made by new:town's rules; and the
// walls of every editor route: a session, the Origin check, the body's size limit.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { copyContent } from '../helpers/content-copy.ts'
import { sendFormWithProblems } from '../helpers/http.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'

const PASSWORD = 'site preview suite password'
const NEW = { display: '(443) 555-0177', e164: '+14435550177' }

/** Every file of `dir` with its text: what "nothing written" compares. */
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((rel) => rel.endsWith('.yaml'))
      .sort()
      .map((rel) => [rel, readFileSync(path.join(dir, rel), 'utf8')]),
  )

describe.each(STORAGE_KINDS)('the site editor’s preview on %s', (kind) => {
  const content = copyContent()
  afterAll(() => content.remove())
  const served = serveOn(kind, PASSWORD, { CONTENT_DIR: content.dir }, { timeoutMs: 60_000 })
  let n = 10
  const client = (options: Parameters<typeof adminClient>[1] = {}) =>
    adminClient(served.server.url, { from: `192.0.2.${n++}`, origin: ORIGIN, password: PASSWORD, ...options })
  let admin: ReturnType<typeof client>
  let business: Record<string, unknown>
  beforeAll(async () => {
    admin = client()
    expect((await admin.login()).status).toBe(200)
    const opened = await admin.call('GET', '/api/admin/site/records/business.yaml')
    business = (opened.body.record as { data: Record<string, unknown> }).data
  })
  const withPhone = (phone: typeof NEW) => ({ ...business, phone: { ...(business.phone as object), ...phone } })
  const preview = (drafts: unknown, urlPath: unknown, who = admin) =>
    who.call('POST', '/api/admin/site/preview', { drafts, path: urlPath })

  it('renders the home page with the draft’s phone number, and writes nothing', async () => {
    const before = snapshot(content.dir)
    const answer = await preview([{ id: 'business.yaml', data: withPhone(NEW) }], '/')
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200)
    const html = answer.body.html as string
    expect(html.slice(0, 15).toLowerCase()).toBe('<!doctype html>')
    expect(String(html).includes(NEW.display), NEW.display).toBe(true)
    expect(String(html).includes(`href="tel:${NEW.e164}"`), `href="tel:${NEW.e164}"`).toBe(true)
    expect(String(html).includes('555-0142'), '555-0142').toBe(false)
    expect(String(html.slice(html.lastIndexOf('<footer'))).includes(NEW.display), NEW.display).toBe(true)
    expect(String(html).includes(`"telephone":"${NEW.e164}"`), `"telephone":"${NEW.e164}"`).toBe(true)
    // The stylesheet is in the page, as published pages have it.
    expect(String(html).includes('<style>'), '<style>').toBe(true)
    expect(String(html).includes('rel="stylesheet"'), 'rel="stylesheet"').toBe(false)
    // No script of its own: the editor's sandboxed frame would run none.
    expect(String(html).includes('<script type="module"'), 'a module script').toBe(false)
    // Nothing written: the folder's records, and the site served, as they were.
    expect(snapshot(content.dir)).toEqual(before)
    const live = await (await fetch(`${served.server.url}/`)).text()
    expect(String(live).includes('(410) 555-0142'), '(410) 555-0142').toBe(true)
    expect(String(live).includes(NEW.display), NEW.display).toBe(false)
    const history = await admin.call('GET', '/api/admin/site/history')
    expect(history.body.releases).toEqual([])
  })

  it('renders a town’s own page from its draft', async () => {
    const opened = await admin.call('GET', '/api/admin/site/records/areas/towns/fallston-hvac.yaml')
    const town = (opened.body.record as { data: { hero: { text: string } } }).data
    const words = 'Fallston’s horse farms and cul-de-sacs, kept warm since 2000.'
    const answer = await preview(
      [{ id: 'areas/towns/fallston-hvac.yaml', data: { ...town, hero: { ...town.hero, text: words } } }],
      '/fallston-hvac',
    )
    expect(answer.status).toBe(200)
    expect(
      String(answer.body.html).includes('Fallston’s horse farms and cul-de-sacs'),
      'Fallston’s horse farms and cul-de-sacs',
    ).toBe(true)
  })

  it('shows no page for a draft with a problem, or an address that is no page', async () => {
    const broken = await preview([{ id: 'business.yaml', data: { ...business, name: '' } }], '/')
    expect(broken.status).toBe(422)
    const problems = broken.body.problems as { id: string; field: string; message: string }[]
    expect(problems.map((p) => [p.id, p.field])).toContainEqual(['business.yaml', 'name'])
    const nowhere = await preview([{ id: 'business.yaml', data: business }], '/no-such-page')
    expect(nowhere.status).toBe(422)
    expect(nowhere.body.problems).toEqual([
      { id: '', field: 'path', message: '/no-such-page is not a page of the site.' },
    ])
    for (const bad of ['', 'heating', '/../etc/passwd', '/UPPER', 42, `/${'a'.repeat(200)}`]) {
      const answer = await preview([{ id: 'business.yaml', data: business }], bad)
      expect(answer.status, String(bad)).toBe(400)
    }
  })

  it('makes a new town’s draft by new:town’s rules, in one of the counties, writing nothing', async () => {
    const before = snapshot(content.dir)
    const made = await admin.call('POST', '/api/admin/site/new-town', {
      name: 'Jarrettsville',
      county: 'Harford County',
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const draft = made.body.draft as { id: string; path: string; data: Record<string, unknown> }
    expect(draft.id).toBe('areas/towns/jarrettsville-hvac.yaml')
    expect(draft.path).toBe('/jarrettsville-hvac')
    expect(draft.data).toMatchObject({ template: 'locality', name: 'Jarrettsville', path: '/jarrettsville-hvac' })
    expect(snapshot(content.dir)).toEqual(before)
    // Its page previews; as it stands it is new:town's starter text, which publishing refuses.
    const shown = await preview([{ id: draft.id, data: draft.data }], draft.path)
    expect(shown.status).toBe(200)
    expect(String(shown.body.html).includes('Jarrettsville'), 'Jarrettsville').toBe(true)
    const checked = await admin.call('POST', '/api/admin/site/check', { drafts: [{ id: draft.id, data: draft.data }] })
    expect(checked.body.problems).toContainEqual(
      expect.objectContaining({
        id: draft.id,
        field: 'intro.paragraphs',
        message: expect.stringContaining('mostly the same words'),
      }),
    )
    const taken = await admin.call('POST', '/api/admin/site/new-town', { name: 'Fallston', county: 'Harford County' })
    expect(taken.status).toBe(409)
    expect(taken.body.error).toBe('/fallston-hvac is already the address of Fallston.')
    const nowhere = await admin.call('POST', '/api/admin/site/new-town', { name: 'Elkton', county: 'Kent County' })
    expect(nowhere.status).toBe(400)
    expect(nowhere.body.error).toBe('Choose the county among Baltimore County, Cecil County, Harford County.')
    const badName = await admin.call('POST', '/api/admin/site/new-town', { name: '<b>x</b>', county: 'Harford County' })
    expect(badName.status).toBe(400)
  })

  it('refuses without a session, from another origin, and a body over its limit', async () => {
    const stranger = client()
    const draft = [{ id: 'business.yaml', data: withPhone(NEW) }]
    expect((await preview(draft, '/', stranger)).status).toBe(401)
    expect(
      (await stranger.call('POST', '/api/admin/site/new-town', { name: 'Joppa', county: 'Harford County' })).status,
    ).toBe(401)
    const elsewhere = client({ origin: 'https://evil.example' })
    elsewhere.cookie = admin.cookie
    expect((await preview(draft, '/', elsewhere)).status).toBe(403)
    const huge = await preview([{ id: 'business.yaml', data: { ...business, name: 'x'.repeat(300 * 1024) } }], '/')
    expect(huge.status).toBe(413)
    expect((await preview([], '/')).status).toBe(400)
  })

  // A publish renders the staged folder (its pictures with sharp, seconds) in the process that
  // serves the site. A page rendered on request (the contact form sent without JavaScript, with
  // its problems) keeps the live site's words until the switch, and the published ones after:
  // it is rendered with the build info of the live release (replaceBuildInfo). Before, it kept
  // the number of the site the server started with until the next start. Last: it changes the
  // site the tests above read.
  it('gives the pages rendered on request the published words at the switch, not before', async () => {
    const opened = await admin.call('GET', '/api/admin/site/records/business.yaml')
    const version = (opened.body.record as { version: string }).version
    const pages: string[] = []
    let done = false
    const publishing = admin
      .call('POST', '/api/admin/site/publish', {
        drafts: [{ id: 'business.yaml', data: withPhone(NEW) }],
        versions: { 'business.yaml': version },
      })
      .finally(() => (done = true))
    while (!done) {
      const sent = await Promise.all(
        Array.from({ length: 4 }, () => sendFormWithProblems(served.server.url).then((r) => r.text())),
      )
      if (!done) pages.push(...sent)
    }
    const published = await publishing
    expect(published.status, JSON.stringify(published.body).slice(0, 300)).toBe(200)
    expect(pages.length).toBeGreaterThan(4)
    const early = pages.filter((page) => page.includes(NEW.display)).length
    expect(early, `${early} of ${pages.length} pages showed the number before it was published`).toBe(0)
    expect(pages.every((page) => page.includes('(410) 555-0142'))).toBe(true)
    expect(await (await sendFormWithProblems(served.server.url)).text()).toContain(NEW.display)
  })
})
