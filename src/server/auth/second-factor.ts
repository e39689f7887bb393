// The second factor of a password sign-in (docs/decisions/063-audit-log-and-totp.md): a TOTP code
// from the account's authenticator app (src/server/auth/totp.ts), or one of its ten one-time
// recovery codes in its place.
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { spendRecoveryCode, takeStep } from '../db/second-factor.ts'
import { base32, matchingStep } from './totp.ts'

const RECOVERY_CODES = 10

/** Ten new recovery codes, each 50 random bits as "abcde-fghij" (base32, lower case). */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODES }, () => {
    const text = base32(randomBytes(7)).slice(0, 10).toLowerCase()
    return `${text.slice(0, 5)}-${text.slice(5)}`
  })

/** Which code was taken ('totp' or 'recovery-code'), or undefined for a wrong, old or reused one. */
export async function takeSecondCode(
  db: Db,
  user: { id: number; secret: string; lastStep: number | null },
  code: string,
  now = Date.now(),
): Promise<'totp' | 'recovery-code' | undefined> {
  const typed = code.trim()
  if (/^\d{3} ?\d{3}$/.test(typed)) {
    const step = matchingStep(user.secret, typed, now, user.lastStep)
    return step !== undefined && (await takeStep(db, user.id, step)) ? 'totp' : undefined
  }
  if (/^[a-z2-7]{5}-?[a-z2-7]{5}$/i.test(typed))
    return (await spendRecoveryCode(db, user.id, typed, new Date(now).toISOString())) ? 'recovery-code' : undefined
  return undefined
}
