// passkeys and passkey_challenges (migration 036, decision 061): each account's WebAuthn
// credentials, and the challenges handed out, each used once before it expires.
import type { Db } from './client.ts'
import { toIso } from './schema.ts'

export type PasskeyRow = {
  id: string
  userId: number
  publicKey: string
  counter: number
  transports: string[]
  name: string
  createdAt: string
  lastUsedAt: string | null
}

const toPasskey = (row: {
  id: string
  user_id: number
  public_key: string
  counter: number | string
  transports: string
  name: string
  created_at: string | Date
  last_used_at: string | Date | null
}): PasskeyRow => ({
  id: row.id,
  userId: Number(row.user_id),
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports ? row.transports.split(',') : [],
  name: row.name,
  createdAt: toIso(row.created_at),
  lastUsedAt: toIso(row.last_used_at),
})

/** An account's passkeys, oldest first. */
export async function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  const rows = await db.k
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  return rows.map(toPasskey)
}

export async function passkeyById(db: Db, id: string): Promise<PasskeyRow | undefined> {
  const row = await db.k.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toPasskey(row)
}

export async function insertPasskey(db: Db, passkey: Omit<PasskeyRow, 'lastUsedAt'>): Promise<void> {
  await db.k
    .insertInto('passkeys')
    .values({
      id: passkey.id,
      user_id: passkey.userId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports.join(','),
      name: passkey.name,
      created_at: passkey.createdAt,
      last_used_at: null,
    })
    .execute()
}

/** After a sign-in: the authenticator's new counter, and when. */
export async function passkeyUsed(db: Db, id: string, counter: number, at: string): Promise<void> {
  await db.k.updateTable('passkeys').set({ counter, last_used_at: at }).where('id', '=', id).execute()
}

/** Deletes one of `userId`'s passkeys; whether there was one. */
export async function deletePasskey(db: Db, userId: number, id: string): Promise<boolean> {
  const result = await db.k.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export type ChallengePurpose = 'register' | 'sign-in'

/** Keeps a challenge handed out until `expiresAt` (and drops those already expired). */
export async function saveChallenge(
  db: Db,
  challenge: { challenge: string; purpose: ChallengePurpose; userId: number | null; expiresAt: string },
  now: string,
): Promise<void> {
  await db.k.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute()
  await db.k
    .insertInto('passkey_challenges')
    .values({
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      user_id: challenge.userId,
      expires_at: challenge.expiresAt,
    })
    .execute()
}

/**
 * Spends a challenge: deleted in one statement, so that it works once however many requests bring
 * it; whether it was there for `purpose` (and `userId`, for a registration) and not expired.
 */
export async function spendChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: number,
): Promise<boolean> {
  const row = await db.k
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst()
  if (!row) return false
  if (Date.parse(toIso(row.expires_at)) <= now) return false
  return row.user_id === null ? userId === null : Number(row.user_id) === userId
}
