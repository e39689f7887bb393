// The office hears of every request exactly once: the outbox and its mail worker against a real
// SMTP server (in this process), on SQLite and PostgreSQL, with the mail server down for a
// while, and with two server instances sharing one PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { composeNotification } from '../../src/server/mail/notification.ts'
import { smtpSender } from '../../src/server/mail/transport.ts'
import { startAlertWorker, type AlertWorker } from '../../src/server/alerts/worker.ts'
import { emailChannel } from '../../src/server/alerts/email.ts'
import { TargetGone, type Channel, type Delivery } from '../../src/server/alerts/channel.ts'
import { listActivity } from '../../src/server/db/activity.ts'
import { createLogger } from '../../src/server/log.ts'
import { startServer, type RunningServer } from '../../scripts/lib/server.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'

const quiet = createLogger('error', () => undefined)
const ORIGIN = 'https://www.longbar-hvac.example'
let clients = 0
const store = (db: Db, message: Parameters<typeof storeContactRequest>[1]['message']) =>
  storeContactRequest(db, { message, clientKey: `test-${clients++}` })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.each(STORAGE_KINDS)('the mail worker on %s', (kind) => {
  let storage: StorageTarget
  let db: Db
  let smtp: TestSmtp | undefined
  let worker: AlertWorker | undefined
  let sender: ReturnType<typeof smtpSender> | undefined

  beforeAll(async () => {
    storage = await createStorage(kind)
    db = await storage.open()
  })
  afterEach(async () => {
    await worker?.stop()
    sender?.close()
    await smtp?.close()
    worker = sender = smtp = undefined
    await db.k.deleteFrom('notification_outbox').execute()
    await db.k.deleteFrom('contact_submissions').execute()
  })
  afterAll(async () => {
    await db?.close()
    await storage?.remove()
  })

  const startWorker = (
    smtpUrl: string,
    options: { retryBaseMs?: number; idlePollMs?: number; more?: Channel[] } = {},
  ) => {
    sender = smtpSender(smtpUrl)
    const email = emailChannel({
      to: 'office@longbar-hvac.example',
      send: sender.send,
      compose: (s, event) =>
        composeNotification(
          s,
          {
            company: 'Longbar Heating & Cooling',
            publicOrigin: ORIGIN,
            from: 'website@longbar-hvac.example',
            to: 'office@longbar-hvac.example',
          },
          event,
        ),
    })
    worker = startAlertWorker({
      db,
      channels: [email, ...(options.more ?? [])],
      log: quiet,
      idlePollMs: options.idlePollMs ?? 100,
      retryBaseMs: options.retryBaseMs ?? 200,
    })
    return worker
  }

  it('e-mails the office once per request, with every field and a link to the inbox; never for spam', async () => {
    smtp = await startSmtp()
    const a = await store(db, {
      name: 'Dana Whitaker',
      phone: '(410) 555-0199',
      email: 'dana@example.com',
      service: 'heating-repair',
      message: 'No heat since 6 am.\nTwo kids at home.',
      page: '/contact',
      referrer: 'https://www.google.com/',
    })
    const b = await store(db, { name: 'Sam Ortiz', phone: '410.555.0123' })
    await store(db, { name: 'Bot', phone: '4105550000', website: 'http://spam.example' })
    startWorker(smtp.url)
    const mails = await smtp.waitFor(2)
    await sleep(500)
    expect(mails).toHaveLength(2)

    const dana = mails.find((m) => m.text.includes('Dana Whitaker'))!
    expect(dana.to).toEqual(['office@longbar-hvac.example'])
    expect(dana.subject).toBe('New request: Dana Whitaker – Heating Repair')
    expect(dana.headers['reply-to']).toBe('dana@example.com')
    expect(dana.headers['message-id']).toBe(`<request-${a.stored && a.id}@www.longbar-hvac.example>`)
    for (const expected of [
      'Name:    Dana Whitaker',
      'Phone:   (410) 555-0199',
      'Email:   dana@example.com',
      'Service: Heating Repair',
      '  No heat since 6 am.\n  Two kids at home.',
      'Sent from: /contact (visitor came from https://www.google.com/)',
      `Open the inbox: ${ORIGIN}/admin`,
    ]) {
      expect(dana.text).toContain(expected)
    }
    const sam = mails.find((m) => m.text.includes('Sam Ortiz'))!
    expect(sam.headers['reply-to']).toBeUndefined()
    expect(sam.text).toContain('Email:   (none given)')
    expect(sam.text).toContain('Service: Not specified')
    expect(sam.headers['x-request-id']).toBe(b.stored ? b.id : '')

    // Two events (the spam had none), each fanned out to one e-mail; all done, each at the first attempt.
    const outbox = await db.k.selectFrom('notification_outbox').selectAll().orderBy('id').execute()
    expect(outbox.map((r) => [r.channel, r.event, r.attempts, r.sent_at !== null])).toEqual([
      [null, 'new', 1, true],
      [null, 'new', 1, true],
      ['email', 'new', 1, true],
      ['email', 'new', 1, true],
    ])
    // Each delivery is on its request's timeline.
    if (a.stored) {
      expect((await listActivity(db, a.id)).map((e) => [e.kind, e.detail])).toEqual([
        ['notified', 'E-mail to office@longbar-hvac.example'],
      ])
    }
    expect(await worker!.runOnce()).toBe(false)
  })

  it('sends markup and formulas as inert plain text', async () => {
    smtp = await startSmtp()
    await store(db, {
      name: '<b>Eve</b> =cmd|"/c calc"!A1',
      phone: '4105550101',
      message: '<script>alert(1)</script>\r\n=HYPERLINK("http://x")',
    })
    startWorker(smtp.url)
    const [mail] = await smtp.waitFor(1)
    expect(mail!.headers['content-type']).toMatch(/^text\/plain/)
    expect(mail!.text).toContain('<b>Eve</b> =cmd|"/c calc"!A1')
    expect(mail!.text).toContain('  <script>alert(1)</script>\n  =HYPERLINK("http://x")')
  })

  it('keeps retrying while the mail server is down and delivers each notification once when it returns', async () => {
    // A port with nothing listening: the mail server is "down".
    const probe = await startSmtp()
    const port = probe.port
    await probe.close()
    for (let i = 1; i <= 3; i++) await store(db, { name: `Waiting ${i}`, phone: `410555010${i}` })
    startWorker(`smtp://127.0.0.1:${port}`)
    await sleep(1_500)
    const waiting = await db.k.selectFrom('notification_outbox').selectAll().where('channel', '=', 'email').execute()
    expect(waiting).toHaveLength(3)
    expect(
      waiting.every((r) => r.sent_at === null && r.attempts >= 1 && /ECONNREFUSED|connect/i.test(r.last_error ?? '')),
    ).toBe(true)

    smtp = await startSmtp(port)
    const mails = await smtp.waitFor(3, 20_000)
    await sleep(1_000)
    expect(mails.map((m) => /Name: +(.*)/.exec(m.text)?.[1]).sort()).toEqual(['Waiting 1', 'Waiting 2', 'Waiting 3'])
    const sent = await db.k.selectFrom('notification_outbox').selectAll().where('channel', '=', 'email').execute()
    expect(sent.every((r) => r.sent_at !== null && r.last_error === null)).toBe(true)
    // The timeline says it failed, then went out on a later attempt.
    const timeline = await listActivity(db, sent[0]!.submission_id)
    expect(timeline[0]).toMatchObject({
      kind: 'notified',
      detail: expect.stringMatching(/^E-mail to office@longbar-hvac\.example \(attempt \d+\)$/),
    })
    expect(timeline.at(-1)).toMatchObject({
      kind: 'notify_failed',
      detail: expect.stringMatching(/^E-mail to office@longbar-hvac\.example: .*(ECONNREFUSED|connect)/i),
    })
  })

  it('fans each request out to every channel and target: one channel down holds up no other, and each is sent once', async () => {
    const probe = await startSmtp()
    const port = probe.port
    await probe.close()
    const got: Delivery[] = []
    let gone = 0
    const devices: Channel = {
      name: 'push',
      targets: (_trx, event) => Promise.resolve(event === 'new' ? ['phone', 'tablet', 'old-phone'] : []),
      describe: (d) => `Test device ${d.target}`,
      deliver: (d) => {
        if (d.target === 'old-phone') {
          gone++
          return Promise.reject(new TargetGone('410 Gone'))
        }
        got.push(d)
        return Promise.resolve()
      },
    }
    const a = await store(db, { name: 'Fan Out', phone: '4105550111' })
    startWorker(`smtp://127.0.0.1:${port}`, { more: [devices] })
    // The mail server is down; the devices get theirs at once.
    await expect.poll(() => got.length, { timeout: 5_000 }).toBe(2)
    expect(got.map((d) => [d.target, d.event, d.attempts]).sort()).toEqual([
      ['phone', 'new', 1],
      ['tablet', 'new', 1],
    ])
    await sleep(800)
    expect(got).toHaveLength(2)
    expect(gone).toBe(1)
    if (!a.stored) throw new Error('not stored')
    const timeline = (await listActivity(db, a.id)).map((e) => `${e.kind}: ${e.detail}`)
    expect(timeline).toEqual(
      expect.arrayContaining([
        'notified: Test device phone',
        'notified: Test device tablet',
        'notify_failed: Test device old-phone: 410 Gone (not retried)',
        expect.stringMatching(/^notify_failed: E-mail to office@longbar-hvac\.example: /),
      ]),
    )
    const email = await db.k.selectFrom('notification_outbox').selectAll().where('channel', '=', 'email').execute()
    expect(email.map((r) => r.sent_at)).toEqual([null])
  })
})

describe('two server instances on one PostgreSQL', () => {
  let storage: StorageTarget
  let smtp: TestSmtp
  const servers: RunningServer[] = []

  beforeAll(async () => {
    storage = await createStorage('PostgreSQL')
    smtp = await startSmtp()
    const env = {
      DATABASE_URL: storage.databaseUrl,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'office@longbar-hvac.example',
      TRUST_PROXY: '1',
    }
    servers.push(await startServer(env), await startServer(env))
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await smtp?.close()
    await storage?.remove()
  })

  it('sends each notification exactly once, whichever instance stored the request', async () => {
    const count = 40
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i}` },
          body: JSON.stringify({ name: `Customer ${i}`, phone: `410555${String(1000 + i)}` }),
        }).then((r) => r.status),
      ),
    )
    expect(answers).toEqual(Array(count).fill(201))
    await smtp.waitFor(count, 30_000)
    // Both workers keep polling: give them time to (wrongly) send something twice.
    await sleep(7_000)
    const names = smtp.received.map((m) => /Name: +(.*)/.exec(m.text)?.[1])
    expect(names).toHaveLength(count)
    expect(new Set(names).size).toBe(count)
    const db = await storage.open()
    try {
      const rows = await db.k.selectFrom('notification_outbox').select(['sent_at', 'locked_by']).execute()
      expect(rows.filter((r) => r.sent_at === null)).toEqual([])
      const senders = new Set(rows.map((r) => r.locked_by))
      expect(senders.size, 'both instances took part').toBe(2)
    } finally {
      await db.close()
    }
  })
})

describe('without SMTP_URL', () => {
  it('says so once at start, stores the request and keeps its notification waiting', async () => {
    const storage = await createStorage('SQLite')
    const server = await startServer({ DATABASE_URL: storage.databaseUrl })
    try {
      const res = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Dana', phone: '4105550199' }),
      })
      expect(res.status).toBe(201)
      await sleep(300)
      const warnings = server.records().filter((r) => String(r.msg).includes('SMTP_URL is not set'))
      expect(warnings).toHaveLength(1)
      const health = (await (await fetch(`${server.url}/healthz`)).json()) as {
        checks: { notifications: { detail: string } }
      }
      expect(health.checks.notifications.detail).toMatch(/^1 waiting \(no alert channel configured\)/)
    } finally {
      await server.stop()
      await storage.remove()
    }
  })
})
