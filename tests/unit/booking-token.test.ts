// The customer's booking link's token (src/server/booking/token.ts): it verifies with the key and
// purpose it was signed with, until it expires; a changed byte, another purpose, another key or
// an expired token fails, and so does anything that is not one.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  bookingOfToken,
  bookingToken,
  LINK_LIFETIME_MS,
  MANAGE_BOOKING,
  signToken,
  verifyToken,
} from '../../src/server/booking/token.ts'

const KEY = randomBytes(32)
const ID = '3f0b1c2a-5d6e-4f70-8a9b-0c1d2e3f4a5b'
const NOW = Date.parse('2026-11-23T15:00:00.000Z')

/** The token with the byte at `index` changed. */
function flipped(token: string, index: number): string {
  const bytes = Buffer.from(token, 'base64url')
  bytes[index] = bytes[index]! ^ 0x01
  return bytes.toString('base64url')
}

describe('a booking link token', () => {
  it('verifies, giving the request it was made for, and fits in a URL as it is', () => {
    const token = bookingToken(KEY, ID, NOW)!
    expect(token).toMatch(/^[A-Za-z0-9_-]{71}$/)
    expect(bookingOfToken(KEY, token, NOW)).toBe(ID)
    expect(verifyToken(KEY, MANAGE_BOOKING, token, NOW + LINK_LIFETIME_MS - 1000)).toBe(ID)
  })

  it('fails with any byte changed: the version, the id, the expiry or the signature', () => {
    const token = bookingToken(KEY, ID, NOW)!
    const length = Buffer.from(token, 'base64url').length
    for (let i = 0; i < length; i++) expect(bookingOfToken(KEY, flipped(token, i), NOW), `byte ${i}`).toBeNull()
  })

  it('fails for another purpose, with another key, and once expired', () => {
    const token = bookingToken(KEY, ID, NOW)!
    expect(verifyToken(KEY, 'unsubscribe', token, NOW)).toBeNull()
    expect(bookingOfToken(KEY, signToken(KEY, 'unsubscribe', ID, NOW + 60_000)!, NOW)).toBeNull()
    expect(bookingOfToken(randomBytes(32), token, NOW)).toBeNull()
    // Sixty days after it was issued, to the second.
    expect(LINK_LIFETIME_MS).toBe(60 * 86_400_000)
    expect(bookingOfToken(KEY, token, NOW + LINK_LIFETIME_MS)).toBeNull()
    expect(bookingOfToken(KEY, signToken(KEY, MANAGE_BOOKING, ID, NOW - 1000)!, NOW)).toBeNull()
  })

  it('fails for what is not a token: cut short, lengthened, padded, another alphabet, empty', () => {
    const token = bookingToken(KEY, ID, NOW)!
    for (const bad of [
      '',
      token.slice(0, -1),
      `${token}A`,
      `${token}=`,
      token.replace(/[-_]/g, '+'),
      `${token.slice(0, 20)}.${token.slice(20)}`,
      'x'.repeat(5000),
    ])
      expect(bookingOfToken(KEY, bad, NOW), bad.slice(0, 40)).toBeNull()
  })

  it('is made only for a request id that is a UUID', () => {
    expect(bookingToken(KEY, 'not-a-uuid', NOW)).toBeUndefined()
    expect(bookingOfToken(KEY, bookingToken(KEY, ID.toUpperCase(), NOW)!, NOW)).toBe(ID)
  })
})
