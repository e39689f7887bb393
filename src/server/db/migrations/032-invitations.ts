// 032: invitations (issue 26, docs/decisions/054-invitations.md): the owner invites a person by
// name, e-mail and role; the link carries a random token, the table only its SHA-256. It works
// once (`used_at`) and until `expires_at`; accepting it makes the account (`user_id`).
import { types, type KindMigration } from './shared.ts'

export const invitations: KindMigration = {
  name: '032_invitations',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('invitations')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('used_at', t.timestamp)
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute()
  },
}
