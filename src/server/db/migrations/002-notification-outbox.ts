// 002: notifications to the office, written in the same transaction as the request they announce
// and sent by the alert worker (src/server/alerts/worker.ts, decision 029).
import { sql } from 'kysely'
import { types, type KindMigration } from './shared.ts'

export const notificationOutbox: KindMigration = {
  name: '002_notification_outbox',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('notification_outbox')
      .addColumn('id', t.serial, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('submission_id', t.uuid, (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', t.timestamp)
      .addColumn('locked_by', 'text')
      .addColumn('last_error', 'text')
      .addColumn('sent_at', t.timestamp)
      .execute()
    // The worker's question: what is due and unsent?
    await sql`create index notification_outbox_due on notification_outbox (next_attempt_at) where sent_at is null`.execute(
      db,
    )
  },
}
