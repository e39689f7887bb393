// 004: the admin: one password (its argon2id hash only) and server-side sessions.
import { sql } from 'kysely'
import { types, type KindMigration } from './shared.ts'

export const admin: KindMigration = {
  name: '004_admin',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('admin_credentials')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('updated_at', t.timestamp, (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('admin_sessions')
      // SHA-256 of the cookie's random id: a copy of the table opens no session.
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('last_seen_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('user_agent', 'text')
      .execute()
    await db.schema.createIndex('admin_sessions_expires_at').on('admin_sessions').column('expires_at').execute()
  },
}
