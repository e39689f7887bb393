// Login throttling per client address, counted in the database (shared by every instance).
// Each attempt takes a slot before the password is checked, so parallel guesses cannot slip
// past the count; a correct password gives its slot back, so only failures add up.
import type { Db } from '../db/client.ts'
import { RateLimited, takeHit, undoHit, type Window } from '../db/rate-limits.ts'

export const LOGIN_LIMITS: readonly Window[] = [{ bucket: 'login:15m', windowMs: 15 * 60_000, max: 5, sliding: true }]

export type Attempt = { allowed: true; succeeded(): Promise<void> } | { allowed: false; retryAfterSeconds: number }

export async function beginLoginAttempt(db: Db, clientKey: string, now = Date.now()): Promise<Attempt> {
  try {
    await db.transact((trx) => takeHit(trx, clientKey, LOGIN_LIMITS, now))
  } catch (error) {
    if (error instanceof RateLimited) return { allowed: false, retryAfterSeconds: error.retryAfterSeconds }
    throw error
  }
  return { allowed: true, succeeded: () => undoHit(db.k, clientKey, LOGIN_LIMITS, now) }
}
