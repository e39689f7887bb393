// GET /metrics on SQLite and PostgreSQL: the Prometheus text format, for this machine or a
// bearer of METRICS_TOKEN only; requests by route and status with durations, contact requests
// stored and refused, the outbox's depth and oldest age per channel (e-mail to a mail server
// that refuses connections here), failed deliveries, database time, the process's figures.
import { readFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, projectRoot, startServer, type RunningServer } from '../../scripts/lib/server.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'

const TOKEN = 'metrics-token-0123456789abcdef'

/** The value of one series (its name and exact labels), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe.each(STORAGE_KINDS)('GET /metrics on %s', (kind) => {
  let storage: StorageTarget
  let server: RunningServer
  let closedPort: net.Server
  beforeAll(async () => {
    storage = await createStorage(kind)
    // A mail server that answers nothing: every e-mail fails and waits to be retried.
    const port = await freePort()
    closedPort = net.createServer((socket) => socket.destroy()).listen(port, '127.0.0.1')
    server = await startServer({
      DATABASE_URL: storage.databaseUrl,
      TRUST_PROXY: 'true',
      METRICS_TOKEN: TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      NOTIFY_EMAIL: 'office@example.com',
    })
  })
  afterAll(async () => {
    await server?.stop()
    closedPort?.close()
    await storage?.remove()
  })

  const metrics = (headers: Record<string, string> = {}) => fetch(`${server.url}/metrics`, { headers })

  it('answers this machine and a bearer of the token; anyone else gets 403', async () => {
    const here = await metrics()
    expect(here.status).toBe(200)
    expect(here.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(await here.text()).toContain('# TYPE http_request_duration_seconds histogram')

    const visitor = { 'x-forwarded-for': '203.0.113.50' }
    const refused = await metrics(visitor)
    expect(refused.status).toBe(403)
    expect(await refused.text()).not.toContain('http_request')
    expect((await metrics({ ...visitor, authorization: 'Bearer wrong-token-0123456789abcdef' })).status).toBe(403)
    const scraper = await metrics({ ...visitor, authorization: `Bearer ${TOKEN}` })
    expect(scraper.status).toBe(200)
    expect(await scraper.text()).toContain('process_cpu_user_seconds_total')
  })

  it('counts requests, contact outcomes, the outbox, failed deliveries, database time and the process', async () => {
    const contact = (body: unknown) =>
      fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
        body: JSON.stringify(body),
      })
    expect((await contact({ name: 'Metrics Test', phone: '410-555-0150', message: 'No heat' })).status).toBe(201)
    expect((await contact({ name: '', phone: '12' })).status).toBe(400)
    expect((await fetch(`${server.url}/`)).status).toBe(200)

    // The e-mail fails against the dead mail server, and is counted, while it waits in the outbox.
    let text = ''
    const deadline = Date.now() + 15_000
    while (Date.now() < deadline) {
      text = await (await metrics()).text()
      if ((sample(text, 'longbar_alert_delivery_failures_total{channel="email",outcome="retry"}') ?? 0) >= 1) break
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(
      sample(text, 'longbar_alert_delivery_failures_total{channel="email",outcome="retry"}'),
    ).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'longbar_outbox_depth{channel="email"}')).toBe(1)
    expect(sample(text, 'longbar_outbox_oldest_age_seconds{channel="email"}')).toBeGreaterThan(0)

    expect(sample(text, 'http_request_duration_seconds_count{route="/api/contact",method="POST",status="201"}')).toBe(1)
    expect(sample(text, 'http_request_duration_seconds_count{route="/api/contact",method="POST",status="400"}')).toBe(1)
    expect(sample(text, 'http_request_duration_seconds_count{route="page",method="GET",status="200"}')).toBe(1)
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",route="page",method="GET",status="200"}')).toBe(
      1,
    )
    expect(sample(text, 'longbar_contact_requests_total{outcome="stored",reason="request"}')).toBe(1)
    expect(sample(text, 'longbar_contact_requests_total{outcome="refused",reason="invalid"}')).toBe(1)
    const database = kind === 'SQLite' ? 'sqlite' : 'postgres'
    expect(sample(text, `longbar_db_query_duration_seconds_count{database="${database}"}`)).toBeGreaterThan(3)
    expect(sample(text, `longbar_db_query_duration_seconds_sum{database="${database}"}`)).toBeGreaterThan(0)
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000)
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  })

  it('serves every metric the example alert rules (deploy/alerts.yml) use', async () => {
    const rules = (
      parse(readFileSync(path.join(projectRoot, 'deploy/alerts.yml'), 'utf8')) as {
        groups: { rules: { alert: string; expr: string }[] }[]
      }
    ).groups.flatMap((g) => g.rules)
    expect(rules.length).toBeGreaterThan(5)
    const text = await (await metrics()).text()
    for (const { alert, expr } of rules)
      for (const [name] of expr.matchAll(/\b(?:longbar|http|process|nodejs)_[a-z_]+/g)) {
        const family = name.replace(/_(bucket|count|sum)$/, '')
        expect(text, `${alert}: ${name}`).toMatch(new RegExp(`^# TYPE ${family} `, 'm'))
      }
  })
})
