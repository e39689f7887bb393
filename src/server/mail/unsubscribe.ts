// The one-click unsubscribe of every automated e-mail to a customer (RFC 8058, docs/decisions/
// 051-customer-mail.md): each carries `List-Unsubscribe: <https://…/unsubscribe?t=…>` and
// `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The token names the address and is signed
// with the server's key 'unsubscribe' (signing_keys, shared by every instance): its bytes are a
// version, the address's key (trimmed, lower case) and an HMAC-SHA256 of the purpose and those
// bytes, base64url. It does not expire: it can do one thing, stop the mail to that address, and
// a link that stops working would leave the customer with the mail. Compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { signingKey } from '../db/signing-keys.ts'

/** Where the link opens (src/server/unsubscribe.ts). */
export const UNSUBSCRIBE_PATH = '/unsubscribe'

const PURPOSE = 'unsubscribe'
const VERSION = 1
const MAC_BYTES = 32
/** An address's key at most 254 characters (RFC 5321), a few more bytes in UTF-8. */
const MAX_ADDRESS_BYTES = 512
const BASE64URL = /^[A-Za-z0-9_-]+$/

/** An address's key: trimmed, lower case (the key mail_suppressions is by). */
export const addressKey = (email: string): string => email.trim().toLowerCase()

const mac = (key: Buffer, payload: Buffer) => createHmac('sha256', key).update(`${PURPOSE}\0`).update(payload).digest()

/** The token of `email`'s unsubscribe link. */
export function unsubscribeToken(key: Buffer, email: string): string {
  const payload = Buffer.concat([Buffer.from([VERSION]), Buffer.from(addressKey(email), 'utf8')])
  return Buffer.concat([payload, mac(key, payload)]).toString('base64url')
}

/** The address key a token names, or null: malformed, tampered with, signed with another key. */
export function addressOfToken(key: Buffer, token: string): string | null {
  if (token.length > 1000 || !BASE64URL.test(token)) return null
  const bytes = Buffer.from(token, 'base64url')
  if (bytes.length < 2 + MAC_BYTES || bytes.length > 1 + MAX_ADDRESS_BYTES + MAC_BYTES) return null
  if (bytes.toString('base64url') !== token) return null
  const payload = bytes.subarray(0, bytes.length - MAC_BYTES)
  if (!timingSafeEqual(bytes.subarray(bytes.length - MAC_BYTES), mac(key, payload))) return null
  if (payload.readUInt8(0) !== VERSION) return null
  return payload.subarray(1).toString('utf8')
}

export type UnsubscribeLinks = {
  /** The link that unsubscribes `email`. */
  url(email: string): Promise<string>
  /** The address key a link's token names, or null when it is not valid. */
  read(token: string): Promise<string | null>
}

/** The unsubscribe links of this server, signed with the key every instance shares (read once, kept). */
export function unsubscribeLinks(db: Db, publicOrigin: string): UnsubscribeLinks {
  let loading: Promise<Buffer> | undefined
  const key = () =>
    (loading ??= signingKey(db, PURPOSE).catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  return {
    url: async (email) => `${publicOrigin}${UNSUBSCRIBE_PATH}?t=${unsubscribeToken(await key(), email)}`,
    read: async (token) => addressOfToken(await key(), token),
  }
}

/** The headers that let the customer's mail program unsubscribe in one click (RFC 2369, RFC 8058). */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})
