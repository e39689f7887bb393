// 027: online booking (issue 24, docs/decisions/049-booking.md). `bookings`: the arrival window a
// request holds, one row per request (moving it changes the row; cancelling keeps it, cancelled,
// so the timeline and the customer's link still read it); erased with its request. `booking_days`:
// one row per day anyone booked or the office changed: its lock serializes the bookings of that
// day (no double booking, several instances included), and it holds the day's room when the
// office set one (a technician out sick). `signing_keys`: the server's secret keys, made once and
// shared by every instance (the customer's booking link is signed with one, docs/booking.md).
// notification_outbox's `detail`: an event's words when its kind does not say it all (a booking
// moved or cancelled by the customer: from when to when).
import { addColumns, types, type KindMigration } from './shared.ts'

export const bookings: KindMigration = {
  name: '027_bookings',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('bookings')
      .ifNotExists()
      .addColumn('submission_id', t.uuid, (c) =>
        c.primaryKey().references('contact_submissions.id').onDelete('cascade'),
      )
      .addColumn('window_date', 'text', (c) => c.notNull())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('window_end', 'text', (c) => c.notNull())
      .addColumn('starts_at', t.timestamp, (c) => c.notNull())
      .addColumn('ends_at', t.timestamp, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('updated_at', t.timestamp, (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('bookings_by_day')
      .ifNotExists()
      .on('bookings')
      .columns(['window_date', 'window_start'])
      .execute()
    await db.schema
      .createTable('booking_days')
      .ifNotExists()
      .addColumn('date', 'text', (c) => c.primaryKey())
      .addColumn('visits_per_window', 'integer')
      .addColumn('updated_at', t.timestamp, (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('signing_keys')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .execute()
    await addColumns(db, kind, 'notification_outbox', [['detail', 'text']])
  },
}
