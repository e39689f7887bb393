// RFC 6238's own test vectors (Appendix B, SHA-1, 8 digits, the 20-byte ASCII key
// "12345678901234567890") and RFC 4226's (Appendix D, 6 digits) against src/server/auth/totp.ts,
// and the window: the step before and after are taken, two away not, a step already taken not.
import { describe, expect, it } from 'vitest'
import { base32, fromBase32, hotp, matchingStep, otpauthUri, totpAt } from '../../src/server/auth/totp.ts'

const KEY = Buffer.from('12345678901234567890')

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC 6238 Appendix B codes (SHA-1)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ]
    for (const [seconds, code] of vectors) expect(hotp(KEY, Math.floor(seconds / 30), 8)).toBe(code)
  })

  it('gives the RFC 4226 Appendix D HOTP values', () => {
    const codes = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489']
    expect(codes.map((_, counter) => hotp(KEY, counter))).toEqual(codes)
  })

  it('writes and reads base32 (RFC 4648 §10)', () => {
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
    expect(fromBase32('MZXW6YTBOI').toString()).toBe('foobar')
    expect(fromBase32(base32(KEY))).toEqual(KEY)
    expect(() => fromBase32('not base32!')).toThrow()
  })

  it('takes the step before, this one and the next, each once', () => {
    const secret = base32(KEY)
    const now = 1234567890_000
    const step = Math.floor(now / 30_000)
    expect(matchingStep(secret, totpAt(secret, step), now, null)).toBe(step)
    expect(matchingStep(secret, totpAt(secret, step - 1), now, null)).toBe(step - 1)
    expect(matchingStep(secret, ' ' + totpAt(secret, step + 1), now, null)).toBe(step + 1)
    expect(matchingStep(secret, totpAt(secret, step - 2), now, null)).toBeUndefined()
    expect(matchingStep(secret, totpAt(secret, step + 2), now, null)).toBeUndefined()
    // Taken already: this step and the ones before it.
    expect(matchingStep(secret, totpAt(secret, step), now, step)).toBeUndefined()
    expect(matchingStep(secret, totpAt(secret, step - 1), now, step)).toBeUndefined()
    expect(matchingStep(secret, totpAt(secret, step + 1), now, step)).toBe(step + 1)
    expect(matchingStep(secret, 'abcdef', now, null)).toBeUndefined()
  })

  it('makes the otpauth:// URI authenticator apps read', () => {
    expect(otpauthUri('Longbar Inbox', 'sam@example.com', 'ABC')).toBe(
      'otpauth://totp/Longbar%20Inbox:sam%40example.com?secret=ABC&issuer=Longbar%20Inbox&algorithm=SHA1&digits=6&period=30',
    )
  })
})
