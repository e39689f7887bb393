// 039: the audit log and the second factor (issue 26 steps 2 and 5, docs/decisions/063-audit-log-and-totp.md).
// `audit_log`: each sign-in and account change, when, by whom (null: nobody signed in), the e-mail a
// sign-in tried, what (`action`), its detail (JSON text) and the client address. `users` gains its
// TOTP secret (base32; `totp_pending` until a first code confirms it) and the last time step a code
// was taken at (each step once); `recovery_codes`: each account's one-time codes, SHA-256 only.
// `invitations` gains the account a reset link is for (null: an invitation to a new account).
import { addColumns, types, type KindMigration } from './shared.ts'

export const auditTotp: KindMigration = {
  name: '039_audit_totp',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('audit_log')
      .addColumn('id', t.serial, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('at', t.timestamp, (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('email', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('address', 'text')
      .execute()
    await addColumns(db, kind, 'users', [
      ['totp_secret', 'text'],
      ['totp_pending', 'text'],
      ['totp_last_step', t.bigint],
    ])
    await db.schema
      .createTable('recovery_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('used_at', t.timestamp)
      .execute()
    await db.schema.createIndex('recovery_codes_user_id').on('recovery_codes').column('user_id').execute()
    await addColumns(db, kind, 'invitations', [['reset_user_id', 'integer references users(id) on delete cascade']])
  },
}
