// 029: a request's outcome (issue 25, docs/decisions/050-outcomes.md): the job's value in cents
// once it is completed, the reason it was lost once it is closed, and when the office entered
// either (the time a completed job is reported to Google Ads as a conversion). The index serves
// the Google Ads export, which reads the outcomes entered in a period.
import { sql } from 'kysely'
import { addColumns, types, type KindMigration } from './shared.ts'

export const outcomes: KindMigration = {
  name: '029_outcomes',
  async up(db, kind) {
    const t = types(kind)
    await addColumns(db, kind, 'contact_submissions', [
      ['job_value_cents', t.bigint],
      ['lost_reason', 'text'],
      ['outcome_at', t.timestamp],
    ])
    await sql`create index if not exists contact_submissions_outcome on contact_submissions (outcome_at) where job_value_cents is not null`.execute(
      db,
    )
  },
}
