// 025: the daily test alert (docs/decisions/047-daily-test-alert.md): one row per office day on
// which it went out, its key the day, so several instances send it once; the token the owner's
// tap on the test push sends back, and when it did; when a missed tap was e-mailed.
import { types, type KindMigration } from './shared.ts'

export const alertTests: KindMigration = {
  name: '025_alert_tests',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('alert_tests')
      .ifNotExists()
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('asks_ack', 'boolean', (c) => c.notNull().defaultTo(t.false))
      .addColumn('results', 'text')
      .addColumn('acked_at', t.timestamp)
      .addColumn('missed_mailed_at', t.timestamp)
      .execute()
  },
}
