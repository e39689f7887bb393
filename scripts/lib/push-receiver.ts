// A push service in this process, for the tests and the bench: an HTTPS server (a certificate
// for 127.0.0.1 made for the run by openssl) that does what a browser's push service and the
// browser do with a push, so nothing is taken on trust:
// - it checks the VAPID authorization (RFC 8292): an ES256 JWT whose signature verifies with the
//   key in `k`, `k` being the application server key the subscription was made with, `aud` its
//   own origin, `exp` in the future and within 24 hours, `sub` a mailto: or https: URL;
// - it decrypts the payload as the browser would (RFC 8291, aes128gcm), with the subscription's
//   private key and auth secret (ECDH P-256, HKDF-SHA-256, AES-128-GCM);
// - it answers 201, or what a test asks for: 410 (the subscription is gone), 500 (a failure
//   to retry); and it can go down and come back on the same port.
import { execFileSync } from 'node:child_process'
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, createServer, type Server } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

type ReceivedPush = {
  /** The subscription's id (the endpoint's last segment). */
  subscription: string
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>
  ttl: number
  urgency: string | null
  /** The JWT's subject. */
  subject: string
  at: number
}

export type TestSubscription = {
  id: string
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/** What the receiver answers a push for one subscription. */
type Answer = 201 | 404 | 410 | 500

export type PushReceiver = {
  origin: string
  port: number
  /** The certificate (PEM) to trust: an https.Agent's `ca`, or NODE_EXTRA_CA_CERTS for a server process. */
  certFile: string
  agent: Agent
  /** A new subscription, as a browser would make with `applicationServerKey` (base64url). */
  subscribe(applicationServerKey: string): TestSubscription
  /** The pushes decrypted and accepted so far. */
  received: ReceivedPush[]
  /** Pushes refused for a bad signature or a payload that did not decrypt (should stay empty). */
  rejected: { subscription: string; reason: string }[]
  /** Every POST that reached the receiver, with what it answered. */
  attempts: { subscription: string; status: number }[]
  /** Answer `status` to this subscription from now on. */
  answer(subscriptionId: string, status: Answer): void
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>
  /** Stops listening (connections are cut): the push service is down. */
  down(): Promise<void>
  /** Listens again on the same port. */
  up(): Promise<void>
  close(): Promise<void>
}

const b64u = (buf: Buffer) => buf.toString('base64url')

let certificate: { dir: string; key: string; cert: string; certFile: string } | undefined

/** A self-signed certificate for 127.0.0.1, made once per process. */
export function testCertificate() {
  if (certificate) return certificate
  const dir = mkdtempSync(path.join(tmpdir(), 'push-receiver-'))
  const keyFile = path.join(dir, 'key.pem')
  const certFile = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  )
  certificate = { dir, key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile }
  // The key stays in memory only; the certificate's file (public; a server process started by a
  // test reads it through NODE_EXTRA_CA_CERTS) stays for the process.
  rmSync(keyFile)
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  return certificate
}

/** An uncompressed P-256 point (65 bytes) as a public key. */
function p256Key(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 point')
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  })
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292); returns the JWT's subject. */
export function checkVapid(header: string | undefined, origin: string, expectedKey: string, now = Date.now()): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!match) throw new Error(`no vapid authorization: ${header}`)
  const [, token, k] = match as unknown as [string, string, string]
  if (k !== expectedKey) throw new Error('k is not the key the subscription was made with')
  const parts = token.split('.')
  if (parts.length !== 3) throw new Error('the token is not a JWS')
  const [head, body, signature] = parts as [string, string, string]
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string }
  if (header_.alg !== 'ES256') throw new Error(`alg ${header_.alg}`)
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: p256Key(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!ok) throw new Error('the signature does not verify')
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string }
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`)
  const seconds = now / 1000
  if (typeof claims.exp !== 'number' || claims.exp <= seconds || claims.exp > seconds + 24 * 3600)
    throw new Error(`exp ${claims.exp} is not within the next 24 hours`)
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`)
  return claims.sub
}

type Keys = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; serverKey: string }

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length))

/** Decrypts an aes128gcm push message (RFC 8188 and RFC 8291 §3.4) for the user agent holding `keys`. */
export function decryptPush(body: Buffer, keys: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20]!
  const asPublic = body.subarray(21, 21 + idlen)
  const records = body.subarray(21 + idlen)
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not a P-256 key`)
  if (records.length > rs) throw new Error('more than one record')
  const uaPublic = keys.ecdh.getPublicKey()
  const ecdhSecret = keys.ecdh.computeSecret(asPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic])
  const ikm = hkdf(keys.auth, ecdhSecret, keyInfo, 32)
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(records.subarray(records.length - 16))
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()])
  // The last record: the data, a 0x02 delimiter, then zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('no last-record delimiter')
  return padded.subarray(0, end)
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const { key, cert, certFile } = testCertificate()
  const subscriptions = new Map<string, Keys>()
  const answers = new Map<string, Answer>()
  const received: ReceivedPush[] = []
  const rejected: { subscription: string; reason: string }[] = []
  const attempts: { subscription: string; status: number }[] = []
  const waiters = new Set<() => void>()
  let origin = ''

  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1]
      const keys = id ? subscriptions.get(id) : undefined
      const reply = (status: number, text = '') => {
        attempts.push({ subscription: id ?? '?', status })
        res.writeHead(status, status === 201 ? { location: `${origin}/message/${randomUUID()}` } : {})
        res.end(text)
      }
      if (req.method !== 'POST' || !id) return reply(404)
      const forced = answers.get(id)
      if (!keys || forced === 404 || forced === 410)
        return reply(forced ?? 404, 'push subscription has unsubscribed or expired')
      if (forced === 500) return reply(500, 'internal error')
      try {
        const subject = checkVapid(req.headers.authorization, origin, keys.serverKey)
        if (req.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`content-encoding ${req.headers['content-encoding']}`)
        const ttl = Number(req.headers.ttl)
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL')
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), keys).toString('utf8')) as Record<string, unknown>
        received.push({
          subscription: id,
          payload,
          ttl,
          urgency: (req.headers.urgency as string | undefined) ?? null,
          subject,
          at: Date.now(),
        })
        for (const wake of [...waiters]) wake()
        reply(201)
      } catch (error) {
        rejected.push({ subscription: id, reason: (error as Error).message })
        reply(400, (error as Error).message)
      }
    })
  })
  // Sockets kept alive by the sender are cut when the receiver goes down.
  const sockets = new Set<Socket>()
  server.on('secureConnection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as AddressInfo).port)
      })
    })
  const port = await listen(0)
  origin = `https://127.0.0.1:${port}`
  const down = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      for (const s of sockets) s.destroy()
    })

  return {
    origin,
    port,
    certFile,
    agent: new Agent({ ca: cert, keepAlive: true }),
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      const id = randomUUID()
      subscriptions.set(id, { ecdh, auth, serverKey: applicationServerKey })
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } }
    },
    received,
    rejected,
    attempts,
    answer: (id, status) => void answers.set(id, status),
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return false
          clearTimeout(timer)
          waiters.delete(done)
          resolve(received)
          return true
        }
        const done = () => void check()
        const timer = setTimeout(() => {
          waiters.delete(done)
          reject(
            new Error(
              `${received.length} of ${count} pushes arrived in ${timeoutMs} ms; rejected: ${JSON.stringify(rejected)}`,
            ),
          )
        }, timeoutMs)
        if (!check()) waiters.add(done)
      })
    },
    down,
    up: async () => void (await listen(port)),
    close: down,
  }
}
