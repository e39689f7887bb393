// 030: the customer's e-mails (issue 25, docs/decisions/051-customer-mail.md). `mail_suppressions`:
// the addresses that unsubscribed (one click, RFC 8058), by their key (lower-cased, trimmed):
// nothing automated is sent to them again; kept when a request is erased, since forgetting it
// would start the mail again. `customer_mails`: the review requests and visit reminders written
// to the outbox, one row per request, kind and visit date ('' for a review request), so that a
// reminder goes once per visit date and a review request at most once per customer a year;
// erased with its request.
import { types, type KindMigration } from './shared.ts'

export const customerMail: KindMigration = {
  name: '030_customer_mail',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('mail_suppressions')
      .ifNotExists()
      .addColumn('address', 'text', (c) => c.primaryKey())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('customer_mails')
      .ifNotExists()
      .addColumn('submission_id', t.uuid, (c) => c.notNull().references('contact_submissions.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('visit_date', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint('customer_mails_pkey', ['submission_id', 'kind', 'visit_date'])
      .execute()
    await db.schema
      .createIndex('customer_mails_by_kind')
      .ifNotExists()
      .on('customer_mails')
      .columns(['kind', 'created_at'])
      .execute()
  },
}
