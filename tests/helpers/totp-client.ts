// An authenticator app's side of RFC 6238, written apart from the server's (src/server/auth/totp.ts)
// so that the tests check the server against an independent client: the secret from the
// otpauth:// URI (base32), HMAC-SHA-1 of the 30-second step, dynamic truncation, 6 digits.
import { createHmac } from 'node:crypto'

function decodeBase32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  const bits = [...secret.toUpperCase()].map((ch) => alphabet.indexOf(ch).toString(2).padStart(5, '0')).join('')
  const bytes: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

/** The code an authenticator app shows for `secret` at `at` (ms), `offset` steps later. */
export function authenticatorCode(secret: string, at = Date.now(), offset = 0): string {
  const counter = Math.floor(at / 30_000) + offset
  const message = Buffer.alloc(8)
  message.writeUInt32BE(Math.floor(counter / 2 ** 32), 0)
  message.writeUInt32BE(counter % 2 ** 32, 4)
  const mac = createHmac('sha1', decodeBase32(secret)).update(message).digest()
  const at4 = mac[19]! & 0xf
  const value = ((mac[at4]! & 0x7f) << 24) | (mac[at4 + 1]! << 16) | (mac[at4 + 2]! << 8) | mac[at4 + 3]!
  return String(value % 1_000_000).padStart(6, '0')
}

/** The secret of an otpauth:// URI, as an app reads it from the QR code or the text. */
export const secretOf = (uri: string): string => new URL(uri).searchParams.get('secret')!
