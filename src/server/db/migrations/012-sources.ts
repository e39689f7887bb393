// 012: where requests come from and calls counted (docs/decisions/032-attribution-calls-privacy.md):
// the visit's landing page, campaign parameters and ad click id on each request, its source in
// words (the inbox's filter, the Sources report); calls started as daily totals per page and
// source; and the index the retention's deletion walks.
import { sql } from 'kysely'
import { addColumns, types, type KindMigration } from './shared.ts'

export const sources: KindMigration = {
  name: '012_sources',
  async up(db, kind) {
    const t = types(kind)
    const names = [
      'landing_page',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'click_id_type',
      'click_id',
      'source',
    ]
    await addColumns(
      db,
      kind,
      'contact_submissions',
      names.map((name) => [name, 'text'] as const),
    )
    await sql`create index if not exists contact_submissions_source on contact_submissions (source, created_at desc)`.execute(
      db,
    )
    await db.schema
      .createTable('call_counts')
      .addColumn('day', t.date, (c) => c.notNull())
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('call_counts_pk', ['day', 'page', 'source'])
      .execute()
  },
}
