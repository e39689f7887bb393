// 014: the daily digest of what was filed as spam (docs/decisions/033-webhooks-and-escalation.md):
// one row per office day, its key the day, so several instances send it once.
import { types, type KindMigration } from './shared.ts'

export const alertFollowups: KindMigration = {
  name: '014_alert_followups',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('spam_digests')
      .ifNotExists()
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', t.timestamp)
      .addColumn('last_error', 'text')
      .addColumn('sent_at', t.timestamp)
      .execute()
  },
}
