// A real webhook receiver in the process of a test or a benchmark (node:http on 127.0.0.1): it
// checks each POST's Standard Webhooks signature as a receiver would (its own code, written from
// the spec, not the server's signing function), answers what it is told (200, 500, 410…), can go
// down and come back on the same port, and keeps what arrived.
import { createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

type ReceivedHook = {
  id: string
  timestamp: number
  /** The signature verified with the secret, and the timestamp within 5 minutes of now. */
  valid: boolean
  body: string
  json: unknown
  headers: http.IncomingHttpHeaders
  path: string
  /** When it arrived (ms since the epoch). */
  at: number
  /** What this receiver answered. */
  answered: number
}

export type WebhookReceiver = {
  port: number
  url: string
  /** Every POST, including those answered with an error. */
  all: ReceivedHook[]
  /** The POSTs answered 2xx. */
  delivered(): ReceivedHook[]
  /** The status answered from now on (200 by default). */
  answer(status: number): void
  /** Resolves once at least `count` POSTs were answered 2xx. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedHook[]>
  /** Stops listening (connections refused) until `up()`. */
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

/** Verifies `webhook-signature` as https://www.standardwebhooks.com describes it. */
function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id'] ?? '')
  const timestamp = String(headers['webhook-timestamp'] ?? '')
  const signatures = String(headers['webhook-signature'] ?? '').split(' ')
  if (!id || !/^\d+$/.test(timestamp)) return false
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
  return signatures.some((s) => {
    const [version, value] = s.split(',')
    if (version !== 'v1' || !value) return false
    const given = Buffer.from(value, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}

export async function startWebhookReceiver(secret: string, port = 0): Promise<WebhookReceiver> {
  const all: ReceivedHook[] = []
  let status = 200
  let server: http.Server
  const sockets = new Set<Socket>()

  const listen = async (on: number) => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        let json: unknown
        try {
          json = JSON.parse(body)
        } catch {
          json = undefined
        }
        all.push({
          id: String(req.headers['webhook-id'] ?? ''),
          timestamp: Number(req.headers['webhook-timestamp']),
          valid: verifyStandardWebhook(secret, req.headers, body),
          body,
          json,
          headers: req.headers,
          path: req.url ?? '',
          at: Date.now(),
          answered: status,
        })
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no')
      })
    })
    server.on('connection', (s) => {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(on, '127.0.0.1', () => resolve())
    })
    return (server.address() as AddressInfo).port
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy()
      server.close(() => resolve())
    })

  const actual = await listen(port)
  const delivered = () => all.filter((h) => h.answered >= 200 && h.answered < 300)
  return {
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    all,
    delivered,
    answer: (s) => {
      status = s
    },
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs
      while (delivered().length < count) {
        if (Date.now() > until)
          throw new Error(
            `expected ${count} webhooks, got ${delivered().length} (${all.length} tries) in ${timeoutMs} ms`,
          )
        await new Promise((r) => setTimeout(r, 25))
      }
      return delivered()
    },
    down: stop,
    async up() {
      await listen(actual)
    },
    close: stop,
  }
}
