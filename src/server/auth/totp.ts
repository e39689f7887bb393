// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), with node:crypto alone
// (docs/decisions/063-audit-log-and-totp.md): HMAC-SHA-1, 30-second steps, 6 digits — what every
// authenticator app takes from an otpauth:// URI. A code is accepted for the step before, the
// step and the step after (±30 s of clock drift), and only for a step later than the last one
// taken (each step's code works once; the caller stores the step).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const STEP_SECONDS = 30
const DIGITS = 6

/** RFC 4648 base32, without padding (as otpauth:// URIs carry it). */
export function base32(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

export function fromBase32(text: string): Buffer {
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = ALPHABET.indexOf(char)
    if (index < 0) throw new Error('not base32')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommended length), base32. */
export const newSecret = (): string => base32(randomBytes(20))

/** The time step of a moment (ms since the epoch). */
const stepAt = (now: number): number => Math.floor(now / 1000 / STEP_SECONDS)

/** HOTP (RFC 4226 §5.3) of `key` at `counter`, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac(algorithm, key).update(message).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits
  return String(binary).padStart(digits, '0')
}

/** The code of a base32 secret at a time step. */
export const totpAt = (secret: string, step: number): string => hotp(fromBase32(secret), step)

/**
 * The step a typed code belongs to (the step before, this one or the next), when it is later
 * than `lastStep`; undefined for a wrong, old or reused code.
 */
export function matchingStep(secret: string, code: string, now: number, lastStep: number | null): number | undefined {
  const typed = code.replace(/\s/g, '')
  if (!/^\d{6}$/.test(typed)) return undefined
  const current = stepAt(now)
  for (const step of [current - 1, current, current + 1]) {
    if (lastStep !== null && step <= lastStep) continue
    if (timingSafeEqual(Buffer.from(totpAt(secret, step)), Buffer.from(typed))) return step
  }
  return undefined
}

/** The otpauth:// URI an authenticator app takes (Key Uri Format): issuer, account, secret. */
export const otpauthUri = (issuer: string, account: string, secret: string): string =>
  `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${STEP_SECONDS}`
