// 038: who did what (issue 26, step 3, docs/decisions/062-who-did-what.md). Each timeline entry
// names the account that made it (submission_activity.by_user_id; null for the system, a
// customer's own link, and every entry written before); a request may be assigned to an account
// (contact_submissions.assigned_to, indexed for the inbox's "Mine"); and each account says whether
// it is on duty (users.on_duty, true by default: a new request's push goes to those on duty).
// Accounts are disabled, never deleted, so the references never dangle.
import { sql } from 'kysely'
import { addColumns, type KindMigration } from './shared.ts'

export const authors: KindMigration = {
  name: '038_authors',
  async up(db, kind) {
    await addColumns(db, kind, 'submission_activity', [['by_user_id', 'integer references users (id)']])
    await addColumns(db, kind, 'contact_submissions', [['assigned_to', 'integer references users (id)']])
    await sql`create index contact_submissions_assigned_to on contact_submissions (assigned_to)`.execute(db)
    await addColumns(db, kind, 'users', [
      ['on_duty', kind === 'postgres' ? 'boolean not null default true' : 'integer not null default 1'],
    ])
  },
}
