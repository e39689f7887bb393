// invitations (migration 032): made by the owner, accepted once before they expire. Accepting
// makes the account in the same transaction that spends the invitation, so two tabs sending the
// same link make one account, and the second is told the link was used.
import type { Role } from '../auth/roles.ts'
import type { Db } from './client.ts'
import { toIso } from './schema.ts'

export type Invitation = { name: string; email: string; role: Role; expiresAt: string; usedAt: string | null }

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
    .select(['name', 'email', 'role', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  return (
    row && {
      name: row.name,
      email: row.email,
      role: row.role,
      expiresAt: toIso(row.expires_at),
      usedAt: toIso(row.used_at),
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
): Promise<{ ok: true; userId: number } | { ok: false; reason: 'gone' | 'taken' }> {
  return db.transact(async (trx) => {
    const spent = await trx
      .updateTable('invitations')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['name', 'email', 'role'])
      .executeTakeFirst()
    if (!spent) return { ok: false as const, reason: 'gone' as const }
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
    return { ok: true as const, userId: Number(user.id) }
  })
}
