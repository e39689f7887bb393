// admin_sessions: one row per signed-in browser, keyed by the SHA-256 of its cookie's token
// (src/server/auth/sessions.ts decides when a session starts, lasts and ends).
import type { Db } from './client.ts'
import { toIso } from './schema.ts'
import type { SignedInUser } from '../auth/roles.ts'

export type SessionRow = { idHash: string; createdAt: string; lastSeenAt: string; expiresAt: string }

export async function insertSession(
  db: Db,
  row: SessionRow & { userAgent: string | null; userId: number; address: string | null },
): Promise<void> {
  await db.k
    .insertInto('admin_sessions')
    .values({
      id_hash: row.idHash,
      created_at: row.createdAt,
      last_seen_at: row.lastSeenAt,
      expires_at: row.expiresAt,
      user_agent: row.userAgent,
      user_id: row.userId,
      address: row.address,
    })
    .execute()
}

/** A session and its user; none for a session without a user or of a disabled account. */
export async function sessionByHash(
  db: Db,
  idHash: string,
): Promise<(SessionRow & { user: SignedInUser }) | undefined> {
  const row = await db.k
    .selectFrom('admin_sessions')
    .innerJoin('users', 'users.id', 'admin_sessions.user_id')
    .select([
      'admin_sessions.created_at',
      'admin_sessions.last_seen_at',
      'admin_sessions.expires_at',
      'users.id',
      'users.name',
      'users.email',
      'users.role',
    ])
    .where('admin_sessions.id_hash', '=', idHash)
    .where('users.disabled', '=', false)
    .executeTakeFirst()
  return (
    row && {
      idHash,
      createdAt: toIso(row.created_at),
      lastSeenAt: toIso(row.last_seen_at),
      expiresAt: toIso(row.expires_at),
      user: { id: Number(row.id), name: row.name, email: row.email, role: row.role },
    }
  )
}

/** A session used again: seen now, and lasting until `expiresAt`. */
export async function touchSession(db: Db, idHash: string, lastSeenAt: string, expiresAt: string): Promise<void> {
  await db.k
    .updateTable('admin_sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('id_hash', '=', idHash)
    .execute()
}

export async function deleteSessionByHash(db: Db, idHash: string): Promise<void> {
  await db.k.deleteFrom('admin_sessions').where('id_hash', '=', idHash).execute()
}

/** A signed-in browser as "Your devices" lists it. */
export type DeviceSession = {
  idHash: string
  userAgent: string | null
  address: string | null
  createdAt: string
  lastSeenAt: string
}

/** `userId`'s sessions still open at `now` (ISO 8601), the one seen last first. */
export async function sessionsOf(db: Db, userId: number, now: string): Promise<DeviceSession[]> {
  const rows = await db.k
    .selectFrom('admin_sessions')
    .select(['id_hash', 'user_agent', 'address', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute()
  return rows.map((r) => ({
    idHash: r.id_hash,
    userAgent: r.user_agent,
    address: r.address,
    createdAt: toIso(r.created_at),
    lastSeenAt: toIso(r.last_seen_at),
  }))
}

/** Ends one of `userId`'s sessions; whether there was one. */
export async function deleteSessionOf(db: Db, userId: number, idHash: string): Promise<boolean> {
  const result = await db.k
    .deleteFrom('admin_sessions')
    .where('id_hash', '=', idHash)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Ends every session of `userId` (signed out everywhere); how many there were. */
export async function deleteSessionsOf(db: Db, userId: number): Promise<number> {
  const result = await db.k.deleteFrom('admin_sessions').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The sessions ended at `now` (ISO 8601) go. */
export async function deleteEndedSessions(db: Db, now: string): Promise<void> {
  await db.k.deleteFrom('admin_sessions').where('expires_at', '<=', now).execute()
}
