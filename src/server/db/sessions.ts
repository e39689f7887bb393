// admin_sessions: one row per signed-in browser, keyed by the SHA-256 of its cookie's token
// (src/server/auth/sessions.ts decides when a session starts, lasts and ends).
import type { Db } from './client.ts'
import { toIso } from './schema.ts'

export type SessionRow = { idHash: string; createdAt: string; lastSeenAt: string; expiresAt: string }

export async function insertSession(db: Db, row: SessionRow & { userAgent: string | null }): Promise<void> {
  await db.k
    .insertInto('admin_sessions')
    .values({
      id_hash: row.idHash,
      created_at: row.createdAt,
      last_seen_at: row.lastSeenAt,
      expires_at: row.expiresAt,
      user_agent: row.userAgent,
    })
    .execute()
}

export async function sessionByHash(db: Db, idHash: string): Promise<SessionRow | undefined> {
  const row = await db.k
    .selectFrom('admin_sessions')
    .select(['created_at', 'last_seen_at', 'expires_at'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst()
  return (
    row && {
      idHash,
      createdAt: toIso(row.created_at),
      lastSeenAt: toIso(row.last_seen_at),
      expiresAt: toIso(row.expires_at),
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

/** The sessions ended at `now` (ISO 8601) go. */
export async function deleteEndedSessions(db: Db, now: string): Promise<void> {
  await db.k.deleteFrom('admin_sessions').where('expires_at', '<=', now).execute()
}

/** The admin password's hash (admin_credentials, one row), if one is set. */
export async function storedPasswordHash(db: Db): Promise<string | undefined> {
  const row = await db.k.selectFrom('admin_credentials').select('password_hash').where('id', '=', 1).executeTakeFirst()
  return row?.password_hash
}

/** A new password hash, and every session signed out with it, in one transaction. */
export async function replacePasswordHash(db: Db, passwordHash: string, now: string): Promise<void> {
  await db.transact(async (trx) => {
    await trx
      .insertInto('admin_credentials')
      .values({ id: 1, password_hash: passwordHash, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ password_hash: passwordHash, updated_at: now }))
      .execute()
    await trx.deleteFrom('admin_sessions').execute()
  })
}
