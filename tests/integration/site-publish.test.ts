// Publishing from the site editor (issue 23, step 2; docs/decisions/056-site-editor.md), against
// the built server started on a copy of content/ in a Git work tree: the phone number changed on
// every page, the footer and the JSON-LD, the file changed on its own lines only and committed; a
// broken field or a record changed on disk publishes nothing; a new town refused while a near-copy,
// then served with its place on /service-areas and in the sitemap; the history with its diffs;
// undo, twice. Then two instances on one PostgreSQL database serve the same release.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { copyContent } from '../helpers/content-copy.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { startServer, type RunningServer } from '../../scripts/lib/server.ts'
import { townRecord } from '../../src/catalogue/new-town.ts'
import type { LocalityPage } from '../../src/catalogue/types.gen.ts'

const PASSWORD = 'site publish suite password'
type Problem = { id: string; field: string; message: string }
type Client = ReturnType<typeof adminClient>

const OLD = { display: '(410) 555-0142', e164: '+14105550142' }
const NEW = { display: '(443) 555-0199', e164: '+14435550199' }
const PAGES = ['/', '/heating', '/bel-air-hvac', '/contact', '/service-areas', '/furnace-repair']

const git = (dir: string, ...args: string[]) =>
  spawnSync('git', ['-C', dir, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    },
  })

/** The record as the editor opens it: its data and version. */
async function open(admin: Client, id: string) {
  const answer = await admin.call('GET', `/api/admin/site/records/${id}`)
  expect(answer.status, id).toBe(200)
  return answer.body.record as { data: Record<string, unknown>; version: string }
}

const publish = (admin: Client, drafts: { id: string; data: unknown }[], versions: Record<string, string>) =>
  admin.call('POST', '/api/admin/site/publish', { drafts, versions })

/** A business record with the phone number `phone`. */
function withPhone(data: Record<string, unknown>, phone: typeof NEW) {
  return { ...data, phone: { ...(data.phone as object), ...phone } }
}

const page = async (base: string, urlPath: string) => {
  const res = await fetch(base + urlPath)
  return { status: res.status, text: await res.text() }
}

/** A new town's record from new:town's rules, in words of its own. */
function jarrettsville(ownWords: boolean) {
  const data = parse(townRecord({ name: 'Jarrettsville', county: 'Harford County' })) as LocalityPage
  data.zips = ['21053']
  if (!ownWords) return data
  data.listing!.summary = 'Farmhouses on oil boilers and newer homes on heat pumps off Route 165 and Federal Hill Road.'
  data.seo.description =
    'Oil boiler service, heat pump repair and well-sized central air for Jarrettsville farmhouses and newer subdivisions.'
  data.hero.text =
    'Old stone farmhouses, horse barns and the subdivisions off Route 165: we know how each of them heats.'
  data.intro.paragraphs = [
    'Many older Jarrettsville farmhouses still run oil-fired boilers with cast iron radiators, often with a window unit or two for July.',
    'Newer houses near the Jarrettsville Pike went up with heat pumps and propane backup, and their ductwork in tight attics needs sealing after fifteen years.',
  ]
  data.intro.areas = ['Federal Hill Road farms', 'Subdivisions off Route 165']
  data.services.intro = 'Boilers kept firing, heat pumps kept defrosting, barns and workshops kept dry.'
  data.services.cards[0]!.description =
    'Central air added to houses with radiators, through small ducts that fit old walls.'
  data.services.cards[1]!.description =
    'Oil boiler cleanings every fall, nozzle and filter changed, and propane furnaces checked.'
  data.services.cards[2]!.description =
    'A spring visit for the heat pump, an autumn visit for the boiler, both on one plan.'
  data.cta.text = 'Tell us the road and the kind of house; we will bring the right parts the first time.'
  return data
}

describe('publishing from the site editor (SQLite, one instance, a Git work tree)', () => {
  const content = copyContent()
  git(content.dir, 'init', '--quiet')
  git(content.dir, 'add', '--all')
  git(content.dir, 'commit', '--quiet', '-m', 'content as copied')
  afterAll(() => content.remove())
  const served = serveOn('SQLite', PASSWORD, { CONTENT_DIR: content.dir }, { timeoutMs: 60_000 })
  let admin: Client
  const file = (id: string) => readFileSync(path.join(content.dir, id), 'utf8')
  beforeAll(async () => {
    admin = adminClient(served.server.url, { origin: ORIGIN, password: PASSWORD })
    expect((await admin.login()).status).toBe(200)
  })

  it('changes the phone number on every page, the footer and the JSON-LD, and commits the one file', async () => {
    const before = file('business.yaml')
    const business = await open(admin, 'business.yaml')
    const answer = await publish(admin, [{ id: 'business.yaml', data: withPhone(business.data, NEW) }], {
      'business.yaml': business.version,
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const release = answer.body.release as { id: number; ms: number; pages: number; records: string[] }
    expect(release.records).toEqual(['business.yaml'])
    expect(release.pages).toBeGreaterThan(50)
    for (const urlPath of PAGES) {
      const { status, text } = await page(served.server.url, urlPath)
      expect(status, urlPath).toBe(200)
      expect(text, urlPath).toContain(NEW.display)
      expect(text, urlPath).toContain(`href="tel:${NEW.e164}"`)
      expect(text, urlPath).not.toContain('555-0142')
      const footer = text.slice(text.lastIndexOf('<footer'))
      expect(footer, urlPath).toContain(NEW.display)
      const jsonLd = [...text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1])
      expect(jsonLd.join(''), urlPath).toContain(`"telephone":"${NEW.e164}"`)
    }
    expect((await page(served.server.url, '/no-such-page')).text).toContain(NEW.display)
    // Only the phone's two lines changed in the file; the change is a commit.
    const after = file('business.yaml')
    expect(after.split('\n').filter((l) => !before.split('\n').includes(l))).toEqual([
      `  display: ${NEW.display}`,
      `  e164: "${NEW.e164}"`,
    ])
    expect(git(content.dir, 'status', '--porcelain').stdout).toBe('')
    expect(git(content.dir, 'log', '-1', '--format=%an|%s').stdout.trim()).toMatch(
      /^admin \(.*\)\|Site editor: business\.yaml$/,
    )
    expect((await admin.call('GET', '/api/admin/site/progress')).body.progress).toBeNull()
  })

  it('publishes nothing for a broken field, and says what is wrong at the field', async () => {
    const business = await open(admin, 'business.yaml')
    const before = file('business.yaml')
    const answer = await publish(
      admin,
      [{ id: 'business.yaml', data: withPhone(business.data, { ...NEW, display: 'call us' }) }],
      { 'business.yaml': business.version },
    )
    expect(answer.status).toBe(422)
    expect(answer.body.problems).toContainEqual(
      expect.objectContaining({ id: 'business.yaml', field: 'phone.display' }),
    )
    expect(file('business.yaml')).toBe(before)
    expect((await page(served.server.url, '/')).text).toContain(NEW.display)
  })

  it('stops when a record changed on disk since it was opened, and names it', async () => {
    const business = await open(admin, 'business.yaml')
    const onDisk = file('business.yaml').replace('# ', '#  ')
    writeFileSync(path.join(content.dir, 'business.yaml'), onDisk)
    try {
      const answer = await publish(admin, [{ id: 'business.yaml', data: { ...business.data, name: 'Other Name' } }], {
        'business.yaml': business.version,
      })
      expect(answer.status).toBe(409)
      expect(answer.body.changedOnDisk).toEqual(['business.yaml'])
      expect((answer.body.problems as Problem[])[0]!.message).toContain('changed on disk since it was opened')
      expect(file('business.yaml')).toBe(onDisk)
    } finally {
      git(content.dir, 'checkout', '--', 'business.yaml')
    }
  })

  it('refuses a new town while it is new:town’s starter text, then serves it in words of its own', async () => {
    const id = 'areas/towns/jarrettsville-hvac.yaml'
    const refused = await publish(admin, [{ id, data: jarrettsville(false) }], {})
    expect(refused.status).toBe(422)
    expect(refused.body.problems).toEqual([
      expect.objectContaining({
        id,
        field: 'intro.paragraphs',
        message: expect.stringMatching(
          /^is mostly the same words as the starter text of a new town \(\d+% of its five-word runs\)/,
        ),
      }),
    ])
    expect((await page(served.server.url, '/jarrettsville-hvac')).status).toBe(404)

    const answer = await publish(admin, [{ id, data: jarrettsville(true) }], {})
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const town = await page(served.server.url, '/jarrettsville-hvac')
    expect(town.status).toBe(200)
    expect(town.text).toContain('oil-fired boilers')
    expect((await page(served.server.url, '/service-areas')).text).toContain('href="/jarrettsville-hvac"')
    expect((await page(served.server.url, '/sitemap.xml')).text).toContain('/jarrettsville-hvac</loc>')
    expect(file(id)).toContain('# yaml-language-server: $schema=../../../schemas/pages/locality.schema.json')
  })

  it('keeps a history: who, when, which records, and the change as a readable diff', async () => {
    const answer = await admin.call('GET', '/api/admin/site/history')
    const releases = answer.body.releases as {
      id: number
      author: string
      created_at: string
      records: string[]
      diff: string
    }[]
    expect(answer.body.live).toBe(releases[0]!.id)
    expect(releases.map((r) => r.records)).toEqual([['areas/towns/jarrettsville-hvac.yaml'], ['business.yaml'], []])
    expect(releases[1]!.author).toMatch(/^admin \(/)
    expect(releases[1]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(releases[1]!.diff).toContain(`business.yaml\n`)
    expect(releases[1]!.diff).toContain(
      `\n-   display: ${OLD.display}\n-   e164: "${OLD.e164}"\n+   display: ${NEW.display}\n`,
    )
    expect(releases[0]!.diff).toMatch(/^areas\/towns\/jarrettsville-hvac\.yaml \(new\)\n\+ /)
  })

  it('undoes the town, then the phone number', async () => {
    const undo = await admin.call('POST', '/api/admin/site/undo')
    expect(undo.status, JSON.stringify(undo.body)).toBe(200)
    expect((await page(served.server.url, '/jarrettsville-hvac')).status).toBe(404)
    expect((await page(served.server.url, '/sitemap.xml')).text).not.toContain('/jarrettsville-hvac')
    expect((await page(served.server.url, '/')).text).toContain(NEW.display)
    expect(() => file('areas/towns/jarrettsville-hvac.yaml')).toThrow()

    expect((await admin.call('POST', '/api/admin/site/undo')).status).toBe(200)
    for (const urlPath of PAGES) expect((await page(served.server.url, urlPath)).text, urlPath).toContain(OLD.display)
    expect(file('business.yaml')).toContain(`display: ${OLD.display}`)
    expect(git(content.dir, 'log', '-1', '--format=%s').stdout).toMatch(/^Undo: back to the site of release 1, before/)
    // Before the first publish there is nothing to go back to.
    const none = await admin.call('POST', '/api/admin/site/undo')
    expect(none.status).toBe(409)
    expect((none.body.problems as Problem[])[0]!.message).toBe('There is no earlier release to go back to.')
  })
})

describe('two instances on one PostgreSQL database', () => {
  const first = copyContent()
  const second = copyContent()
  afterAll(() => {
    first.remove()
    second.remove()
  })
  const served = serveOn('PostgreSQL', PASSWORD, { CONTENT_DIR: first.dir }, { timeoutMs: 60_000 })
  let other: RunningServer
  beforeAll(async () => {
    other = await startServer(
      { DATABASE_URL: served.storage.databaseUrl, TRUST_PROXY: '1', PUBLIC_ORIGIN: ORIGIN, CONTENT_DIR: second.dir },
      { timeoutMs: 60_000 },
    )
  }, 70_000)
  afterAll(async () => other?.stop())

  it('serve the same release: one publishes, the other follows, its folder too', async () => {
    const admin = adminClient(served.server.url, { origin: ORIGIN, password: PASSWORD })
    expect((await admin.login()).status).toBe(200)
    const business = await open(admin, 'business.yaml')
    const answer = await publish(admin, [{ id: 'business.yaml', data: withPhone(business.data, NEW) }], {
      'business.yaml': business.version,
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect((await page(served.server.url, '/heating')).text).toContain(NEW.display)
    const deadline = Date.now() + 30_000
    try {
      while (!(await page(other.url, '/heating')).text.includes(NEW.display) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250))
    } catch (error) {
      throw new Error(`the other instance: ${other.logs.slice(-10).join('\n')}`, { cause: error })
    }
    for (const urlPath of PAGES) expect((await page(other.url, urlPath)).text, urlPath).toContain(NEW.display)
    expect(readFileSync(path.join(second.dir, 'business.yaml'), 'utf8')).toBe(
      readFileSync(path.join(first.dir, 'business.yaml'), 'utf8'),
    )
  })
})
