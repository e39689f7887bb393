// invitations (migration 032): made by the owner, accepted once before they expire. Accepting
// makes the account in the same transaction that spends the invitation, so two tabs sending the
// same link make one account, and the second is told the link was used.
import type { Role } from '../auth/roles.ts'
import type { Db } from './client.ts'
import { toIso } from './schema.ts'

export type Invitation = {
  name: string
  email: string
  role: Role
  expiresAt: string
  usedAt: string | null
  /** The account a reset link sets a new password of (migration 039); null for an invitation. */
  resetUserId: number | null
}

export async function insertInvitation(
  db: Db,
  row: { tokenHash: string; name: string; email: string; role: Role; invitedBy: number; expiresAt: string },
  now: string,
): Promise<void> {
  await db.k
    .insertInto('invitations')
    .values({
      token_hash: row.tokenHash,
      name: row.name,
      email: row.email,
      role: row.role,
      invited_by: row.invitedBy,
      created_at: now,
      expires_at: row.expiresAt,
    })
    .execute()
}

export async function invitationByHash(db: Db, tokenHash: string): Promise<Invitation | undefined> {
  const row = await db.k
    .selectFrom('invitations')
    .select(['name', 'email', 'role', 'expires_at', 'used_at', 'reset_user_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  return (
    row && {
      name: row.name,
      email: row.email,
      role: row.role,
      expiresAt: toIso(row.expires_at),
      usedAt: toIso(row.used_at),
      resetUserId: row.reset_user_id === null ? null : Number(row.reset_user_id),
    }
  )
}

/** Whether an account or an open invitation already has this e-mail (lower-cased). */
export async function emailTaken(db: Db, email: string, now: string): Promise<boolean> {
  const user = await db.k.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  if (user) return true
  const open = await db.k
    .selectFrom('invitations')
    .select('token_hash')
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return open !== undefined
}

/**
 * Spends the invitation and makes its account with `passwordHash`, at once: the account's id,
 * or why not ('gone': unknown, used or expired; 'taken': an account has the e-mail by now).
 */
export async function acceptInvitation(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now: string,
): Promise<{ ok: true; userId: number; reset: boolean } | { ok: false; reason: 'gone' | 'taken' }> {
  return db.transact(async (trx) => {
    const spent = await trx
      .updateTable('invitations')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['name', 'email', 'role', 'reset_user_id'])
      .executeTakeFirst()
    if (!spent) return { ok: false as const, reason: 'gone' as const }
    // A reset link: the account's new password; its second factor off, its sessions ended.
    if (spent.reset_user_id !== null) {
      const userId = Number(spent.reset_user_id)
      const updated = await trx
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          totp_secret: null,
          totp_pending: null,
          totp_last_step: null,
          updated_at: now,
        })
        .where('id', '=', userId)
        .where('disabled', '=', false)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) return { ok: false as const, reason: 'gone' as const }
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
      await trx.deleteFrom('admin_sessions').where('user_id', '=', userId).execute()
      return { ok: true as const, userId, reset: true }
    }
    const existing = await trx.selectFrom('users').select('id').where('email', '=', spent.email).executeTakeFirst()
    if (existing) return { ok: false as const, reason: 'taken' as const }
    const user = await trx
      .insertInto('users')
      .values({
        name: spent.name,
        email: spent.email,
        role: spent.role,
        password_hash: passwordHash,
        disabled: false,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.updateTable('invitations').set({ user_id: user.id }).where('token_hash', '=', tokenHash).execute()
    return { ok: true as const, userId: Number(user.id), reset: false }
  })
}

/**
 * A reset link for an account (migration 039): an invitation row naming it, which sets its
 * password when accepted. Its earlier open reset links stop working. False when the account is
 * unknown, disabled or has no e-mail (the owner of ADMIN_PASSWORD resets with
 * `npm run admin:password`).
 */
export async function insertResetLink(
  db: Db,
  row: { tokenHash: string; userId: number; invitedBy: number; expiresAt: string },
  now: string,
): Promise<{ ok: true; email: string } | { ok: false }> {
  return db.transact(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['name', 'email', 'role', 'disabled'])
      .where('id', '=', row.userId)
      .executeTakeFirst()
    if (!user?.email || user.disabled === true || user.disabled === 1) return { ok: false as const }
    await trx
      .updateTable('invitations')
      .set({ expires_at: now })
      .where('reset_user_id', '=', row.userId)
      .where('used_at', 'is', null)
      .execute()
    await trx
      .insertInto('invitations')
      .values({
        token_hash: row.tokenHash,
        name: user.name,
        email: user.email,
        role: user.role,
        invited_by: row.invitedBy,
        created_at: now,
        expires_at: row.expiresAt,
        reset_user_id: row.userId,
      })
      .execute()
    return { ok: true as const, email: user.email }
  })
}
