// 026: the live site's speed (issue 21 item 6, docs/operations.md "Site speed"): per office day,
// page, device class and Core Web Vital, how many page views fell in each bucket of a fixed
// logarithmic scale; the 75th percentile is read from them. No row says anything of one visitor.
import type { KindMigration } from './shared.ts'

export const siteSpeed: KindMigration = {
  name: '026_site_speed',
  async up(db) {
    await db.schema
      .createTable('vitals_counts')
      .ifNotExists()
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('bucket', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('vitals_counts_pk', ['day', 'page', 'device', 'metric', 'bucket'])
      .execute()
  },
}
