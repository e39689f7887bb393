// 031: named accounts (issue 26, docs/decisions/053-accounts-and-roles.md). `users`: one row per
// person who signs in, with a role (`owner` or `office`), an e-mail to sign in with (none for the
// owner made from ADMIN_PASSWORD, who signs in with the password alone), an argon2id hash, and
// `disabled`. The one password of 004 (admin_credentials) becomes the owner's, its sessions the
// owner's; the table stays until a later release (decision 044). Sessions and push subscriptions name their user: ending an account
// ends both (on delete cascade, and at once when it is disabled: src/server/db/users.ts).
import { sql } from 'kysely'
import { addColumns, types, type KindMigration } from './shared.ts'

export const users: KindMigration = {
  name: '031_users',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('users')
      .addColumn('id', t.serial, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('name', 'text', (c) => c.notNull())
      // Lower-cased and trimmed; unique where there is one.
      .addColumn('email', 'text')
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'office')`))
      .addColumn('password_hash', 'text')
      .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(t.false))
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('updated_at', t.timestamp, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('users_email').unique().on('users').column('email').execute()

    const refs = 'integer references users(id) on delete cascade'
    await addColumns(db, kind, 'admin_sessions', [['user_id', refs]])
    await addColumns(db, kind, 'push_subscriptions', [['user_id', refs]])

    // The shared password of 004 is the owner's; the sessions signed in with it are the owner's.
    await sql`
      insert into users (name, email, role, password_hash, disabled, created_at, updated_at)
      select 'Owner', null, 'owner', password_hash, ${t.false}, updated_at, updated_at
      from admin_credentials where id = 1`.execute(db)
    await sql`update admin_sessions set user_id = (select min(id) from users where role = 'owner')`.execute(db)
    await sql`update push_subscriptions set user_id = (select min(id) from users where role = 'owner')`.execute(db)
    await sql`delete from admin_sessions where user_id is null`.execute(db)
    // admin_credentials stays: the release before this one may still run beside it during a
    // rolling deploy, signing in with it (decision 044: widen, then narrow a release later).
  },
}
