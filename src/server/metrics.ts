// The metrics GET /metrics serves (metrics-api.ts; docs/operations.md, Metrics).
// The figures: every request by route, method and status with its duration; contact requests
// stored and refused (and why); what waits in the alert outbox per channel, and since when;
// failed deliveries; the database's time per query; the process's own (CPU, memory, event loop,
// handles: prom-client's defaults). One registry per process: the counters are module-level, so
// the modules that count (the request listener, the contact API, the alert worker, the database
// client) need nothing passed to them.
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'
import type { AlertChannel } from '../lead/alerts.ts'

/** Every metric of the process (served by metrics-api.ts). */
export const registry = new Registry()
collectDefaultMetrics({ register: registry })

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Requests by route, method and status, and the time to answer them (pages and assets: route "page" or "asset").',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
})

/** The routes named in the metrics (anything else is "other"): few, so the series stay few. */
const ROUTES = [
  '/api/contact',
  '/api/events',
  '/api/admin',
  '/admin',
  '/contact/sent',
  '/healthz',
  '/metrics',
  '/finance',
  '/user',
] as const
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The route a path counts under: one of ROUTES (by prefix), or "other". */
export function routeOf(path: string): string {
  for (const route of ROUTES) if (path === route || path.startsWith(`${route}/`)) return route
  return 'other'
}

/** One answered request: its route (routeOf, or "page"/"asset" for the prebuilt files), method, status, seconds. */
export function observeRequest(route: string, method: string | undefined, status: number, seconds: number): void {
  httpDuration.observe({ route, method: method && METHODS.has(method) ? method : 'other', status }, seconds)
}

const contactRequests = new Counter({
  name: 'longbar_contact_requests_total',
  help: 'Contact requests: stored (reason "request", or "spam": stored and filed as spam) or refused (reason "invalid", "rate_limited", "unavailable": the database did not take it).',
  labelNames: ['outcome', 'reason'] as const,
  registers: [registry],
})

/** A contact request's outcome. */
export function countContactRequest(
  outcome: 'stored' | 'refused',
  reason: 'request' | 'spam' | 'invalid' | 'rate_limited' | 'unavailable',
): void {
  contactRequests.inc({ outcome, reason })
}

const deliveryFailures = new Counter({
  name: 'longbar_alert_delivery_failures_total',
  help: 'Alert deliveries that failed, per channel: "retry" (to be tried again) or "gone" (the target no longer exists; dropped).',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
})

export function countFailedDelivery(channel: AlertChannel, outcome: 'retry' | 'gone'): void {
  deliveryFailures.inc({ channel, outcome })
}

const queryDuration = new Histogram({
  name: 'longbar_db_query_duration_seconds',
  help: 'Time of each database statement, as the server waited for it.',
  labelNames: ['database'] as const,
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
})

/** Kysely's `log` option: every statement's time into the histogram (client.ts). */
export const observeQueries =
  (database: 'sqlite' | 'postgres') =>
  (event: { queryDurationMillis: number }): void =>
    queryDuration.observe({ database }, event.queryDurationMillis / 1000)
