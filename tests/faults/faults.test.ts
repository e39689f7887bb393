// Faults, and nothing acknowledged lost: the server killed with -9 mid-traffic, PostgreSQL gone
// mid-traffic, the mail server or the push service down for a while, SIGTERM with requests in flight. Every request
// that got a 2xx must be in the database. Each test prints its figures (attempts, acknowledged,
// stored) and adds them to .reports/faults.json.
import { mkdirSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import http from 'node:http'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { startServer, projectRoot, type RunningServer } from '../../scripts/lib/server.ts'
import { startSmtp } from '../helpers/smtp.ts'
import { startPushReceiver } from '../../scripts/lib/push-receiver.ts'
import { saveSubscription } from '../../src/server/db/push.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'
import { startTcpProxy } from '../helpers/tcp-proxy.ts'
import { startWebhookReceiver } from '../../scripts/lib/webhook-receiver.ts'

const PHONE = '(410) 555-0142'
const figures: Record<string, unknown> = {}
afterAll(() => {
  mkdirSync(path.join(projectRoot, '.reports'), { recursive: true })
  writeFileSync(path.join(projectRoot, '.reports/faults.json'), `${JSON.stringify(figures, null, 2)}\n`)
})
const report = (name: string, values: Record<string, unknown>) => {
  figures[name] = values
  console.log(
    `${name}: ${Object.entries(values)
      .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
      .join(', ')}`,
  )
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Outcome = {
  name: string
  status?: number
  error?: string
  body?: { success?: boolean; error?: string }
  startedAt: number
  ms: number
}

let sequence = 0
/** Sends uniquely named requests from `concurrency` loops until `stop()` says so. */
async function traffic(
  url: () => string,
  { concurrency, stop, prefix }: { concurrency: number; stop: () => boolean; prefix: string },
): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop()) {
        const n = sequence++
        const name = `${prefix} ${n}`
        const startedAt = Date.now()
        try {
          const res = await fetch(`${url()}/api/contact`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({ name, phone: '(410) 555-0199', message: 'Fault test', elapsedMs: 9000 }),
            signal: AbortSignal.timeout(15_000),
          })
          const body = (await res.json().catch(() => ({}))) as Outcome['body']
          outcomes.push({ name, status: res.status, ...(body ? { body } : {}), startedAt, ms: Date.now() - startedAt })
        } catch (error) {
          outcomes.push({
            name,
            error: (error as Error).cause
              ? String((error as Error & { cause: Error }).cause.message)
              : (error as Error).message,
            startedAt,
            ms: Date.now() - startedAt,
          })
          await sleep(20)
        }
      }
    }),
  )
  return outcomes
}

async function storedNames(db: Db, prefix: string): Promise<Set<string>> {
  const rows = await db.k
    .selectFrom('contact_submissions')
    .select('name')
    .where('name', 'like', `${prefix} %`)
    .execute()
  return new Set(rows.map((r) => r.name))
}

describe.each(STORAGE_KINDS)('kill -9 mid-traffic on %s', (kind) => {
  let storage: StorageTarget
  afterAll(async () => storage?.remove())

  it('keeps every request that was acknowledged', async () => {
    storage = await createStorage(kind)
    const server = await startServer({ DATABASE_URL: storage.databaseUrl, TRUST_PROXY: '1' })
    let killed = false
    const load = traffic(() => server.url, { concurrency: 16, stop: () => killed, prefix: `kill-${kind}` })
    await sleep(1_500)
    server.process.kill('SIGKILL')
    killed = true
    await server.stop()
    const outcomes = await load

    // Start again on the same storage: it must open (SQLite replays its log) and hold every acknowledged row.
    const again = await startServer({ DATABASE_URL: storage.databaseUrl })
    await again.stop()
    const db = await storage.open()
    const stored = await storedNames(db, `kill-${kind}`)
    await db.close()
    const acknowledged = outcomes.filter((o) => o.status === 201)
    const lost = acknowledged.filter((o) => !stored.has(o.name))
    report(`kill -9 on ${kind}`, {
      attempts: outcomes.length,
      acknowledged: acknowledged.length,
      stored: stored.size,
      'acknowledged but missing': lost.length,
      'failed in flight': outcomes.filter((o) => o.error).length,
    })
    expect(acknowledged.length).toBeGreaterThan(100)
    expect(lost).toEqual([])
    expect(outcomes.filter((o) => o.status !== undefined && o.status !== 201)).toEqual([])
  })
})

describe('PostgreSQL gone mid-traffic', () => {
  it('answers a clear 503 with the phone number (never a hang, never a 2xx unsaved), reports unhealthy, and recovers by itself', async () => {
    const storage = await createStorage('PostgreSQL')
    const proxy = await startTcpProxy('127.0.0.1', 5432)
    const viaProxy = new URL(storage.databaseUrl)
    viaProxy.port = String(proxy.port)
    const server: RunningServer = await startServer({ DATABASE_URL: viaProxy.toString(), TRUST_PROXY: '1' })
    try {
      let stop = false
      const load = traffic(() => server.url, { concurrency: 8, stop: () => stop, prefix: 'pg-down' })
      await sleep(1_500)
      const cutAt = Date.now()
      await proxy.cut()
      await sleep(1_000)
      const health = await fetch(`${server.url}/healthz`)
      const healthBody = (await health.json()) as { status: string; checks: { database: { ok: boolean } } }
      await sleep(3_000)
      const restoredAt = Date.now()
      await proxy.restore()
      // It must come back without a restart: wait for the first success after the restore.
      let recoveredAt = 0
      while (!recoveredAt && Date.now() - restoredAt < 15_000) {
        await sleep(100)
        const ok = (await fetch(`${server.url}/healthz`)).status === 200
        if (ok) recoveredAt = Date.now()
      }
      await sleep(1_500)
      stop = true
      const outcomes = await load

      const db = await storage.open()
      const stored = await storedNames(db, 'pg-down')
      await db.close()
      const acknowledged = outcomes.filter((o) => o.status === 201)
      const refused = outcomes.filter((o) => o.status === 503)
      const during = outcomes.filter((o) => o.startedAt >= cutAt && o.startedAt < restoredAt)
      report('PostgreSQL down', {
        attempts: outcomes.length,
        acknowledged: acknowledged.length,
        stored: stored.size,
        '503 answers': refused.length,
        'slowest answer while down (ms)': Math.max(...during.map((o) => o.ms)),
        'recovered after restore (ms)': recoveredAt - restoredAt,
      })
      expect(health.status).toBe(503)
      expect(healthBody).toMatchObject({ status: 'unhealthy', checks: { database: { ok: false } } })
      expect(refused.length).toBeGreaterThan(0)
      for (const o of refused) expect(o.body).toEqual({ success: false, error: expect.stringContaining(PHONE) })
      expect(outcomes.filter((o) => o.error || (o.status !== 201 && o.status !== 503))).toEqual([])
      expect(Math.max(...during.map((o) => o.ms))).toBeLessThan(5_000)
      expect(acknowledged.filter((o) => !stored.has(o.name))).toEqual([])
      expect(recoveredAt).toBeGreaterThan(0)
      expect(acknowledged.some((o) => o.startedAt > restoredAt)).toBe(true)
    } finally {
      await server.stop()
      await proxy.close()
      await storage.remove()
    }
  })
})

describe('the mail server down for a while', () => {
  it('loses no notification and sends none twice once it returns', async () => {
    const storage = await createStorage('SQLite')
    const probe = await startSmtp()
    const port = probe.port
    await probe.close()
    const server = await startServer({
      DATABASE_URL: storage.databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      NOTIFY_EMAIL: 'office@longbar-hvac.example',
      TRUST_PROXY: '1',
    })
    try {
      const count = 6
      for (let i = 0; i < count; i++) {
        const res = await fetch(`${server.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i}` },
          body: JSON.stringify({ name: `Mail wait ${i}`, phone: '4105550199' }),
        })
        expect(res.status).toBe(201)
      }
      await sleep(3_000)
      const smtp = await startSmtp(port)
      const upAt = Date.now()
      await smtp.waitFor(count, 40_000)
      const deliveredAfter = Date.now() - upAt
      await sleep(3_000)
      const names = smtp.received.map((m) => /Name: +(.*)/.exec(m.text)?.[1])
      const failures = server.records().filter((r) => r.msg === 'alert not sent; will retry').length
      report('SMTP down 3 s', {
        requests: count,
        'failed attempts while down': failures,
        delivered: names.length,
        distinct: new Set(names).size,
        'all delivered within (ms of return)': deliveredAfter,
      })
      await smtp.close()
      expect(names).toHaveLength(count)
      expect(new Set(names).size).toBe(count)
      expect(failures).toBeGreaterThanOrEqual(count)
    } finally {
      await server.stop()
      await storage.remove()
    }
  })
})

describe.each(STORAGE_KINDS)('the webhook receiver down for a while on %s', (kind) => {
  it('loses no webhook and sends none twice once it returns', async () => {
    const storage = await createStorage(kind)
    const secret = `whsec_${Buffer.from('fault test webhook secret, 32 b').toString('base64')}`
    const receiver = await startWebhookReceiver(secret)
    await receiver.down()
    const server = await startServer({
      DATABASE_URL: storage.databaseUrl,
      WEBHOOK_URLS: `${receiver.url}/hooks`,
      WEBHOOK_SECRET: secret,
      TRUST_PROXY: '1',
    })
    try {
      // Requests keep coming while the receiver is down, and for a while after it returns.
      let stop = false
      const prefix = `hook-${kind}`
      const load = traffic(() => server.url, { concurrency: 4, stop: () => stop, prefix })
      await sleep(3_000)
      await receiver.up()
      const upAt = Date.now()
      await sleep(1_000)
      stop = true
      const acknowledged = (await load).filter((o) => o.status === 201).map((o) => o.name)
      await receiver.waitFor(acknowledged.length, 60_000).catch(async (error: unknown) => {
        // Which ones are missing, their outbox rows, and what the server said of them.
        const got = new Set(receiver.delivered().map((h) => (h.json as { data: { name: string } }).data.name))
        const missing = acknowledged.filter((name) => !got.has(name))
        const db = await storage.open()
        const rows = await db.k
          .selectFrom('contact_submissions as s')
          .leftJoin('notification_outbox as o', 'o.submission_id', 's.id')
          .select(['s.name', 's.id', 's.created_at', 's.is_spam', 's.spam_reason', 's.suspicion', 's.folded_into'])
          .select(['o.channel', 'o.attempts', 'o.sent_at', 'o.next_attempt_at', 'o.locked_until', 'o.last_error'])
          .where('s.name', 'in', missing)
          .execute()
        await db.close()
        console.error('not delivered:', missing, rows, new Date().toISOString())
        const ids = new Set(rows.map((r) => r.id))
        console.error(
          server
            .records()
            .filter(
              (r) =>
                ids.has(r.submissionId as string) || (r.level !== 'info' && r.msg !== 'alert not sent; will retry'),
            ),
        )
        throw error
      })
      const deliveredAfter = Date.now() - upAt
      // Give every instance's retries time to (wrongly) send one again.
      await sleep(3_000)
      const names = receiver.delivered().map((h) => (h.json as { data: { name: string } }).data.name)
      const failures = server
        .records()
        .filter((r) => r.msg === 'alert not sent; will retry' && r.channel === 'webhook').length
      report(`webhook receiver down 3 s on ${kind}`, {
        acknowledged: acknowledged.length,
        'failed attempts while down': failures,
        delivered: names.length,
        distinct: new Set(names).size,
        'bad signatures': receiver.all.filter((h) => !h.valid).length,
        'all delivered within (ms of return)': deliveredAfter,
      })
      expect(acknowledged.length).toBeGreaterThan(20)
      expect(failures).toBeGreaterThan(0)
      expect([...names].sort()).toEqual([...acknowledged].sort())
      expect(new Set(receiver.delivered().map((h) => h.id)).size).toBe(names.length)
      expect(receiver.all.every((h) => h.valid)).toBe(true)
    } finally {
      await server.stop()
      await receiver.close()
      await storage.remove()
    }
  })
})

describe('SIGTERM with requests in flight', () => {
  it('finishes them, refuses new connections, then exits 0', async () => {
    const storage = await createStorage('SQLite')
    const server = await startServer({ DATABASE_URL: storage.databaseUrl, TRUST_PROXY: '1' })
    const { hostname, port } = new URL(server.url)
    // Requests whose bodies arrive in two parts, the second after the signal.
    const slow = (i: number) => {
      const body = JSON.stringify({ name: `Drain ${i}`, phone: '4105550199' })
      const req = http.request({
        host: hostname,
        port,
        method: 'POST',
        path: '/api/contact',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': `192.0.2.${100 + i}`,
        },
      })
      const status = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        })
        req.on('error', reject)
      })
      req.write(body.slice(0, 10))
      return { status, finish: () => req.end(body.slice(10)) }
    }
    const requests = [0, 1, 2, 3, 4].map(slow)
    await sleep(300)
    server.process.kill('SIGTERM')
    await sleep(300)
    const refused = await fetch(`${server.url}/healthz`).then(
      () => 'answered',
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    )
    for (const r of requests) r.finish()
    const statuses = await Promise.all(requests.map((r) => r.status))
    const [code] = (await once(server.process, 'exit')) as [number | null]
    const db = await storage.open()
    const stored = await storedNames(db, 'Drain')
    await db.close()
    await storage.remove()
    report('SIGTERM drain', {
      'in flight': statuses.length,
      answered201: statuses.filter((s) => s === 201).length,
      stored: stored.size,
      'new connection': refused,
      'exit code': code,
    })
    expect(statuses).toEqual([201, 201, 201, 201, 201])
    expect(stored.size).toBe(5)
    expect(refused).toBe('ECONNREFUSED')
    expect(code).toBe(0)
  })
})

describe('a brute-force run against the login', () => {
  it('is throttled: 5 password checks per address per 15 minutes, whatever the rate of guesses', async () => {
    const storage = await createStorage('SQLite')
    const server = await startServer({
      DATABASE_URL: storage.databaseUrl,
      TRUST_PROXY: '1',
      ADMIN_PASSWORD: 'the real admin password',
      PUBLIC_ORIGIN: 'http://localhost:3000',
    })
    const guess = (from: string, i: number) =>
      fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'x-forwarded-for': from },
        body: JSON.stringify({ password: `guess ${i}` }),
      }).then((r) => r.status)
    try {
      // One address guessing as fast as it can for 5 seconds, 8 guesses at a time.
      const statuses: number[] = []
      const until = Date.now() + 5_000
      let i = 0
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (Date.now() < until) statuses.push(await guess('203.0.113.66', i++))
        }),
      )
      const checked = statuses.filter((s) => s === 401).length
      const throttled = statuses.filter((s) => s === 429).length
      // Many addresses (a botnet): each gets its own 5, but past the overall allowance (4
      // addresses' worth) at most 4 password checks a second are made; the rest are told "busy"
      // (decision 040).
      const addresses = 40
      const started = Date.now()
      const spread = await Promise.all(
        Array.from({ length: addresses * 6 }, (_, k) => guess(`198.18.${Math.floor(k / 6)}.1`, k)),
      )
      const spreadSeconds = (Date.now() - started) / 1000
      report('login brute force', {
        'one address: guesses in 5 s': statuses.length,
        'password checks allowed': checked,
        'refused with 429': throttled,
        'checks allowed per minute per address': `${checked} per 15 minutes (${(checked / 15).toFixed(2)}/min)`,
        [`${addresses} addresses: guesses`]: spread.length,
        'checked (401)': spread.filter((s) => s === 401).length,
        'refused (429)': spread.filter((s) => s === 429).length,
        'argon2id checks per second, overall': (spread.filter((s) => s === 401).length / spreadSeconds).toFixed(1),
      })
      expect(checked).toBe(5)
      expect(throttled).toBe(statuses.length - 5)
      const spreadChecked = spread.filter((s) => s === 401).length
      expect(spreadChecked).toBeLessThanOrEqual(4 * 5 + 4 + Math.ceil(spreadSeconds * 4) + 1)
      expect(spreadChecked + spread.filter((s) => s === 429).length).toBe(spread.length)
      // The real password still opens the door from another address.
      const owner = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost:3000',
          'x-forwarded-for': '192.0.2.200',
        },
        body: JSON.stringify({ password: 'the real admin password' }),
      })
      expect(owner.status).toBe(200)
    } finally {
      await server.stop()
      await storage.remove()
    }
  })
})

describe('the push service down for a while', () => {
  it('loses no push and sends none twice once it returns', async () => {
    const storage = await createStorage('SQLite')
    const receiver = await startPushReceiver()
    // The server trusts the receiver's certificate as it would a real push service's.
    const server = await startServer({
      DATABASE_URL: storage.databaseUrl,
      TRUST_PROXY: '1',
      NODE_EXTRA_CA_CERTS: receiver.certFile,
      PUSH_PRIVATE_HOSTS: '127.0.0.1',
    })
    const db = await storage.open()
    try {
      // A phone subscribed with the server's key (made at its first start).
      const { public_key } = await db.k.selectFrom('push_keys').select('public_key').executeTakeFirstOrThrow()
      const phone = receiver.subscribe(public_key)
      await saveSubscription(db, { endpoint: phone.endpoint, ...phone.keys, device: 'Chrome on Android' })
      await receiver.down()

      const count = 6
      for (let i = 0; i < count; i++) {
        const res = await fetch(`${server.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i}` },
          body: JSON.stringify({ name: `Push wait ${i}`, phone: '4105550199' }),
        })
        expect(res.status).toBe(201)
      }
      await sleep(3_000)
      await receiver.up()
      const upAt = Date.now()
      await receiver.waitFor(count, 40_000)
      const deliveredAfter = Date.now() - upAt
      // The worker keeps polling: time to (wrongly) send one again.
      await sleep(6_000)
      const titles = receiver.received.map((r) => r.payload.title)
      const failures = server
        .records()
        .filter((r) => r.msg === 'alert not sent; will retry' && r.channel === 'push').length
      report('push service down 3 s', {
        requests: count,
        'failed attempts while down': failures,
        delivered: titles.length,
        distinct: new Set(titles).size,
        'refused by the receiver (bad signature or payload)': receiver.rejected.length,
        'all delivered within (ms of return)': deliveredAfter,
      })
      expect(receiver.rejected).toEqual([])
      expect(titles).toHaveLength(count)
      expect(new Set(titles)).toEqual(new Set(Array.from({ length: count }, (_, i) => `New request: Push wait ${i}`)))
      expect(failures).toBeGreaterThanOrEqual(count)
      const unsent = await db.k.selectFrom('notification_outbox').select('id').where('sent_at', 'is', null).execute()
      expect(unsent).toEqual([])
    } finally {
      await server.stop()
      await receiver.close()
      await db.close()
      await storage.remove()
    }
  })
})
