// What the API routes read off a request, the same way everywhere: the visitor's address, the
// body's media type, and the body-size limit.
import type { Context, MiddlewareHandler } from 'hono'
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

/** The body's media type, lower case, without parameters ('' when there is none). */
export const mediaType = (c: Context<AppEnv>): string => (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''

/**
 * Refuses a body over `maxSize` bytes with `tooLarge`'s answer. The rest of such a body is never
 * read, so the connection is closed after the answer: no client reuses it half-read.
 */
export function limitBody(maxSize: number, tooLarge: (c: Context<AppEnv>) => Response): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      c.header('connection', 'close')
      return tooLarge(c as Context<AppEnv>)
    },
  })
}
