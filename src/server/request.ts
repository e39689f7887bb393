// What the API routes read off a request, the same way everywhere: the visitor's address, the
// body's media type, the body-size limit, and the body itself as a plain object.
import { isIP } from 'node:net'
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from './app.ts'
import type { Hit, Window } from './db/rate-limits.ts'
import type { Logger } from './log.ts'

/** The headers a reverse proxy writes with the address it saw. */
const FORWARDED_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const

/**
 * Forwarded headers that arrived while TRUST_PROXY is false (decision 040): behind a reverse proxy
 * every visitor then shares the proxy's address, so one stranger's requests use up everyone's
 * limits. Logged loudly once, at first sight, and shown in the inbox's alert-health banner.
 */
const untrusted: { since: string | null; warn: (header: string) => void } = { since: null, warn: () => undefined }

/** Where the first untrusted forwarded header is reported (src/server/main.ts gives the server's log). */
export function reportUntrustedForwarding(log: Logger): void {
  untrusted.warn = (header) =>
    log.warn(
      'forwarded headers arrive but TRUST_PROXY is false: every visitor behind the proxy counts as the proxy, so one visitor can use up the rate limits of all. Set TRUST_PROXY to the number of proxies in front of this server (docs/operations.md).',
      { alert: 'untrusted-proxy', header },
    )
}

/** When forwarded headers were first seen and ignored (TRUST_PROXY false), or null. */
export const untrustedForwardingSince = (): string | null => untrusted.since

/**
 * One address as a proxy wrote it, without what is not the address: `203.0.113.5:4711` (a port),
 * `[2001:db8::1]:443` or `[2001:db8::1]` (brackets), `"…"` (Forwarded's quotes), `for=` (Forwarded).
 */
export function bareAddress(entry: string): string {
  const text = entry
    .trim()
    .replace(/^for=/i, '')
    .replace(/^"(.*)"$/, '$1')
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed) return bracketed[1]!
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text)
  return v4WithPort ? v4WithPort[1]! : text
}

/**
 * The visitor's address, for rate limits: the one place that decides who the client is. Behind
 * reverse proxies (TRUST_PROXY=n) it is the n-th address from the right of X-Forwarded-For (the
 * left part is whatever the client wrote), each entry without a port or brackets.
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: number): string {
  const socketAddress = c.env.incoming.socket.remoteAddress ?? 'unknown'
  if (trustProxy === 0) {
    if (untrusted.since === null) {
      const header = FORWARDED_HEADERS.find((name) => c.req.header(name) !== undefined)
      if (header) {
        untrusted.since = new Date().toISOString()
        untrusted.warn(header)
      }
    }
    return socketAddress
  }
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map(bareAddress).filter(Boolean)
  // Each trusted proxy appended the address it saw; the last one's view is the socket itself.
  const chain = [...forwarded, socketAddress]
  return chain[Math.max(0, chain.length - 1 - trustProxy)] ?? socketAddress
}

/** An IPv6 address's eight groups, lower case, without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::')
  const front = head ? head.split(':') : []
  const back = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
    : front
  return groups.map((g) => g.replace(/^0+(?=.)/, ''))
}

/**
 * What the rate limits count a visitor by: an IPv4 address as it is, an IPv6 address by its /64
 * (one household or phone gets a whole /64 and can pick a fresh address in it at will).
 */
export function rateLimitKey(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (v4) return v4[1]!
  if (isIP(address) !== 6) return address.slice(0, 100)
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`
}

/**
 * The second, wider bucket an IPv6 visitor is also counted in: its /48 (a site's whole allocation,
 * 65,536 /64s), so fresh /64s from one network do not each get a full allowance. None for IPv4.
 */
export function wideRateLimitKey(address: string): string | undefined {
  if (/^::ffff:/i.test(address) || isIP(address) !== 6) return undefined
  return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`
}

/** How many visitors' allowance a /48 gets together (WIDE_BUCKET_SHARE × each window's max). */
const WIDE_BUCKET_SHARE = 8

/** The windows of the wider /48 bucket: each of `windows` under its own name, with WIDE_BUCKET_SHARE times its max. */
const wideWindows = (windows: readonly Window[]): Window[] =>
  windows.map((w) => ({ ...w, bucket: `${w.bucket}/48`, max: w.max * WIDE_BUCKET_SHARE }))

/** What one request of a visitor counts: each window for its key, and for its wider /48 key when it has one. */
export const visitorHits = (key: string, wideKey: string | undefined, windows: readonly Window[]): Hit[] => [
  ...windows.map((window) => ({ key, window })),
  ...(wideKey ? wideWindows(windows).map((window) => ({ key: wideKey, window })) : []),
]

/** visitorHits for the client at `address` (clientAddress). */
export const clientHits = (address: string, windows: readonly Window[]): Hit[] =>
  visitorHits(rateLimitKey(address), wideRateLimitKey(address), windows)

/**
 * Why a POST came from another site, or null (decision 040): the browser says so
 * (`Sec-Fetch-Site: cross-site`), or its `Origin` is neither PUBLIC_ORIGIN nor the host the request
 * was sent to. A page elsewhere can post a form or a beacon here; the site's own pages, with or
 * without JavaScript, always post same-origin. A client that sends neither header (a script) is
 * not judged here.
 */
export function crossSiteOf(c: Context<AppEnv>, publicOrigin: string): string | null {
  const fetchSite = c.req.header('sec-fetch-site')
  if (fetchSite === 'cross-site') return 'sent from another site'
  // The browser's own word, which no page can set: a form posted from one of this site's pages is
  // same-origin even when its Origin comes as "null" (a page with a strict referrer policy).
  if (fetchSite === 'same-origin') return null
  const origin = c.req.header('origin')
  if (origin === undefined || origin === publicOrigin) return null
  let host: string | undefined
  try {
    host = new URL(origin).host
  } catch {
    host = undefined
  }
  return host !== undefined && host === c.req.header('host') ? null : 'sent from another site'
}

/** Whether an address is this machine's own (127.0.0.0/8, ::1, or IPv4 127.x written as IPv6). */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address)
}

/** The body's media type, lower case, without parameters ('' when there is none). */
export const mediaType = (c: Context<AppEnv>): string =>
  (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''

/**
 * Refuses a body over `maxSize` bytes with `tooLarge`'s answer. The rest of such a body is never
 * read, so the connection is closed after the answer: no client reuses it half-read. A body that
 * declares its length is judged by it, as Hono's bodyLimit judges it, without touching the body:
 * it is then read once, straight from the socket (a body handed through a web stream costs more
 * than the whole request's other work). A body without one (chunked) is counted as it streams in.
 */
export function limitBody(
  maxSize: number,
  tooLarge: (c: Context<AppEnv>) => Response | Promise<Response>,
): MiddlewareHandler<AppEnv> {
  const refuse = (c: Context<AppEnv>) => {
    c.header('connection', 'close')
    return tooLarge(c)
  }
  const counted = bodyLimit({ maxSize, onError: (c) => refuse(c as Context<AppEnv>) })
  return async (c, next) => {
    // A GET or HEAD carries no body (as Hono's bodyLimit finds, after building the whole request).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const length = c.req.header('content-length')
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next)
    if (parseInt(length, 10) > maxSize) return refuse(c)
    await next()
  }
}

/** A JSON answer that declares its length: a small one then goes out as it is, not compressed (app.ts). */
export function jsonAnswer(c: Context<AppEnv>, value: unknown, status: ContentfulStatusCode): Response {
  const text = JSON.stringify(value)
  return c.body(text, status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
}

/** Keys that would reach an object's prototype instead of being a field of it. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const MAYBE_PROTOTYPE_KEY = /__proto__|constructor|prototype|\\u/

/**
 * JSON text as plain data, without the keys that reach a prototype: `{"__proto__": {…}}` would
 * otherwise give the parsed object a prototype whose fields no own-field check (trimming,
 * validation) sees.
 */
export function parseJson(text: string): unknown {
  // Such a key is written in the text as it is or with \u escapes; a text with neither has none.
  if (!MAYBE_PROTOTYPE_KEY.test(text)) return JSON.parse(text)
  return JSON.parse(text, (key, value: unknown) => (PROTOTYPE_KEYS.has(key) ? undefined : value))
}

/** A form's fields as a plain object (the first value of each name), prototype keys left out. */
export function formFields(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  for (const [key, value] of entries) if (!PROTOTYPE_KEYS.has(key) && !Object.hasOwn(out, key)) out[key] = value
  return out
}

/** The client address for the audit log; null for a request that came through no socket (a test's `app.request`). */
export const auditAddress = (c: Context<AppEnv>, trustProxy: number): string | null =>
  (c.env as Partial<AppEnv['Bindings']> | undefined)?.incoming ? clientAddress(c, trustProxy) : null
