// 007: the lead desk (docs/decisions/026-lead-desk.md): urgency, after-hours, the first contact
// and the response time, follow-up dates, the trash; and every change to a request kept in an
// activity table, shown as the request's timeline.
import { sql } from 'kysely'
import { addColumns, types, type KindMigration } from './shared.ts'

export const leadDesk: KindMigration = {
  name: '007_lead_desk',
  async up(db, kind) {
    const t = types(kind)
    await addColumns(db, kind, 'contact_submissions', [
      ['urgency', 'text'],
      ['urgent_open', `boolean not null default ${t.falseText}`],
      ['after_hours', `boolean not null default ${t.falseText}`],
      ['first_contact_at', t.timestamp],
      ['response_ms', t.bigint],
      ['follow_up_on', t.date],
      ['deleted_at', t.timestamp],
    ])
    await db.schema
      .createTable('submission_activity')
      .addColumn('id', t.serial, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('submission_id', t.uuid, (c) => c.notNull().references('contact_submissions.id').onDelete('cascade'))
      .addColumn('at', t.timestamp, (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .execute()
    // A request's timeline, newest first.
    await sql`create index submission_activity_submission on submission_activity (submission_id, id desc)`.execute(db)
    // The median response times: the requests of the last days that were answered.
    await sql`create index contact_submissions_response on contact_submissions (created_at, response_ms) where response_ms is not null`.execute(
      db,
    )
    // The trash's purge: what was deleted before a day.
    await sql`create index contact_submissions_deleted on contact_submissions (deleted_at) where deleted_at is not null`.execute(
      db,
    )
  },
}
