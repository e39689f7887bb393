// The site editor's records and checks (issue 23, step 1; docs/decisions/056-site-editor.md)
// against the built server started on a copy of content/: what can be edited, one record with its
// JSON Schema, drafts checked with content:check's rules and words (each problem at its record and
// field), and the walls: signed-in admin only, Origin-checked, size-limited, nothing outside the
// content folder.
import { spawnSync } from 'node:child_process'
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient } from '../helpers/admin.ts'
import { copyContent } from '../helpers/content-copy.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { projectRoot } from '../../scripts/lib/server.ts'

const PASSWORD = 'site editor suite password'
type Problem = { id: string; field: string; line?: number; message: string }

const content = copyContent()
// A file outside the folder, and a link to it inside (a valid town, so the server starts): neither
// is a record the editor names.
writeFileSync(
  path.join(path.dirname(content.dir), 'secret.yaml'),
  readFileSync(path.join(content.dir, 'areas/towns/fallston-hvac.yaml'), 'utf8')
    .replace('path: /fallston-hvac', 'path: /linked-hvac')
    .replace(/^zips:.*\n/m, '')
    .replace(/^aliases:.*\n/m, '')
    .replace(/^name: .*$/m, 'name: Secret Linked'),
)
symlinkSync(path.join(path.dirname(content.dir), 'secret.yaml'), path.join(content.dir, 'areas/towns/linked-hvac.yaml'))
afterAll(() => content.remove())

/** What `npm run content:check` prints for a folder with `rel` changed to `text`. */
function contentCheckOutput(rel: string, text: string): string {
  const broken = copyContent()
  try {
    writeFileSync(path.join(broken.dir, rel), text)
    const run = spawnSync(process.execPath, ['scripts/content-check.ts'], {
      cwd: projectRoot,
      env: { ...process.env, CONTENT_DIR: broken.dir },
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    return run.stderr
  } finally {
    broken.remove()
  }
}

describe('the site editor’s records and checks', () => {
  const served = serveOn('SQLite', PASSWORD, { CONTENT_DIR: content.dir }, { timeoutMs: 60_000 })
  let n = 10
  const client = (options: Parameters<typeof adminClient>[1] = {}) =>
    adminClient(served.server.url, { from: `192.0.2.${n++}`, origin: ORIGIN, password: PASSWORD, ...options })
  let admin: ReturnType<typeof client>
  beforeAll(async () => {
    admin = client()
    expect((await admin.login()).status).toBe(200)
  })
  const record = async (id: string) =>
    (await admin.call('GET', `/api/admin/site/records/${id}`)).body.record as {
      data: Record<string, unknown>
      schema: Record<string, unknown>
      kind: string
    }
  const check = (drafts: unknown) => admin.call('POST', '/api/admin/site/check', { drafts })

  it('lists every record of the folder by kind, and nothing else', async () => {
    const answer = await admin.call('GET', '/api/admin/site/records')
    expect(answer.status).toBe(200)
    const records = answer.body.records as { id: string; kind: string; name: string; path?: string }[]
    const byId = new Map(records.map((r) => [r.id, r]))
    expect(byId.get('business.yaml')).toMatchObject({ kind: 'business' })
    for (const [id, kind] of [
      ['reviews.yaml', 'reviews'],
      ['urgency.yaml', 'urgency'],
      ['confirmation.yaml', 'confirmation'],
      ['pages/home.yaml', 'page'],
      ['services/heating.yaml', 'service'],
      ['services/details/furnace-repair.yaml', 'service'],
      ['areas/towns/bel-air-hvac.yaml', 'town'],
      ['areas/counties/harford-county-hvac.yaml', 'county'],
      ['areas/states/pennsylvania-hvac.yaml', 'state'],
    ])
      expect(byId.get(id!), id).toMatchObject({ kind })
    expect(byId.get('areas/towns/bel-air-hvac.yaml')).toMatchObject({ name: 'Bel Air', path: '/bel-air-hvac' })
    expect(records.filter((r) => r.id.startsWith('areas/towns/'))).not.toHaveLength(0)
    expect(byId.has('areas/towns/linked-hvac.yaml')).toBe(false)
    expect(records.every((r) => r.id.endsWith('.yaml'))).toBe(true)
    expect(records[0]!.kind).toBe('business')
  })

  it('gives one record with its data and its JSON Schema, every $ref written out', async () => {
    const business = await record('business.yaml')
    expect(business.kind).toBe('business')
    expect((business.data.phone as { display: string }).display).toBe('(410) 555-0142')
    expect(JSON.stringify(business.schema)).not.toContain('$ref')
    const town = await record('areas/towns/bel-air-hvac.yaml')
    expect(JSON.stringify(town.schema)).not.toContain('$ref')
    const hero = (town.schema.properties as Record<string, { properties?: Record<string, unknown> }>).hero
    expect(hero?.properties).toHaveProperty('title')
    expect((town.schema.properties as Record<string, { description?: string }>).zips?.description).toContain('ZIP')
  })

  it('finds nothing wrong in a record sent back as it is', async () => {
    const answer = await check([{ id: 'business.yaml', data: (await record('business.yaml')).data }])
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ success: true, ok: true, problems: [] })
  })

  it('says what is wrong with a field as content:check does, at its record and field', async () => {
    const data = (await record('business.yaml')).data as { phone: { display: string } }
    data.phone.display = 'call us'
    const answer = await check([{ id: 'business.yaml', data }])
    expect(answer.body.ok).toBe(false)
    const problems = answer.body.problems as Problem[]
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ id: 'business.yaml', field: 'phone.display' })
    const printed = contentCheckOutput(
      'business.yaml',
      (await import('../../src/server/editor/yaml-edit.ts')).editedText(
        readFileSync(path.join(content.dir, 'business.yaml'), 'utf8'),
        data,
      ),
    )
    expect(printed).toContain(`business.yaml:${problems[0]!.line}  phone.display: ${problems[0]!.message}`)
  })

  it('applies the rules across records: a ZIP code in two towns, a link to no page', async () => {
    const fallston = (await record('areas/towns/fallston-hvac.yaml')).data as { zips: string[] }
    fallston.zips = [...fallston.zips, '21014']
    const belAir = (await record('areas/towns/bel-air-hvac.yaml')).data as {
      intro: { areas: ({ name: string; href?: string } | string)[] }
    }
    belAir.intro.areas = [...belAir.intro.areas, { name: 'Nowhere', href: '/nowhere-hvac' }]
    const answer = await check([
      { id: 'areas/towns/fallston-hvac.yaml', data: fallston },
      { id: 'areas/towns/bel-air-hvac.yaml', data: belAir },
    ])
    const problems = answer.body.problems as Problem[]
    expect(problems).toContainEqual(
      expect.objectContaining({
        field: expect.stringMatching(/^zips\[\d\]$/),
        message: expect.stringMatching(
          /^21014 is already listed by areas\/towns\/(bel-air|fallston)-hvac\.yaml\. Each ZIP code belongs to one place/,
        ),
      }),
    )
    expect(problems).toContainEqual(
      expect.objectContaining({
        id: 'areas/towns/bel-air-hvac.yaml',
        field: `intro.areas[${belAir.intro.areas.length - 1}].href`,
        message: expect.stringContaining('/nowhere-hvac is not a page of this site.'),
      }),
    )
  })

  it('checks a new town’s record with the others, and names no other new file', async () => {
    const town = parse(readFileSync(path.join(content.dir, 'areas/towns/fallston-hvac.yaml'), 'utf8')) as Record<
      string,
      unknown
    >
    const answer = await check([{ id: 'areas/towns/jarrettsville-hvac.yaml', data: town }])
    expect(answer.body.problems).toContainEqual(
      expect.objectContaining({
        id: 'areas/towns/jarrettsville-hvac.yaml',
        field: 'path',
        message:
          '/fallston-hvac is already the address of areas/towns/fallston-hvac.yaml. Each address can show only one page.',
      }),
    )
    expect((await check([{ id: 'pages/new-page.yaml', data: town }])).status).toBe(400)
  })

  it('reaches nothing outside the content folder', async () => {
    for (const id of [
      '..%2F..%2Fpackage.json',
      '%2e%2e/%2e%2e/package.json',
      '..%2Fsecret.yaml',
      'areas/towns/linked-hvac.yaml',
      '%2Fetc%2Fpasswd',
      'business.yaml%00',
      'BUSINESS.yaml',
    ]) {
      const answer = await admin.call('GET', `/api/admin/site/records/${id}`)
      // Not found; or, for %2e%2e (which the URL itself resolves to /api/admin/package.json, a
      // path of none of the API's routes but of the site's), refused by the role check.
      expect([403, 404], id).toContain(answer.status)
      expect(JSON.stringify(answer.body), id).not.toMatch(/secret/i)
    }
    for (const id of [
      '../secret.yaml',
      'areas/towns/../../../secret.yaml',
      '/etc/passwd',
      'areas/towns/linked-hvac.yaml',
      'x.json',
      42,
    ]) {
      const answer = await check([{ id, data: { secret: 'x' } }])
      expect(answer.status, String(id)).toBe(400)
      expect(answer.body.error).toBe('No such record in the content folder.')
    }
  })

  it('refuses without a session, from another origin, and a body over its limit', async () => {
    const stranger = client()
    expect((await stranger.call('GET', '/api/admin/site/records')).status).toBe(401)
    expect((await stranger.call('GET', '/api/admin/site/records/business.yaml')).status).toBe(401)
    expect((await stranger.call('POST', '/api/admin/site/check', { drafts: [] })).status).toBe(401)
    const elsewhere = client({ origin: 'https://evil.example' })
    elsewhere.cookie = admin.cookie
    const crossOrigin = await elsewhere.call('POST', '/api/admin/site/check', { drafts: [] })
    expect(crossOrigin.status).toBe(403)
    const huge = await admin.call('POST', '/api/admin/site/check', {
      drafts: [{ id: 'business.yaml', data: { name: 'x'.repeat(300 * 1024) } }],
    })
    expect(huge.status).toBe(413)
    expect((await check([])).status).toBe(400)
    expect((await check([{ id: 'business.yaml', data: [] }])).status).toBe(400)
  })
})

describe('a server without a content folder', () => {
  const served = serveOn('SQLite', PASSWORD)
  it('says what to set', async () => {
    const admin = adminClient(served.server.url, { origin: ORIGIN, password: PASSWORD })
    expect((await admin.login()).status).toBe(200)
    const answer = await admin.call('GET', '/api/admin/site/records')
    expect(answer.status).toBe(409)
    expect(answer.body.error).toContain('CONTENT_DIR')
  })
})
