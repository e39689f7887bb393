// audit_log (migration 039): each sign-in and account change, newest first for the owner
// (docs/admin-api.md "Account activity"). Written beside what it records; never changed after.
import type { Db } from './client.ts'
import { toIso } from './schema.ts'

/** What was done: the actions docs/security.md "Audit log" lists. */
type AuditAction =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-out'
  | 'session-ended'
  | 'sessions-ended'
  | 'invitation-made'
  | 'invitation-used'
  | 'passkey-added'
  | 'passkey-removed'
  | 'account-disabled'
  | 'two-factor-on'
  | 'two-factor-off'
  | 'recovery-codes-made'
  | 'reset-link-made'
  | 'reset-link-used'

export type AuditEntry = {
  userId: number | null
  email?: string | null | undefined
  action: AuditAction
  detail?: Record<string, string | number | boolean | null>
  address: string | null
}

/**
 * How long the account activity is kept, then pruned by the retention job (src/server/retention.ts):
 * long enough to look back over a year of sign-ins, and not forever, since each failed sign-in keeps
 * the e-mail someone typed and their address.
 */
export const AUDIT_MONTHS = 13

export async function audit(db: Db, entry: AuditEntry, now = new Date().toISOString()): Promise<void> {
  await db.k
    .insertInto('audit_log')
    .values({
      at: now,
      user_id: entry.userId,
      email:
        typeof entry.email === 'string' && entry.email !== '' ? entry.email.trim().toLowerCase().slice(0, 254) : null,
      action: entry.action,
      detail: JSON.stringify(entry.detail ?? {}),
      address: entry.address,
    })
    .execute()
}

export type AuditRow = {
  id: number
  at: string
  user: { id: number; name: string } | null
  email: string | null
  action: string
  detail: Record<string, unknown>
  address: string | null
}

/** A page of the log, newest first, before the entry `before` (none: from the newest). */
export async function auditPage(
  db: Db,
  { before, limit }: { before?: number | undefined; limit: number },
): Promise<AuditRow[]> {
  let query = db.k
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.user_id',
      'users.name',
      'audit_log.email',
      'audit_log.action',
      'audit_log.detail',
      'audit_log.address',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
  if (before !== undefined) query = query.where('audit_log.id', '<', before)
  const rows = await query.execute()
  return rows.map((row) => ({
    id: Number(row.id),
    at: toIso(row.at),
    user: row.user_id === null ? null : { id: Number(row.user_id), name: row.name ?? '' },
    email: row.email,
    action: row.action,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    address: row.address,
  }))
}

/** The entries from before `before` (ISO 8601) go; how many. */
export async function pruneAuditLog(db: Db, before: string): Promise<number> {
  const result = await db.k.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
