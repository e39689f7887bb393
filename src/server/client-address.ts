// The visitor's address, for rate limits. Behind reverse proxies (TRUST_PROXY=n) it is the n-th
// address from the right of X-Forwarded-For: the left part is whatever the client wrote.
import type { Context } from 'hono'
import type { HttpBindings } from '@hono/node-server'

export function clientAddress(c: Context<{ Bindings: HttpBindings }>, trustProxy: number): string {
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
