// users: the people who sign in (migration 031). The owner made from ADMIN_PASSWORD has no
// e-mail and signs in with the password alone; everyone else signs in with e-mail and password.
import type { Db } from './client.ts'
import type { Role, SignedInUser } from '../auth/roles.ts'
import { toBool } from './schema.ts'

export type UserRow = SignedInUser & { passwordHash: string | null; disabled: boolean }

const COLUMNS = ['id', 'name', 'email', 'role', 'password_hash', 'disabled'] as const

const toUser = (row: {
  id: number
  name: string
  email: string | null
  role: Role
  password_hash: string | null
  disabled: boolean | number
}): UserRow => ({
  id: Number(row.id),
  name: row.name,
  email: row.email,
  role: row.role,
  passwordHash: row.password_hash,
  disabled: toBool(row.disabled),
})

/** An e-mail as stored and looked up: trimmed, lower-cased. */
const emailKey = (email: string): string => email.trim().toLowerCase()

/** The owner who signs in with the password alone: the first owner without an e-mail (made from ADMIN_PASSWORD). */
export async function passwordOwner(db: Db): Promise<UserRow | undefined> {
  const row = await db.k
    .selectFrom('users')
    .select(COLUMNS)
    .where('role', '=', 'owner')
    .where('email', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row && toUser(row)
}

export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const row = await db.k.selectFrom('users').select(COLUMNS).where('email', '=', emailKey(email)).executeTakeFirst()
  return row && toUser(row)
}

/**
 * The password-alone owner's new hash (made, named "Owner", when there is none yet), and every
 * session of that owner signed out, in one transaction: a password is changed when the old one
 * may be known.
 */
export async function setOwnerPasswordHash(db: Db, passwordHash: string, now: string): Promise<void> {
  await db.transact(async (trx) => {
    const owner = await trx
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'owner')
      .where('email', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
    if (!owner) {
      await trx
        .insertInto('users')
        .values({
          name: 'Owner',
          email: null,
          role: 'owner',
          password_hash: passwordHash,
          disabled: false,
          created_at: now,
          updated_at: now,
        })
        .execute()
      return
    }
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', owner.id)
      .execute()
    await trx.deleteFrom('admin_sessions').where('user_id', '=', owner.id).execute()
  })
}

/** A new account; its id. The e-mail is stored as `emailKey` gives it. */
export async function insertUser(
  db: Db,
  user: { name: string; email: string; role: Role; passwordHash: string | null },
  now: string,
): Promise<number> {
  const row = await db.k
    .insertInto('users')
    .values({
      name: user.name,
      email: emailKey(user.email),
      role: user.role,
      password_hash: user.passwordHash,
      disabled: false,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** Everyone with an account, in the order they came, with whether each is on duty. */
export async function listUsers(db: Db): Promise<(SignedInUser & { disabled: boolean; onDuty: boolean })[]> {
  const rows = await db.k
    .selectFrom('users')
    .select([...COLUMNS, 'on_duty'])
    .orderBy('id')
    .execute()
  return rows.map((row) => {
    const { passwordHash: _hash, ...user } = toUser(row)
    return { ...user, onDuty: toBool(row.on_duty) }
  })
}

/** A person a request can be assigned to: an account that is not disabled. */
export type TeamMember = { id: number; name: string; role: Role; onDuty: boolean }

/** The accounts not disabled, in the order they came: whom a request can be assigned to, who is on duty. */
export async function listTeam(db: Db): Promise<TeamMember[]> {
  const rows = await db.k
    .selectFrom('users')
    .select(['id', 'name', 'role', 'on_duty'])
    .where('disabled', '=', false)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ id: Number(r.id), name: r.name, role: r.role, onDuty: toBool(r.on_duty) }))
}

/** Whether an account gets a push for each new request (decision 062); false when there is no such account. */
export async function setOnDuty(db: Db, id: number, onDuty: boolean, now: string): Promise<boolean> {
  const updated = await db.k
    .updateTable('users')
    .set({ on_duty: onDuty, updated_at: now })
    .where('id', '=', id)
    .where('disabled', '=', false)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

/** The names of these accounts, by id (a page of requests' assignees). */
export async function namesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.k.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()
  return new Map(rows.map((r) => [Number(r.id), r.name]))
}

export async function userById(db: Db, id: number): Promise<UserRow | undefined> {
  const row = await db.k.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  return row && toUser(row)
}

/**
 * Disables an account and ends what it holds, in one transaction: its sessions (signed out at
 * once) and its devices' push subscriptions (nothing more reaches them). Whether there was one.
 */
export async function disableUser(db: Db, id: number, now: string): Promise<boolean> {
  return db.transact(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ disabled: true, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return false
    await trx.deleteFrom('admin_sessions').where('user_id', '=', id).execute()
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', id).execute()
    return true
  })
}
