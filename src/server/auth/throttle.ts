// Login throttling, counted in the database (shared by every instance). Per client address: each
// attempt takes a slot before the password is checked, so parallel guesses cannot slip past the
// count; a correct password gives its slot back, so only failures add up (LOGIN_RATE_LIMIT).
// Per account too (decision 061): twenty addresses' worth of failures on one account in the same
// windows, then that account's password is refused from any device that has not signed in before
// (a known device and a passkey still sign in), so a botnet's guesses at one account are bounded.
// Across all addresses: failures from many addresses (a botnet, each under its own limit) slow
// every attempt down, progressively, and are logged as an alert. Never a lockout: the owner's
// right password always gets through, at worst a few seconds later.
import { setTimeout as sleep } from 'node:timers/promises'
import type { Db } from '../db/client.ts'
import { RateLimited, takeHits, tally, undoHits, type Window } from '../db/rate-limits.ts'

/** The failures of every address together, over the first window's span. */
function overallWindow(limits: readonly Window[]): Window {
  const first = limits[0]!
  return { bucket: `login:all:${first.windowMs}`, windowMs: first.windowMs, max: 4 * first.max, sliding: true }
}

/** Each account's windows: LOGIN_RATE_LIMIT's spans, twenty addresses' allowance each. */
export const accountWindows = (limits: readonly Window[]): Window[] =>
  limits.map((w) => ({ bucket: `${w.bucket}:account`, windowMs: w.windowMs, max: 20 * w.max, sliding: true }))

/** Extra wait per failure over the overall allowance, and the most any attempt waits. */
const SLOWDOWN_STEP_MS = 250
const SLOWDOWN_MAX_MS = 10_000

/** The wait before an attempt is checked, when `failures` (every address) lie within the window allowing `free`. */
export const slowdown = (failures: number, free: number): number =>
  Math.min(SLOWDOWN_MAX_MS, Math.max(0, failures - free) * SLOWDOWN_STEP_MS)

type Attempt =
  | {
      allowed: true
      /** Failures from every address are past the overall allowance: the brake (and the cap on checks) is on. */
      braking: boolean
      succeeded(): Promise<void>
    }
  | { allowed: false; retryAfterSeconds: number }

export type LoginThrottle = {
  /**
   * Takes a slot for an attempt from `clientKey` (waiting first when the overall failures are
   * high, unless `knownDevice`: a device that signed in before skips the overall brake), and one
   * from `accountKey`'s allowance unless `knownDevice`.
   */
  begin(clientKey: string, now?: number, knownDevice?: boolean, accountKey?: string): Promise<Attempt>
}

export function loginThrottle(
  db: Db,
  limits: readonly Window[],
  {
    alert,
    wait = (ms: number) => sleep(ms),
  }: {
    /** Told once per window when failures from every address together pass the allowance. */
    alert: (failures: number, windowMinutes: number) => void
    wait?: (ms: number) => Promise<unknown>
  },
): LoginThrottle {
  const overall = overallWindow(limits)
  const perAccount = accountWindows(limits)
  let alertedWindow = -1

  return {
    async begin(clientKey, now = Date.now(), knownDevice = false, accountKey) {
      let failures = 0
      const mine = [
        ...limits.map((window) => ({ key: clientKey, window })),
        ...(accountKey && !knownDevice ? perAccount.map((window) => ({ key: accountKey, window })) : []),
      ]
      try {
        await db.transact(async (trx) => {
          await takeHits(trx, mine, now)
          // Counted with the address's slot, and given back with it on success: failures only.
          failures = (await tally(trx, [{ key: '*', window: overall }], now))[0]!
        })
      } catch (error) {
        if (error instanceof RateLimited) return { allowed: false, retryAfterSeconds: error.retryAfterSeconds }
        throw error
      }
      if (failures > overall.max && !knownDevice) {
        const window = Math.floor(now / overall.windowMs)
        if (window !== alertedWindow) {
          alertedWindow = window
          alert(failures, overall.windowMs / 60_000)
        }
        await wait(slowdown(failures, overall.max))
      }
      return {
        allowed: true,
        braking: failures > overall.max,
        succeeded: async () => {
          await undoHits(db.k, [...mine, { key: '*', window: overall }], now)
        },
      }
    },
  }
}
