// What the API routes read off a request, the same way everywhere: the visitor's address, the
// body's media type, the body-size limit, and the body itself as a plain object.
import { isIP } from 'node:net'
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from './app.ts'

/**
 * The visitor's address, for rate limits. Behind reverse proxies (TRUST_PROXY=n) it is the n-th
 * address from the right of X-Forwarded-For: the left part is whatever the client wrote.
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: number): string {
  const socketAddress = c.env.incoming.socket.remoteAddress ?? 'unknown'
  if (trustProxy === 0) return socketAddress
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  // Each trusted proxy appended the address it saw; the last one's view is the socket itself.
  const chain = [...forwarded, socketAddress]
  return chain[Math.max(0, chain.length - 1 - trustProxy)] ?? socketAddress
}

/**
 * What the rate limits count a visitor by: an IPv4 address as it is, an IPv6 address by its /64
 * (one household or phone gets a whole /64 and can pick a fresh address in it at will).
 */
export function rateLimitKey(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (v4) return v4[1]!
  if (isIP(address) !== 6) return address.slice(0, 100)
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::')
  const front = head ? head.split(':') : []
  const back = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
    : front
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
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
