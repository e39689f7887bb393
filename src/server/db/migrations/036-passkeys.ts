// 036: passkeys (issue 26, docs/decisions/061-passkeys.md). `passkeys`: each WebAuthn credential
// of an account, by its id (base64url), with its public key (COSE, base64url), signature counter,
// transports, a name to tell it by, and when it was made and last used; gone with its account.
// `passkey_challenges`: each challenge handed out, until it is used once or expires (a sign-in's
// has no account yet; a registration's belongs to the signed-in account).
import { types, type KindMigration } from './shared.ts'

export const passkeys: KindMigration = {
  name: '036_passkeys',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', t.bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('last_used_at', t.timestamp)
      .execute()
    await db.schema.createIndex('passkeys_user_id').on('passkeys').column('user_id').execute()
    await db.schema
      .createTable('passkey_challenges')
      .addColumn('challenge', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('passkey_challenges_expires_at').on('passkey_challenges').column('expires_at').execute()
  },
}
