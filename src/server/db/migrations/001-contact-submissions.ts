// 001: the seed's table (SPEC §3), created if missing; an existing Supabase table is kept and
// gains our columns.
import { sql } from 'kysely'
import { addColumns, types, type KindMigration } from './shared.ts'

export const contactSubmissions: KindMigration = {
  name: '001_contact_submissions',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('contact_submissions')
      .ifNotExists()
      .addColumn('id', t.uuid, (c) =>
        kind === 'postgres' ? c.primaryKey().defaultTo(sql`gen_random_uuid()`) : c.primaryKey(),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('service', 'text')
      .addColumn('message', 'text')
      .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
      .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(t.false))
      .addColumn('read_at', t.timestamp)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
      .addColumn('is_client', 'boolean', (c) => c.notNull().defaultTo(t.false))
      .addColumn('client_since', t.date)
      .addColumn('next_delivery_date', t.date)
      .addColumn('delivery_frequency', 'text')
      .addColumn('delivery_notes', 'text')
      .execute()
    await addColumns(db, kind, 'contact_submissions', [
      ['source_page', 'text'],
      ['referrer', 'text'],
      ['is_spam', `boolean not null default ${t.falseText}`],
      ['spam_reason', 'text'],
      ['updated_at', `${t.timestamp} not null default ${t.nowText}`],
    ])
    await sql`create index if not exists contact_submissions_created_at on contact_submissions (created_at desc, id desc)`.execute(
      db,
    )
  },
}
