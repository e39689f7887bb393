// The findings of a black-box probe of the running server, each asked the way the probe asked it:
// prototype keys in a body, control and invisible characters in stored text, e-mail addresses
// that would add parameters to a mailto link, what /healthz tells a stranger, and addresses that
// only parse to a page's.
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { contactMessageSchema } from '../../src/lead/message.ts'
import { composeNotification } from '../../src/server/mail/notification.ts'
import { toSubmission } from '../../src/server/db/submissions.ts'
import { adminClient } from '../helpers/admin.ts'
import { ORIGIN, serveOn } from '../helpers/served.ts'
import { loadBuildInfo } from '../../src/server/build-info.ts'
import { distClient } from '../helpers/built-site.ts'

const PASSWORD = 'probe findings password'
/** The form's words as the built server says them ({phone} filled in). */
const copy = loadBuildInfo(distClient).contactForm

const served = serveOn('SQLite', PASSWORD)
let n = 0
/** A fresh public address per request, clear of the per-address limits (the server trusts one proxy). */
const address = () => `203.0.113.${++n}`

async function post(body: string, type = 'application/json') {
  const res = await fetch(`${served.server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': type, accept: 'application/json', 'x-forwarded-for': address() },
    body,
  })
  return { status: res.status, body: (await res.json()) as { success: boolean; error?: string; fields?: object } }
}

const stored = async (phone: string) =>
  (await served.db.k.selectFrom('contact_submissions').selectAll().where('phone', '=', phone).execute()).map(
    toSubmission,
  )

describe('bodies parsed without prototype keys', () => {
  it('a __proto__ key cannot slip a blank name past the trimming', async () => {
    const phone = '4105550301'
    const answer = await post(`{"__proto__": {"name": "   "}, "phone": "${phone}"}`)
    expect(answer.status).toBe(400)
    expect(answer.body.fields).toEqual({ name: copy.problems.name })
    expect(await stored(phone)).toEqual([])
  })

  it('nor can constructor.prototype, in JSON or in form data', async () => {
    const phone = '4105550302'
    const json = await post(`{"constructor": {"prototype": {"name": "   "}}, "phone": "${phone}"}`)
    expect(json.status).toBe(400)
    const form = await post(
      `__proto__=x&name=%20%20&phone=${phone}&__proto__%5Bname%5D=Mallory`,
      'application/x-www-form-urlencoded',
    )
    expect(form.status).toBe(400)
    expect(form.body.fields).toEqual({ name: copy.problems.name })
    expect(await stored(phone)).toEqual([])
  })
})

describe('no control characters in any stored text', () => {
  it('the envelope (page, referrer) is kept on one line, and so is the notification', async () => {
    const phone = '4105550303'
    const answer = await post(
      JSON.stringify({
        name: 'Dana Whitaker',
        phone,
        page: '/contact\r\nBcc: victim@example.com',
        referrer: 'https://search.example/\nX-Injected: yes\u0000\u0085',
      }),
    )
    expect(answer.status).toBe(201)
    const [row] = await stored(phone)
    expect(row?.source_page).toBe('/contact Bcc: victim@example.com')
    expect(row?.referrer).toBe('https://search.example/ X-Injected: yes')
    for (const value of [row?.name, row?.phone, row?.source_page, row?.referrer]) expect(value).not.toMatch(/\p{Cc}/u)
    const mail = composeNotification(row!, {
      company: 'Longbar',
      publicOrigin: ORIGIN,
      from: 'a@b.example',
      to: 'c@d.example',
    })
    expect(mail.text.split('\n').filter((line) => line.startsWith('X-Injected') || line.startsWith('Bcc'))).toEqual([])
  })

  it('a NUL in the message is refused with words about characters, not length', async () => {
    const phone = '4105550304'
    const answer = await post(JSON.stringify({ name: 'Dana', phone, message: 'The furnace\u0000 is out' }))
    expect(answer.status).toBe(400)
    expect(copy.problems.messageCharacters).not.toBe(copy.problems.message)
    expect(answer.body.fields).toEqual({ message: copy.problems.messageCharacters })
    const tooLong = await post(JSON.stringify({ name: 'Dana', phone, message: 'x'.repeat(5001) }))
    expect(tooLong.body.fields).toEqual({ message: copy.problems.message })
    expect(await stored(phone)).toEqual([])
  })

  it('line breaks, tabs and emoji joiners stay in a message; bidi controls go', async () => {
    const phone = '4105550305'
    const message = 'Line one\n\tLine two 👨‍👩‍👧 \u202Ereversed\u202C'
    expect((await post(JSON.stringify({ name: 'Dana', phone, message }))).status).toBe(201)
    const [row] = await stored(phone)
    expect(row?.message).toBe('Line one\n\tLine two 👨‍👩‍👧 reversed')
  })

  it('the client notes refuse control characters but line breaks', async () => {
    const phone = '4105550306'
    expect((await post(JSON.stringify({ name: 'Dana', phone }))).status).toBe(201)
    const [row] = await stored(phone)
    const admin = adminClient(served.server.url, { password: PASSWORD, origin: ORIGIN, from: address() })
    expect((await admin.login()).status).toBe(200)
    const path = `/api/admin/submissions/${row!.id}`
    const notes = await admin.call('PATCH', path, { delivery_notes: 'Gate code\u0000 1234' })
    expect(notes.status).toBe(400)
    expect(notes.body.fields).toEqual({ delivery_notes: expect.stringContaining('control characters') })
    expect((await admin.call('PATCH', path, { delivery_frequency: 'Twice\na year' })).status).toBe(400)
    expect((await admin.call('PATCH', path, { delivery_notes: 'Gate code 1234\nDog in the yard' })).status).toBe(200)
  })
})

describe('bidi and format characters removed from names and phones', () => {
  it('stores what the visitor meant', async () => {
    const answer = await post(
      JSON.stringify({
        name: '\u202EDana\u200B Whit\u00ADaker\uFEFF\u2066\u0000',
        phone: '\u2067410\u200D-555-0307\u2069',
      }),
    )
    expect(answer.status).toBe(201)
    const [row] = await stored('410-555-0307')
    expect(row?.name).toBe('Dana Whitaker')
  })

  it('a name made only of invisible characters is no name', async () => {
    const answer = await post(JSON.stringify({ name: '\u200B\u202E\uFEFF', phone: '4105550308' }))
    expect(answer.status).toBe(400)
    expect(answer.body.fields).toEqual({ name: copy.problems.name })
  })
})

describe('e-mail addresses limited to what the form allows', () => {
  it.each(['dana?bcc=victim@example.com@example.com', 'a&body=hi@example.com', 'dana%0A@example.com', 'maria@example'])(
    'refuses %s with the e-mail problem',
    async (email) => {
      const answer = await post(JSON.stringify({ name: 'Dana', phone: '4105550309', email }))
      expect(answer.status).toBe(400)
      expect(answer.body.fields).toEqual({ email: copy.problems.email })
    },
  )

  it.each(["o'brien+furnace@mail.example.co.uk", 'first.last@sub-domain.example.org'])('accepts %s', async (email) => {
    expect((await post(JSON.stringify({ name: 'Dana', phone: '4105550310', email }))).status).toBe(201)
  })

  it('the form field carries the same pattern, valid as the browser compiles it (v flag)', () => {
    const pattern = contactMessageSchema.properties.email.pattern
    expect(() => new RegExp(`^(?:${pattern})$`, 'v')).not.toThrow()
  })

  it('a stored address outside the pattern (adopted data) is no Reply-To', async () => {
    const phone = '4105550311'
    expect((await post(JSON.stringify({ name: 'Dana', phone, email: 'dana@example.com' }))).status).toBe(201)
    const [row] = await stored(phone)
    const options = { company: 'Longbar', publicOrigin: ORIGIN, from: 'a@b.example', to: 'c@d.example' }
    expect(composeNotification(row!, options).replyTo).toBe('dana@example.com')
    expect(composeNotification({ ...row!, email: 'x@y.example?bcc=z@w.example' }, options).replyTo).toBeUndefined()
  })
})

describe('/healthz', () => {
  const health = async (headers: Record<string, string>) => {
    const res = await fetch(`${served.server.url}/healthz`, { headers })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it('tells the public its status only', async () => {
    expect(await health({ 'x-forwarded-for': address() })).toEqual({ status: 200, body: { status: 'ok' } })
  })

  it('gives the details to a signed-in admin, and to this machine', async () => {
    const from = address()
    const admin = adminClient(served.server.url, { password: PASSWORD, origin: ORIGIN, from })
    expect((await admin.login()).status).toBe(200)
    const signedIn = await health({ 'x-forwarded-for': from, cookie: admin.cookie })
    expect(signedIn.body).toMatchObject({ status: 'ok', checks: { database: { ok: true, detail: 'sqlite' } } })
    // No proxy header: the asker is the socket's address, 127.0.0.1.
    const local = await health({})
    expect(local.body).toMatchObject({ status: 'ok', checks: { notifications: { ok: true } } })
  })
})

describe('addresses that only parse to a page', () => {
  /** A raw HTTP/1.1 request line, as a probe writes it (fetch would normalize the path). */
  async function rawStatus(method: string, target: string): Promise<number> {
    const { port } = new URL(served.server.url)
    const socket = net.connect(Number(port), '127.0.0.1')
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
    let text = ''
    for await (const chunk of socket) text += String(chunk)
    return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1])
  }

  it.each([
    ['GET', '/contact/%2e%2e/'],
    ['GET', '/about/%2E%2E'],
    ['HEAD', '/contact/%2e%2e/'],
    ['GET', 'http://localhost/contact'],
  ])('%s %s is not found', async (method, target) => {
    expect(await rawStatus(method, target)).toBe(404)
  })

  it('another method on a page is still not allowed', async () => {
    expect(await rawStatus('DELETE', '/contact')).toBe(405)
  })
})
