// The second factor's rows (migration 039): an account's TOTP secret (pending until confirmed),
// the last step taken, and its recovery codes (SHA-256 only, each spent once). Each code is
// spent by one conditional UPDATE, so two sign-ins racing with the same code get one session.
import { createHash } from 'node:crypto'
import type { Db } from './client.ts'

const codeDigest = (code: string): string =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex')

export type SecondFactor = { secret: string | null; pending: string | null; lastStep: number | null }

export async function secondFactorOf(db: Db, userId: number): Promise<SecondFactor | undefined> {
  const row = await db.k
    .selectFrom('users')
    .select(['totp_secret', 'totp_pending', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst()
  return (
    row && {
      secret: row.totp_secret,
      pending: row.totp_pending,
      lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    }
  )
}

export async function setPendingSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db.k.updateTable('users').set({ totp_pending: secret }).where('id', '=', userId).execute()
}

/** Takes `step` for the account, when no later or equal step was taken: whether it was. */
export async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db.k
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The pending secret confirmed at `step`: the second factor is on, with these recovery codes. */
export async function confirmSecret(
  db: Db,
  userId: number,
  pending: string,
  step: number,
  codes: string[],
): Promise<boolean> {
  return db.transact(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ totp_secret: pending, totp_pending: null, totp_last_step: step })
      .where('id', '=', userId)
      .where('totp_pending', '=', pending)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) return false
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((code) => ({ code_hash: codeDigest(code), user_id: userId, used_at: null })))
      .execute()
    return true
  })
}

export async function replaceRecoveryCodes(db: Db, userId: number, codes: string[]): Promise<void> {
  await db.transact(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((code) => ({ code_hash: codeDigest(code), user_id: userId, used_at: null })))
      .execute()
  })
}

/** Spends one of the account's unused recovery codes: whether `code` was one. */
export async function spendRecoveryCode(db: Db, userId: number, code: string, now: string): Promise<boolean> {
  const result = await db.k
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeDigest(code))
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db.k
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The second factor off: no secret, no recovery codes. */
export async function turnOffSecondFactor(db: Db, userId: number): Promise<void> {
  await db.transact(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_pending: null, totp_last_step: null })
      .where('id', '=', userId)
      .execute()
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  })
}
