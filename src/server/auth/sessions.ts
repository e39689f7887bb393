// Server-side admin sessions. The cookie holds 32 random bytes; the table holds their SHA-256,
// so reading the table opens no session. A session ends 12 hours after its last use, 7 days
// after it began, or at logout.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { toIso } from '../db/schema.ts'

const IDLE_MS = 12 * 60 * 60_000
export const ABSOLUTE_MS = 7 * 24 * 60 * 60_000
/** Writing last_seen_at on every request would make each read a write; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createSession(
  db: Db,
  { userAgent, now = Date.now() }: { userAgent?: string | undefined; now?: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Math.min(now + IDLE_MS, now + ABSOLUTE_MS))
  await db.k
    .insertInto('admin_sessions')
    .values({
      id_hash: digest(token),
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: expiresAt.toISOString(),
      user_agent: userAgent?.slice(0, 300) ?? null,
    })
    .execute()
  return { token, expiresAt }
}

/** The session of a cookie value if it is valid now (and extends it); undefined otherwise. */
export async function findSession(
  db: Db,
  token: string | undefined,
  now = Date.now(),
): Promise<{ expiresAt: Date } | undefined> {
  if (!token || !/^[\w-]{43}$/.test(token)) return undefined
  const idHash = digest(token)
  const row = await db.k
    .selectFrom('admin_sessions')
    .select(['created_at', 'last_seen_at', 'expires_at'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst()
  if (!row) return undefined
  const expiresAt = Date.parse(toIso(row.expires_at))
  if (expiresAt <= now) {
    await db.k.deleteFrom('admin_sessions').where('id_hash', '=', idHash).execute()
    return undefined
  }
  if (now - Date.parse(toIso(row.last_seen_at)) < TOUCH_EVERY_MS) return { expiresAt: new Date(expiresAt) }
  const extended = new Date(Math.min(now + IDLE_MS, Date.parse(toIso(row.created_at)) + ABSOLUTE_MS))
  await db.k
    .updateTable('admin_sessions')
    .set({ last_seen_at: new Date(now).toISOString(), expires_at: extended.toISOString() })
    .where('id_hash', '=', idHash)
    .execute()
  return { expiresAt: extended }
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return
  await db.k.deleteFrom('admin_sessions').where('id_hash', '=', digest(token)).execute()
}

export async function pruneSessions(db: Db, now = Date.now()): Promise<void> {
  await db.k.deleteFrom('admin_sessions').where('expires_at', '<=', new Date(now).toISOString()).execute()
}
