// The customer's link to a booking (docs/booking.md): a signed, expiring, single-purpose token
// that says "manage the booking of request X", no account. Its bytes are a version, the request's
// id (a UUID, 16 bytes), its expiry (seconds since the epoch, 4 bytes) and an HMAC-SHA256 of the
// purpose and those bytes with the server's key (src/server/db/signing-keys.ts), base64url: 71
// characters. The purpose is signed, not carried: a token made for anything else never verifies
// here. Compared in constant time. Pure: the key and the clock come from the caller.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** What a booking link's token is for. */
export const MANAGE_BOOKING = 'manage-booking'

/** How long a link works after it was issued: the page refuses anyway once the visit is cancelled or its window has ended. */
export const LINK_LIFETIME_MS = 60 * 24 * 60 * 60_000

const VERSION = 1
const ID_BYTES = 16
const PAYLOAD_BYTES = 1 + ID_BYTES + 4
const MAC_BYTES = 32
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const BASE64URL = /^[A-Za-z0-9_-]+$/

const mac = (key: Buffer, purpose: string, payload: Buffer) =>
  createHmac('sha256', key).update(`${purpose}\0`).update(payload).digest()

/** A token for `purpose` on request `id` (a UUID), valid until `expiresAt`; undefined when the id is not a UUID. */
export function signToken(key: Buffer, purpose: string, id: string, expiresAt: number): string | undefined {
  if (!UUID.test(id)) return undefined
  const payload = Buffer.alloc(PAYLOAD_BYTES)
  payload.writeUInt8(VERSION, 0)
  Buffer.from(id.replace(/-/g, ''), 'hex').copy(payload, 1)
  payload.writeUInt32BE(Math.min(0xffffffff, Math.max(0, Math.floor(expiresAt / 1000))), 1 + ID_BYTES)
  return Buffer.concat([payload, mac(key, purpose, payload)]).toString('base64url')
}

/** The request id a token for `purpose` names, or null: malformed, tampered with, signed with another key or for another purpose, or expired at `now`. */
export function verifyToken(key: Buffer, purpose: string, token: string, now: number): string | null {
  if (token.length > 200 || !BASE64URL.test(token)) return null
  const bytes = Buffer.from(token, 'base64url')
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return null
  const payload = bytes.subarray(0, PAYLOAD_BYTES)
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(key, purpose, payload))) return null
  if (payload.readUInt8(0) !== VERSION) return null
  if (payload.readUInt32BE(1 + ID_BYTES) * 1000 <= now) return null
  const hex = payload.subarray(1, 1 + ID_BYTES).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The token of a customer's booking link for request `id`, issued at `now`. */
export const bookingToken = (key: Buffer, id: string, now: number) =>
  signToken(key, MANAGE_BOOKING, id, now + LINK_LIFETIME_MS)

/** The request a customer's booking link names, or null. */
export const bookingOfToken = (key: Buffer, token: string, now: number) => verifyToken(key, MANAGE_BOOKING, token, now)
