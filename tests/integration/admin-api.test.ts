// The admin API (docs/admin-api.md) against the built server, on SQLite and on PostgreSQL:
// nothing without a session, the login and its throttle, the Origin check, and the inbox's
// reads and changes.
import { createHash, randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminClient, type Answer } from '../helpers/admin.ts'
import { startServer } from '../../scripts/lib/server.ts'
import { createStorage, STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'

const PASSWORD = 'correct horse battery staple'

type Item = Record<string, unknown> & { id: string; name: string }
const client = (base: string, options: Parameters<typeof adminClient>[1] = {}) =>
  adminClient(base, { password: PASSWORD, origin: ORIGIN, ...options })

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/session'],
  ['GET', '/api/admin/counts'],
  ['GET', '/api/admin/submissions'],
  ['GET', '/api/admin/submissions.csv'],
  ['PATCH', '/api/admin/submissions/00000000-0000-4000-8000-000000000000', { is_read: true }],
  ['DELETE', '/api/admin/submissions/00000000-0000-4000-8000-000000000000'],
  ['POST', '/api/admin/logout'],
  ['GET', '/api/admin/anything-else'],
]

describe.each(STORAGE_KINDS)('the admin API on %s', (kind) => {
  let address = 10
  const nextAddress = () => `198.51.100.${address++}`

  const served = serveOn(kind, PASSWORD)

  /** A request as a visitor sends it; returns the stored row's id. */
  const send = async (fields: Record<string, unknown>) => {
    const res = await fetch(`${served.server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify(fields),
    })
    expect(res.status).toBe(201)
    const row = await served.db.k
      .selectFrom('contact_submissions')
      .select('id')
      .where('name', '=', String(fields.name))
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    return row.id
  }
  const signedIn = async () => {
    const admin = client(served.server.url, { from: nextAddress() })
    expect((await admin.login()).status).toBe(200)
    return admin
  }

  describe('without a valid session', () => {
    it.each(ROUTES)('%s %s answers 401', async (method, path, body) => {
      const res = await client(served.server.url).call(method, path, body)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ success: false, error: 'Not signed in' })
      expect(res.headers.get('cache-control')).toBe('no-store')
    })

    it('refuses a forged cookie and an expired session', async () => {
      const forged = client(served.server.url)
      forged.cookie = `longbar_admin=${randomBytes(32).toString('base64url')}`
      expect((await forged.call('GET', '/api/admin/submissions')).status).toBe(401)
      forged.cookie = 'longbar_admin=../../etc/passwd'
      expect((await forged.call('GET', '/api/admin/submissions')).status).toBe(401)

      const token = randomBytes(32).toString('base64url')
      const past = new Date(Date.now() - 60_000).toISOString()
      await served.db.k
        .insertInto('admin_sessions')
        .values({
          id_hash: createHash('sha256').update(token).digest('hex'),
          created_at: past,
          last_seen_at: past,
          expires_at: past,
          user_agent: null,
        })
        .execute()
      const expired = client(served.server.url)
      expired.cookie = `longbar_admin=${token}`
      expect((await expired.call('GET', '/api/admin/submissions')).status).toBe(401)
    })
  })

  describe('login', () => {
    it('opens a session with an HttpOnly, SameSite=Strict cookie holding an opaque id', async () => {
      const admin = client(served.server.url, { from: nextAddress() })
      const res = await admin.login()
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ success: true })
      const [cookie, device] = res.headers.getSetCookie()
      expect(cookie).toMatch(/^longbar_admin=[\w-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/)
      // The device cookie: this device signed in before (it skips the overall brake, decision 040).
      expect(device).toMatch(
        /^longbar_device=[\w-]{22}\.[\w-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict$/,
      )
      expect(cookie).not.toContain(PASSWORD)
      const stored = await served.db.k.selectFrom('admin_sessions').select('id_hash').execute()
      expect(stored.map((s) => s.id_hash)).not.toContain(admin.cookie.split('=')[1])
      expect((await admin.call('GET', '/api/admin/session')).status).toBe(200)
    })

    it('answers a wrong password with 401 "Invalid password" and sets no cookie', async () => {
      const res = await client(served.server.url, { from: nextAddress() }).login('wrong password!!')
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ success: false, error: 'Invalid password' })
      expect(res.headers.get('set-cookie')).toBeNull()
    })

    it('refuses bad bodies clearly', async () => {
      const admin = client(served.server.url, { from: nextAddress() })
      expect((await admin.call('POST', '/api/admin/login', {})).status).toBe(400)
      expect((await admin.call('POST', '/api/admin/login', '{"password":')).status).toBe(400)
      expect(
        (
          await admin.call('POST', '/api/admin/login', 'password=x', {
            'content-type': 'application/x-www-form-urlencoded',
          })
        ).status,
      ).toBe(415)
      expect((await admin.call('POST', '/api/admin/login', { password: 'x'.repeat(20_000) })).status).toBe(413)
    })

    it('throttles failures per address: 5 in 15 minutes, then 429 even for the right password', async () => {
      const from = nextAddress()
      const attacker = client(served.server.url, { from })
      for (let i = 0; i < 5; i++) expect((await attacker.login(`guess number ${i}`)).status).toBe(401)
      const refused = await attacker.login()
      expect(refused.status).toBe(429)
      // Five failures at once: the window lets one more through once their slice (a tenth of the
      // window) is a whole window old, 15 to 16.5 minutes away; the words say the header's wait.
      const wait = Number(refused.headers.get('retry-after'))
      expect(wait).toBeGreaterThan(15 * 60)
      expect(wait).toBeLessThanOrEqual(16.5 * 60)
      expect(refused.body.error).toBe(`Too many failed attempts. Try again in ${Math.ceil(wait / 60)} minutes.`)
      // Someone else is not locked out.
      expect((await client(served.server.url, { from: nextAddress() }).login()).status).toBe(200)
    })

    it('counts only failures: a correct login gives its slot back', async () => {
      const from = nextAddress()
      const owner = client(served.server.url, { from })
      for (let i = 0; i < 4; i++) expect((await owner.login('typo in password')).status).toBe(401)
      expect((await owner.login()).status).toBe(200)
      expect((await owner.login('one more typo!!')).status).toBe(401)
      expect((await owner.login()).status).toBe(429)
    })

    it('holds under parallel guessing: no more than 5 attempts are checked', async () => {
      const from = nextAddress()
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => client(served.server.url, { from }).login(`parallel guess ${i}`)),
      )
      expect(results.filter((r) => r.status === 401)).toHaveLength(5)
      expect(results.filter((r) => r.status === 429)).toHaveLength(15)
    })

    it('gives a new session id at login (no fixation) and logout ends it on the server', async () => {
      const admin = client(served.server.url, { from: nextAddress() })
      const planted = `longbar_admin=${randomBytes(32).toString('base64url')}`
      admin.cookie = planted
      await admin.login()
      expect(admin.cookie).not.toBe(planted)
      const session = admin.cookie
      expect((await admin.call('POST', '/api/admin/logout')).status).toBe(200)
      const replay = client(served.server.url)
      replay.cookie = session
      expect((await replay.call('GET', '/api/admin/submissions')).status).toBe(401)
    })
  })

  describe('the Origin check', () => {
    it.each([
      ['no Origin', null, {}],
      ['another site', 'https://evil.example', {}],
      ['a look-alike', 'http://localhost:3000.evil.example', {}],
      ['a cross-site fetch', ORIGIN, { 'sec-fetch-site': 'cross-site' }],
    ] as const)('refuses a change from %s with 403 and changes nothing', async (_label, origin, headers) => {
      const id = await send({ name: `Origin ${_label}`, phone: '4105550150' })
      const admin = await signedIn()
      const foreign = client(served.server.url, { from: nextAddress(), origin })
      foreign.cookie = admin.cookie
      const res = await foreign.call('PATCH', `/api/admin/submissions/${id}`, { status: 'closed' }, headers)
      expect(res.status).toBe(403)
      expect(res.body).toEqual({
        success: false,
        error: `Cross-origin request refused. Open the inbox at ${ORIGIN}/admin.`,
      })
      expect((await foreign.call('POST', '/api/admin/login', { password: PASSWORD }, headers)).status).toBe(403)
      const row = await served.db.k
        .selectFrom('contact_submissions')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(row.status).toBe('new')
    })

    it('accepts PUBLIC_ORIGIN only, not an origin made of the Host header (DNS rebinding)', async () => {
      expect((await client(served.server.url, { from: nextAddress(), origin: ORIGIN }).login()).status).toBe(200)
      // The address asked (its Host header) is 127.0.0.1:port here; a rebound name would be the
      // attacker's own, and its page would send that as its Origin.
      expect((await client(served.server.url, { from: nextAddress(), origin: served.server.url }).login()).status).toBe(
        403,
      )
      const rebound = await new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ password: PASSWORD })
        const req = request(
          `${served.server.url}/api/admin/login`,
          {
            method: 'POST',
            headers: {
              host: 'rebound.example',
              origin: 'http://rebound.example',
              'content-type': 'application/json',
              'x-forwarded-for': nextAddress(),
            },
          },
          (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          },
        )
        req.on('error', reject)
        req.end(body)
      })
      expect(rebound).toBe(403)
    })
  })

  describe('the inbox', () => {
    const tag = `t${randomBytes(3).toString('hex')}`
    const ids = {} as Record<'furnace' | 'ac' | 'plain' | 'spam' | 'formula', string>
    beforeAll(async () => {
      ids.furnace = await send({
        name: `${tag} Furnace Owner`,
        phone: '(410) 555-0177',
        email: `furnace.${tag}@example.com`,
        service: 'heating-repair',
        message: 'Cold air from the vents',
      })
      ids.ac = await send({
        name: `${tag} AC Owner`,
        phone: '443.555.0188',
        service: 'ac-repair',
        message: 'AC rattles',
      })
      ids.plain = await send({ name: `${tag} No Service`, phone: '4105550199' })
      ids.spam = await send({ name: `${tag} Spammer`, phone: '4105550100', website: 'http://spam.example' })
      ids.formula = await send({
        name: `=HYPERLINK("http://evil.example","${tag}")`,
        phone: '+1 410 555 0111',
        message: '@SUM(1+1)\n"quoted", with comma',
      })
    })

    it('lists newest first with the counts, and views for unread, clients and spam', async () => {
      const admin = await signedIn()
      const all = await admin.call('GET', `/api/admin/submissions?q=${tag}`)
      expect(all.status).toBe(200)
      const names = (all.body.items as Item[]).map((i) => i.name)
      expect(names).toEqual([
        `=HYPERLINK("http://evil.example","${tag}")`,
        `${tag} No Service`,
        `${tag} AC Owner`,
        `${tag} Furnace Owner`,
      ])
      expect(all.body.counts).toEqual({
        total: expect.any(Number),
        unread: expect.any(Number),
        clients: expect.any(Number),
        followups: expect.any(Number),
        spam: expect.any(Number),
        trash: expect.any(Number),
        due: expect.any(Number),
      })
      const first = (all.body.items as Item[])[3]!
      expect(first).toMatchObject({
        id: ids.furnace,
        phone: '(410) 555-0177',
        service: 'heating-repair',
        status: 'new',
        is_read: false,
        is_client: false,
        is_spam: false,
        source_page: null,
      })
      expect(Object.keys(first)).not.toContain('phone_digits')

      const spam = await admin.call('GET', `/api/admin/submissions?view=spam&q=${tag}`)
      expect((spam.body.items as Item[]).map((i) => i.id)).toEqual([ids.spam])
      const counts = await admin.call('GET', '/api/admin/counts')
      expect(counts.body).toMatchObject({
        success: true,
        counts: all.body.counts,
        latest: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      })
    })

    it('finds by name, e-mail, message and phone digits written any way, in any case', async () => {
      const admin = await signedIn()
      const find = async (q: string) =>
        ((await admin.call('GET', `/api/admin/submissions?q=${encodeURIComponent(q)}`)).body.items as Item[]).map(
          (i) => i.id,
        )
      expect(await find(`${tag} furnace owner`)).toEqual([ids.furnace])
      expect(await find(`FURNACE.${tag}@EXAMPLE`)).toEqual([ids.furnace])
      expect(await find(`cold AIR ${tag}`)).toEqual([ids.furnace])
      expect(await find('410-555-0177')).toEqual([ids.furnace])
      expect(await find('(443) 555 0188')).toEqual([ids.ac])
      expect(await find(`${tag} 100%_\\`)).toEqual([])
      expect(await find(`\u0000\u0001${tag}\u001f "' * ^ - NEAR( AND OR NOT {name}:`)).toEqual([])
      expect(await find(`${tag}\u0000furnace`)).toEqual([ids.furnace])
    })

    it('filters by status and by service, "none" included', async () => {
      const admin = await signedIn()
      const ids_ = async (qs: string) =>
        ((await admin.call('GET', `/api/admin/submissions?q=${tag}&${qs}`)).body.items as Item[]).map((i) => i.id)
      expect(await ids_('service=ac-repair')).toEqual([ids.ac])
      expect((await ids_('service=none')).sort()).toEqual([ids.plain, ids.formula].sort())
      await admin.call('PATCH', `/api/admin/submissions/${ids.ac}`, { status: 'scheduled' })
      expect(await ids_('status=scheduled')).toEqual([ids.ac])
    })

    it('pages with a cursor through every row, each once', async () => {
      const admin = await signedIn()
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const res: Answer = await admin.call(
          'GET',
          `/api/admin/submissions?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        )
        seen.push(...(res.body.items as Item[]).map((i) => i.id))
        cursor = res.body.nextCursor as string | null
        pages++
      } while (cursor && pages < 100)
      const total = ((await admin.call('GET', '/api/admin/counts')).body.counts as { total: number }).total
      expect(seen).toHaveLength(total)
      expect(new Set(seen).size).toBe(total)
    })

    it.each([
      ['view=everything', /^view must be one of/],
      ['status=lost', /^status must be one of/],
      ['service=plumbing', /^service must be/],
      ['limit=0', /^limit must be/],
      ['limit=500', /^limit must be/],
      ['cursor=bm90LWEtY3Vyc29y', /^cursor is not/],
      [`q=${'x'.repeat(101)}`, /^Search for at most 100/],
    ])('refuses ?%s with 400', async (qs, error) => {
      const res = await (await signedIn()).call('GET', `/api/admin/submissions?${qs}`)
      expect(res.status).toBe(400)
      expect(res.body.error).toMatch(error)
    })

    it('marks read once (read_at kept), unread again, and changes the status; counts follow', async () => {
      const admin = await signedIn()
      const before = (await admin.call('GET', '/api/admin/counts')).body.counts as { unread: number }
      const read = await admin.call('PATCH', `/api/admin/submissions/${ids.plain}`, { is_read: true })
      expect(read.status).toBe(200)
      const item = read.body.item as Item
      expect(item).toMatchObject({ id: ids.plain, is_read: true, read_at: expect.stringMatching(/Z$/) })
      expect((read.body.counts as { unread: number }).unread).toBe(before.unread - 1)
      const again = await admin.call('PATCH', `/api/admin/submissions/${ids.plain}`, { is_read: true })
      expect((again.body.item as Item).read_at).toBe(item.read_at)
      const unread = await admin.call('PATCH', `/api/admin/submissions/${ids.plain}`, { is_read: false })
      expect(unread.body.item).toMatchObject({ is_read: false, read_at: null })
      for (const status of ['closed', 'new', 'completed', 'contacted']) {
        const res = await admin.call('PATCH', `/api/admin/submissions/${ids.plain}`, { status })
        expect(res.body.item).toMatchObject({ status })
      }
    })

    it('keeps client details, and refuses bad ones naming each field', async () => {
      const admin = await signedIn()
      const changes = {
        is_client: true,
        client_since: '2026-03-01',
        next_delivery_date: '2027-04-15',
        delivery_frequency: 'Twice a year',
        delivery_notes: 'Dog in the yard.\nFilter 16x25x1.',
      }
      const res = await admin.call('PATCH', `/api/admin/submissions/${ids.furnace}`, changes)
      expect(res.status).toBe(200)
      expect(res.body.item).toMatchObject(changes)
      const clients = await admin.call('GET', `/api/admin/submissions?view=clients&q=${tag}`)
      expect((clients.body.items as Item[]).map((i) => i.id)).toEqual([ids.furnace])

      const bad = await admin.call('PATCH', `/api/admin/submissions/${ids.furnace}`, {
        client_since: '03/01/2026',
        delivery_notes: 'x'.repeat(2001),
        status: 'lost',
        name: 'Renamed',
      })
      expect(bad.status).toBe(400)
      expect(Object.keys(bad.body.fields as object).sort()).toEqual([
        'client_since',
        'delivery_notes',
        'name',
        'status',
      ])
      expect((await admin.call('PATCH', `/api/admin/submissions/${ids.furnace}`, {})).status).toBe(400)
      expect((await admin.call('PATCH', `/api/admin/submissions/${ids.furnace}`, { is_read: 'yes' })).status).toBe(400)
      const row = await served.db.k
        .selectFrom('contact_submissions')
        .select(['name', 'delivery_notes'])
        .where('id', '=', ids.furnace)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ name: `${tag} Furnace Owner`, delivery_notes: 'Dog in the yard.\nFilter 16x25x1.' })
    })

    it('takes a request out of spam and queues its notification', async () => {
      const admin = await signedIn()
      const res = await admin.call('PATCH', `/api/admin/submissions/${ids.spam}`, { is_spam: false })
      expect(res.body.item).toMatchObject({ is_spam: false, spam_reason: null })
      const outbox = await served.db.k
        .selectFrom('notification_outbox')
        .select('id')
        .where('submission_id', '=', ids.spam)
        .execute()
      expect(outbox).toHaveLength(1)
    })

    it('answers 404 for malformed and unknown ids', async () => {
      const admin = await signedIn()
      for (const id of ['not-a-uuid', "1' or '1'='1", '00000000-0000-4000-8000-000000000000']) {
        expect(
          (await admin.call('PATCH', `/api/admin/submissions/${encodeURIComponent(id)}`, { is_read: true })).status,
        ).toBe(404)
        expect((await admin.call('DELETE', `/api/admin/submissions/${encodeURIComponent(id)}`)).status).toBe(404)
      }
    })

    it('exports the current view as CSV, safe from formulas', async () => {
      const admin = await signedIn()
      const res = await fetch(`${served.server.url}/api/admin/submissions.csv?q=${tag}`, {
        headers: { cookie: admin.cookie },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="longbar-requests-all-\d{4}-\d\d-\d\d\.csv"$/,
      )
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
      expect(text.startsWith('\ufeff"Received (America/New York)","Name","Phone","E-mail","Service","Message",')).toBe(
        true,
      )
      const listed = (await admin.call('GET', `/api/admin/submissions?q=${tag}`)).body.items as Item[]
      expect(listed.length).toBeGreaterThanOrEqual(4)
      // A header, then one line per listed request (a quoted message may hold a line break), every cell quoted.
      const lines = text.trimEnd().split(/\r\n(?="\d{4}-\d\d-\d\d \d\d:\d\d")/)
      expect(lines).toHaveLength(1 + listed.length)
      for (const line of lines) expect(line).toMatch(/^\ufeff?"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/)
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""${tag}"")"`)
      expect(text).toContain(`"'@SUM(1+1)\n""quoted"", with comma"`)
      expect(text).toContain(`,"'+1 410 555 0111",`)
      expect(text).toContain(`,"Heating Repair",`)
      expect(text).not.toMatch(/(^|,)"[-=@+]/m)
    })

    it('exports the ZIP code, its place, outside the area, the out-now answer and the time to call back', async () => {
      const admin = await signedIn()
      await send({
        name: `${tag} Csv Inside`,
        phone: '4105550131',
        zip: '21078',
        outNow: 'yes',
        callbackTime: 'afternoon',
      })
      await send({ name: `${tag} Csv Outside`, phone: '4105550132', zip: '90210' })
      const res = await fetch(`${served.server.url}/api/admin/submissions.csv?q=${encodeURIComponent(`${tag} Csv`)}`, {
        headers: { cookie: admin.cookie },
      })
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
      const [header, ...rows] = text
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n')
      const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"'))
      const names = cells(header!)
      const pick = (line: string) => {
        const row = cells(line)
        return Object.fromEntries(
          ['Name', 'ZIP code', 'Place', 'Outside area', 'Out right now', 'Call back', 'Urgent'].map((h) => [
            h,
            row[names.indexOf(h)],
          ]),
        )
      }
      // In the inbox's order: the urgent request (out right now) first.
      expect(rows.map(pick)).toEqual([
        {
          Name: `${tag} Csv Inside`,
          'ZIP code': '21078',
          Place: 'Havre de Grace',
          'Outside area': 'no',
          'Out right now': 'yes',
          'Call back': 'Afternoon',
          Urgent: 'Out right now',
        },
        {
          Name: `${tag} Csv Outside`,
          'ZIP code': '90210',
          Place: '',
          'Outside area': 'yes',
          'Out right now': '',
          'Call back': '',
          Urgent: '',
        },
      ])
    })

    it('exports the notes and the history, one column each, an entry a line, oldest first, safe from formulas', async () => {
      const admin = await signedIn()
      const id = await send({ name: `${tag} Csv History`, phone: '4105550133' })
      await admin.call('POST', `/api/admin/submissions/${id}/contacts`, { channel: 'call' })
      await admin.call('POST', `/api/admin/submissions/${id}/notes`, { text: '=1+1 no answer, try 5 pm' })
      await admin.call('PATCH', `/api/admin/submissions/${id}`, { status: 'scheduled' })
      await admin.call('POST', `/api/admin/submissions/${id}/notes`, { text: 'Booked Tuesday' })
      const res = await fetch(
        `${served.server.url}/api/admin/submissions.csv?q=${encodeURIComponent(`${tag} Csv History`)}`,
        { headers: { cookie: admin.cookie } },
      )
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
      const [header, row] = text
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n')
      const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"'))
      const names = cells(header!)
      const values = cells(row!)
      const at = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d'
      expect(values[names.indexOf('Notes')]).toMatch(
        new RegExp(`^${at} =1\\+1 no answer, try 5 pm\\n${at} Booked Tuesday$`),
      )
      expect(values[names.indexOf('History')]).toMatch(
        new RegExp(`^${at} Marked as read\\n${at} Called\\n${at} Status: new → scheduled$`),
      )
    })

    it('deletes a request to the trash, where it can be restored', async () => {
      const admin = await signedIn()
      const id = await send({ name: `${tag} Delete Me`, phone: '4105550122' })
      const res = await admin.call('DELETE', `/api/admin/submissions/${id}`)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        success: true,
        item: { id, deleted_at: expect.any(String) },
        counts: expect.any(Object),
      })
      const view = async (name: string) =>
        ((await admin.call('GET', `/api/admin/submissions?view=${name}&q=${tag}`)).body.items as Item[]).map(
          (i) => i.id,
        )
      expect(await view('all')).not.toContain(id)
      expect(await view('trash')).toContain(id)
      const restored = await admin.call('POST', `/api/admin/submissions/${id}/restore`)
      expect(restored.body).toMatchObject({ success: true, item: { id, deleted_at: null } })
      expect(await view('all')).toContain(id)
      expect(await view('trash')).not.toContain(id)
      expect((await admin.call('DELETE', `/api/admin/submissions/00000000-0000-4000-8000-000000000000`)).status).toBe(
        404,
      )
    })
  })
})

describe('on https', () => {
  it('names the cookie __Host-longbar_admin and marks it Secure', async () => {
    const storage = await createStorage('SQLite')
    const server = await startServer({
      DATABASE_URL: storage.databaseUrl,
      ADMIN_PASSWORD: PASSWORD,
      PUBLIC_ORIGIN: 'https://www.longbar-hvac.example',
    })
    try {
      const res = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://www.longbar-hvac.example' },
        body: JSON.stringify({ password: PASSWORD }),
      })
      expect(res.status).toBe(200)
      const [cookie, device] = res.headers.getSetCookie()
      expect(cookie).toMatch(
        /^__Host-longbar_admin=[\w-]{43}; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
      )
      expect(device).toMatch(
        /^__Host-longbar_device=[\w.-]{66}; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
      )
    } finally {
      await server.stop()
      await storage.remove()
    }
  })
})
