// 009: spam never hides a real request (docs/decisions/028-possible-spam-and-limits.md): only the
// honeypot files a request as spam; weak signals are a "possible spam" reason on a request that
// stays in the inbox. The requests filed as spam for their fill time alone come back.
import { sql } from 'kysely'
import { addColumns, types, type KindMigration } from './shared.ts'

export const possibleSpam: KindMigration = {
  name: '009_possible_spam',
  async up(db, kind) {
    await addColumns(db, kind, 'contact_submissions', [['suspicion', 'text']])
    await sql`update contact_submissions set is_spam = ${types(kind).false}, suspicion = spam_reason, spam_reason = null
          where is_spam and spam_reason like 'form sent %'`.execute(db)
  },
}
