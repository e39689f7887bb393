// A software WebAuthn authenticator for the integration tests: a real ES256 key pair
// (node:crypto), a credential made with attestation "none" and assertions signed with it, built
// byte by byte as a platform authenticator builds them (WebAuthn Level 3, §6.1 and §6.5). Not a
// mock of the server: the server checks these with @simplewebauthn/server as it checks a phone's.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

/** CBOR (RFC 8949) for the few shapes needed here: small unsigned and negative integers, text, bytes, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 256) return Buffer.from([(major << 5) | 24, length])
  return Buffer.from([(major << 5) | 25, length >> 8, length & 255])
}
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const uint32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}

/** Flags: user present, user verified (and attested credential data, when made). */
const UP_UV = 0x01 | 0x04
const AT = 0x40

export function softAuthenticator({ rpId, origin }: { rpId: string; origin: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const credentialId = randomBytes(32)
  let counter = 0
  let userHandle: string | undefined

  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, from: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }))

  return {
    id: b64url(credentialId),

    /** navigator.credentials.create's answer, as @simplewebauthn/browser sends it (RegistrationResponseJSON). */
    create(options: { challenge: string; user: { id: string } }, { from = origin }: { from?: string } = {}) {
      userHandle = options.user.id
      // COSE_Key (RFC 9053): kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      )
      const lengthOfId = Buffer.from([credentialId.length >> 8, credentialId.length & 255])
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([UP_UV | AT]),
        uint32(counter),
        Buffer.alloc(16), // AAGUID: none
        lengthOfId,
        credentialId,
        cose,
      ])
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      )
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, from)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      }
    },

    /** navigator.credentials.get's answer (AuthenticationResponseJSON), signed with the key; the counter goes up. */
    get(options: { challenge: string }, { from = origin, key = privateKey }: { from?: string; key?: KeyObject } = {}) {
      counter += 1
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([UP_UV]), uint32(counter)])
      const clientDataJSON = clientData('webauthn.get', options.challenge, from)
      const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), key)
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      }
    },
  }
}
