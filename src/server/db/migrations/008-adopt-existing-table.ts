// 008: an existing table adopted (docs/decisions/027-adopting-existing-data.md): the seed's
// Supabase table had NOT NULL on email and service, nullable flags, NULL statuses. Its
// constraints are brought to ours without rewriting a row but those with NULLs to fill
// (src/server/db/adopt.ts); a table made by 001–007 is left as it is. SQLite's is always ours.
import { adoptTable } from '../adopt.ts'
import type { KindMigration } from './shared.ts'

export const adoptExistingTable: KindMigration = {
  name: '008_adopt_existing_table',
  async up(db, kind) {
    if (kind === 'postgres') await adoptTable(db)
  },
}
