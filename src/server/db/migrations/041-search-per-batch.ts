// 041: SQLite's full-text index fed once per transaction (src/server/db/search-index.ts, decision
// 037's amendment "the batch's rows indexed in one statement"). The insert trigger of migration
// 005 goes: the writers of requests index their transaction's new rows in one statement before
// committing. The delete and update triggers stay, for indexed rows only (at or below the
// watermark): a row not indexed yet is indexed as it is when its turn comes. PostgreSQL's trigram
// indexes are unchanged.
import { sql } from 'kysely'
import { indexNewRequests, WATERMARK } from '../search-index.ts'
import type { KindMigration } from './shared.ts'

export const searchPerBatch: KindMigration = {
  name: '041_search_per_batch',
  async up(db, kind) {
    if (kind === 'postgres') return
    await sql`drop trigger contact_search_insert`.execute(db)
    await sql`drop trigger contact_search_delete`.execute(db)
    await sql`drop trigger contact_search_update`.execute(db)
    await sql`create trigger contact_search_delete after delete on contact_submissions
            when old.rowid <= ${sql.raw(WATERMARK)} begin
            insert into contact_search(contact_search, rowid, name, email, message, phone_digits) values ('delete', old.rowid, old.name, old.email, old.message, old.phone_digits);
          end`.execute(db)
    await sql`create trigger contact_search_update after update of name, email, message, phone on contact_submissions
            when old.rowid <= ${sql.raw(WATERMARK)} begin
            insert into contact_search(contact_search, rowid, name, email, message, phone_digits) values ('delete', old.rowid, old.name, old.email, old.message, old.phone_digits);
            insert into contact_search(rowid, name, email, message, phone_digits) values (new.rowid, new.name, new.email, new.message, new.phone_digits);
          end`.execute(db)
    // Nothing to index if the insert trigger did its work; whatever it missed, indexed now.
    await indexNewRequests(db)
  },
}
