// The tests' push receiver is a real one: it decrypts what web-push encrypts for a subscription
// (RFC 8291) and nothing else, and accepts only a VAPID token signed by the subscription's key.
import { createECDH, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { checkVapid, decryptPush } from '../../scripts/lib/push-receiver.ts'

const ua = () => {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { ecdh, auth: randomBytes(16) }
}

describe('decryptPush', () => {
  it('decrypts an aes128gcm message for its subscription, and refuses it for another or tampered', () => {
    const keys = ua()
    const sealed = webpush.encrypt(
      keys.ecdh.getPublicKey('base64url'),
      keys.auth.toString('base64url'),
      '{"title":"New request: Dana"}',
      'aes128gcm',
    )
    expect(decryptPush(sealed.cipherText, keys).toString()).toBe('{"title":"New request: Dana"}')
    expect(() => decryptPush(sealed.cipherText, ua())).toThrow()
    expect(() => decryptPush(sealed.cipherText, { ecdh: keys.ecdh, auth: randomBytes(16) })).toThrow()
    const tampered = Buffer.from(sealed.cipherText)
    tampered[tampered.length - 20]! ^= 1
    expect(() => decryptPush(tampered, keys)).toThrow()
  })
})

describe('checkVapid', () => {
  const origin = 'https://127.0.0.1:4443'
  const server = webpush.generateVAPIDKeys()
  const headers = (audience: string, keys = server, expiration?: number) =>
    webpush.getVapidHeaders(
      audience,
      'mailto:office@example.com',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiration,
    ).Authorization

  it('accepts a token signed by the subscription key, for this origin, not expired', () => {
    expect(checkVapid(headers(origin), origin, server.publicKey)).toBe('mailto:office@example.com')
  })
  it('refuses another key, another audience, an expired token, a forged signature', () => {
    const other = webpush.generateVAPIDKeys()
    expect(() => checkVapid(headers(origin, other), origin, server.publicKey)).toThrow(/k is not/)
    expect(() => checkVapid(headers('https://push.example'), origin, server.publicKey)).toThrow(/aud/)
    const past = Math.floor(Date.now() / 1000) - 10
    expect(() => checkVapid(headers(origin, server, past), origin, server.publicKey)).toThrow(/exp/)
    // Signed by another key but claiming ours.
    const forged = headers(origin, other).replace(/k=.*$/, `k=${server.publicKey}`)
    expect(() => checkVapid(forged, origin, server.publicKey)).toThrow(/signature/)
  })
})
