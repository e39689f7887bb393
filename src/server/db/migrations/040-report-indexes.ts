// 040: the reports of a year read an index, not the table (docs/decisions/064-report-indexes.md).
// Each of the Sources report, the outcomes report and the Google Ads file gets a partial index
// holding every column it reads, so that a year (50,000 requests at bench:admin's size) is one pass
// over narrow index entries instead of a visit to each request's row. The conditions are the
// reports' own: not in the trash, not spam (and, for the outcomes, not a request sent again; for
// the file, a completed job with a value and a click id).
// SQLite groups by sorting unless the rows arrive in the group's order: there the report indexes
// start with the columns grouped by (and, after ANALYZE, skip from one source to the next to read
// only the period), and repeat the conditions' columns, which makes them covering. PostgreSQL
// groups by hashing: there they start with the period's column and read the period alone.
// The file's index replaces 029's contact_submissions_outcome, which only it read.
import { sql } from 'kysely'
import type { KindMigration } from './shared.ts'

export const reportIndexes: KindMigration = {
  name: '040_report_indexes',
  async up(db, kind) {
    const counted = sql`deleted_at is null and not is_spam`
    if (kind === 'sqlite') {
      await sql`create index if not exists contact_submissions_sources_report on contact_submissions
        (source, created_at, status, first_contact_at, deleted_at, is_spam) where ${counted}`.execute(db)
      await sql`create index if not exists contact_submissions_outcomes_report on contact_submissions
        (source, landing_page, utm_campaign, created_at, status, job_value_cents, customer_id, id,
         deleted_at, is_spam, folded_into) where ${counted} and folded_into is null`.execute(db)
      await sql`create index if not exists contact_submissions_conversions on contact_submissions
        (outcome_at, id, click_id_type, click_id, job_value_cents, status, deleted_at, is_spam)
        where job_value_cents is not null and status = 'completed' and click_id is not null and ${counted}`.execute(db)
    } else {
      await sql`create index if not exists contact_submissions_sources_report on contact_submissions
        (created_at, source, status, first_contact_at) where ${counted}`.execute(db)
      await sql`create index if not exists contact_submissions_outcomes_report on contact_submissions
        (created_at, source, landing_page, utm_campaign, status, job_value_cents, customer_id, id)
        where ${counted} and folded_into is null`.execute(db)
      await sql`create index if not exists contact_submissions_conversions on contact_submissions
        (outcome_at, id, click_id_type, click_id, job_value_cents)
        where job_value_cents is not null and status = 'completed' and click_id is not null and ${counted}`.execute(db)
    }
    await sql`drop index if exists contact_submissions_outcome`.execute(db)
  },
}
