// 003: fixed-window counters per client address, shared by every instance.
import { types, type KindMigration } from './shared.ts'

export const rateLimits: KindMigration = {
  name: '003_rate_limits',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('rate_limits')
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('window_start', t.bigint, (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'key', 'window_start'])
      .execute()
  },
}
