// The owner's devices and the overall cap on password checks (decision 040).
//
// A device that signed in once carries a long-lived cookie: 16 random bytes and their HMAC-SHA256
// keyed with the stored password hash. Nothing is stored; every instance checks it the same way;
// a new password voids every device cookie at once. Such a device skips the overall brake and the
// cap below (a botnet's flood does not keep the owner out), never the limit of its own address.
//
// The cap: while the overall brake is on (failures from many addresses, src/server/auth/throttle.ts),
// at most CHECKS_PER_SECOND argon2 checks a second in this process for everyone else (each check
// takes ~20 ms of a core and 19 MiB); an attempt past it is answered "busy" at once, without a
// check, and its address's slot is given back.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const mac = (key: string, id: Buffer) => createHmac('sha256', key).update(id).digest()

/** A new device cookie's value for the current password hash. */
export function deviceToken(passwordHash: string): string {
  const id = randomBytes(16)
  return `${id.toString('base64url')}.${mac(passwordHash, id).toString('base64url')}`
}

/** Whether a device cookie's value was made for the current password hash. */
export function isKnownDevice(passwordHash: string, token: string | undefined): boolean {
  const match = token ? /^([\w-]{22})\.([\w-]{43})$/.exec(token) : null
  if (!match) return false
  const expected = mac(passwordHash, Buffer.from(match[1]!, 'base64url'))
  const given = Buffer.from(match[2]!, 'base64url')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Password checks a second in this process for attempts from unknown devices. */
const CHECKS_PER_SECOND = 4

/** A token bucket: `take()` is true while fewer than `perSecond` were taken in the last second (on average). */
export function checkCap(perSecond = CHECKS_PER_SECOND, clock: () => number = () => performance.now()) {
  let tokens = perSecond
  let last = clock()
  return {
    take(): boolean {
      const now = clock()
      tokens = Math.min(perSecond, tokens + ((now - last) / 1000) * perSecond)
      last = now
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
  }
}
