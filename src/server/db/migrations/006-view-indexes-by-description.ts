// 006: the views' partial indexes are now built from the views' one description at every start
// (src/server/db/views.ts, named after each view's condition); the ones 005 named by hand go.
import { sql } from 'kysely'
import type { KindMigration } from './shared.ts'

export const viewIndexesByDescription: KindMigration = {
  name: '006_view_indexes_by_description',
  async up(db) {
    for (const name of ['inbox', 'unread', 'clients', 'spam']) {
      await sql`drop index if exists ${sql.id(`contact_submissions_${name}`)}`.execute(db)
    }
  },
}
