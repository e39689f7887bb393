// GET /metrics: the Prometheus text format (prom-client), for a monitoring system to scrape
// (docs/operations.md, Metrics; deploy/alerts.yml has example rules). Shown to this machine
// (behind a reverse proxy, with TRUST_PROXY set right) or to a scraper sending METRICS_TOKEN as
// a bearer token; everyone else gets 403. The outbox's figures are read from the database at
// each scrape; the others are counted as things happen (metrics.ts).
import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { Gauge } from 'prom-client'
import type { AppEnv } from './app.ts'
import type { Db } from './db/client.ts'
import { outboxBacklogByChannel } from './db/outbox.ts'
import { registry } from './metrics.ts'
import { clientAddress, isLoopback } from './request.ts'

/** The outbox's gauges, read from the database when scraped. */
function outboxGauges(db: Db): void {
  const read = () => outboxBacklogByChannel(db)
  let latest: ReturnType<typeof read> | undefined
  // One query serves both gauges of a scrape (prom-client collects them together); the next
  // scrape reads afresh.
  const backlog = () => (latest ??= read().finally(() => (latest = undefined)))
  new Gauge({
    name: 'longbar_outbox_depth',
    help: 'Alerts waiting to be sent, per channel ("event": a new event not yet fanned out to the channels).',
    labelNames: ['channel'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      for (const row of await backlog()) this.set({ channel: row.channel }, row.pending)
    },
  })
  new Gauge({
    name: 'longbar_outbox_oldest_age_seconds',
    help: 'Age of the oldest alert waiting to be sent, per channel.',
    labelNames: ['channel'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      const now = Date.now()
      for (const row of await backlog())
        this.set({ channel: row.channel }, Math.max(0, (now - Date.parse(row.oldest)) / 1000))
    },
  })
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** GET /metrics, for this machine or a bearer of `token` (METRICS_TOKEN). */
export function metricsApi({ db, trustProxy, token }: { db: Db; trustProxy: number; token: string | undefined }) {
  outboxGauges(db)
  return new Hono<AppEnv>().get('/', async (c) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
    const allowed =
      (token !== undefined && bearer !== undefined && sameToken(bearer, token)) ||
      isLoopback(clientAddress(c, trustProxy))
    c.header('cache-control', 'no-store')
    if (!allowed) return c.json({ success: false, error: 'Forbidden' }, 403)
    return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType })
  })
}
