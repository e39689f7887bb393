// Server-side admin sessions, each of one user. The cookie holds 32 random bytes; the table holds
// their SHA-256, so reading the table opens no session. A disabled account's sessions open nothing. A session ends 12 hours after its last use, 7 days
// after it began, or at logout.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/client.ts'
import type { SignedInUser } from './roles.ts'
import { deleteEndedSessions, deleteSessionByHash, insertSession, sessionByHash, touchSession } from '../db/sessions.ts'

const IDLE_MS = 12 * 60 * 60_000
export const ABSOLUTE_MS = 7 * 24 * 60 * 60_000
/** Writing last_seen_at on every request would make each read a write; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createSession(
  db: Db,
  {
    userId,
    userAgent,
    address,
    now = Date.now(),
  }: { userId: number; userAgent?: string | undefined; address?: string | undefined; now?: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Math.min(now + IDLE_MS, now + ABSOLUTE_MS))
  const at = new Date(now).toISOString()
  await insertSession(db, {
    idHash: digest(token),
    createdAt: at,
    lastSeenAt: at,
    expiresAt: expiresAt.toISOString(),
    userAgent: userAgent?.slice(0, 300) ?? null,
    userId,
    address: address?.slice(0, 64) ?? null,
  })
  return { token, expiresAt }
}

/** The session of a cookie value, with its user, if it is valid now (and extends it); undefined otherwise. */
export async function findSession(
  db: Db,
  token: string | undefined,
  now = Date.now(),
): Promise<{ idHash: string; expiresAt: Date; user: SignedInUser } | undefined> {
  if (!token || !/^[\w-]{43}$/.test(token)) return undefined
  const idHash = digest(token)
  const row = await sessionByHash(db, idHash)
  if (!row) return undefined
  const expiresAt = Date.parse(row.expiresAt)
  if (expiresAt <= now) {
    await deleteSessionByHash(db, idHash)
    return undefined
  }
  const { user } = row
  if (now - Date.parse(row.lastSeenAt) < TOUCH_EVERY_MS) return { idHash, expiresAt: new Date(expiresAt), user }
  const extended = new Date(Math.min(now + IDLE_MS, Date.parse(row.createdAt) + ABSOLUTE_MS))
  await touchSession(db, idHash, new Date(now).toISOString(), extended.toISOString())
  return { idHash, expiresAt: extended, user }
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return
  await deleteSessionByHash(db, digest(token))
}

export async function pruneSessions(db: Db, now = Date.now()): Promise<void> {
  await deleteEndedSessions(db, new Date(now).toISOString())
}
