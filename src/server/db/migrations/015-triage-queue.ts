// 015: the triage queue (docs/decisions/039-triage-queue.md): a request's place in All and Unread
// as one number the database keeps, so the views' order stays a walk over their partial indexes.
// Its creation time in milliseconds, negated while the request is urgent and nobody has contacted
// it: in descending order the urgent ones (after urgent_open) come oldest first, the rest newest
// first. Generated, so every insert (the form, an import, a Supabase client) and the first
// contact move it without our code writing it.
import { sql } from 'kysely'
import type { KindMigration } from './shared.ts'

export const triageQueue: KindMigration = {
  name: '015_triage_queue',
  async up(db, kind) {
    await (
      kind === 'postgres'
        ? sql`alter table contact_submissions add column if not exists queue_rank bigint generated always as
          ((case when urgent_open then -1 else 1 end) * (extract(epoch from (created_at at time zone 'UTC')) * 1000)::bigint) stored`
        : sql`alter table contact_submissions add column queue_rank integer generated always as
          ((case when urgent_open then -1 else 1 end) * cast(round((julianday(created_at) - 2440587.5) * 86400000) as integer)) virtual`
    ).execute(db)
  },
}
