// Passwords: only their argon2id hashes are stored (users.password_hash). The owner's who signs in
// with the password alone is set from ADMIN_PASSWORD at start or by `npm run admin:password`
// (the first start makes that owner); every password is checked on the server at login.
import { hash, verify } from '@node-rs/argon2'
import type { Db } from '../db/client.ts'
import { passwordOwner, setOwnerPasswordHash } from '../db/users.ts'
import { MIN_PASSWORD_LENGTH } from '../env.ts'

export { MIN_PASSWORD_LENGTH }

/**
 * Stores the hash of `password` (argon2id, the library's defaults: 19 MiB, 2 passes) as the
 * password-alone owner's (making that owner on the first start) and signs out the owner's
 * sessions: a password is changed when the old one may be known.
 */
export async function setAdminPassword(db: Db, password: string, now = new Date().toISOString()): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`)
  await setOwnerPasswordHash(db, await hash(password), now)
}

/** True when `password` matches a stored hash. False, not an error, for a damaged hash. */
export async function checkAdminPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}

/**
 * At start: make ADMIN_PASSWORD the password unless it already is (no new hash, and no new
 * `updated_at`, on every restart). Returns what happened, for the log.
 */
export async function applyAdminPasswordFromEnv(
  db: Db,
  password: string | undefined,
): Promise<'set' | 'unchanged' | 'missing' | 'stored'> {
  const stored = (await passwordOwner(db))?.passwordHash ?? undefined
  if (password === undefined) return stored ? 'stored' : 'missing'
  if (stored && (await verify(stored, password).catch(() => false))) return 'unchanged'
  await setAdminPassword(db, password)
  return 'set'
}
