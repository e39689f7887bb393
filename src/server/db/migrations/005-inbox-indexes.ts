// 005: the inbox's questions at 100,000 rows (docs/decisions/019-inbox-queries.md): indexes for
// each view, newest first; phone digits however the number was written; and a trigram index for
// "find these letters anywhere" (FTS5 on SQLite, pg_trgm on PostgreSQL).
import { sql, type Kysely } from 'kysely'
import type { KindMigration } from './shared.ts'

export const inboxIndexes: KindMigration = {
  name: '005_inbox_indexes',
  async up(db, kind) {
    const views: [string, string][] = [
      ['contact_submissions_inbox', 'not is_spam'],
      ['contact_submissions_unread', 'not is_spam and not is_read'],
      ['contact_submissions_clients', 'not is_spam and is_client'],
      ['contact_submissions_spam', 'is_spam'],
    ]
    for (const [name, where] of views) {
      await sql
        .raw(`create index if not exists ${name} on contact_submissions (created_at desc, id desc) where ${where}`)
        .execute(db)
    }
    await sql`create index if not exists contact_submissions_status on contact_submissions (status, created_at desc, id desc)`.execute(
      db,
    )
    await (kind === 'postgres' ? postgresSearch(db) : sqliteSearch(db))
  },
}

/** Phone digits and search text as generated columns, with trigram indexes when pg_trgm is there. */
async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_submissions add column if not exists phone_digits text generated always as (regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) stored`.execute(
    db,
  )
  await sql`alter table contact_submissions add column if not exists search_text text generated always as (lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(message, ''))) stored`.execute(
    db,
  )
  // pg_trgm ships with PostgreSQL (contrib) and on Supabase; a database without it still works,
  // with searches scanning the table.
  await sql`savepoint trgm`.execute(db)
  try {
    await sql`create extension if not exists pg_trgm`.execute(db)
    await sql`create index if not exists contact_submissions_search on contact_submissions using gin (search_text gin_trgm_ops)`.execute(
      db,
    )
    await sql`create index if not exists contact_submissions_phone_digits on contact_submissions using gin (phone_digits gin_trgm_ops)`.execute(
      db,
    )
    await sql`release savepoint trgm`.execute(db)
  } catch {
    await sql`rollback to savepoint trgm`.execute(db)
  }
}

/** Phone digits as a generated column, and an external-content FTS5 table kept in step by triggers. */
async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_submissions add column phone_digits text generated always as (replace(replace(replace(replace(replace(replace(replace(coalesce(phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), '/', '')) virtual`.execute(
    db,
  )
  await sql`create virtual table contact_search using fts5(name, email, message, phone_digits, content='contact_submissions', content_rowid='rowid', tokenize='trigram')`.execute(
    db,
  )
  await sql`insert into contact_search(contact_search) values ('rebuild')`.execute(db)
  await sql`create trigger contact_search_insert after insert on contact_submissions begin
            insert into contact_search(rowid, name, email, message, phone_digits) values (new.rowid, new.name, new.email, new.message, new.phone_digits);
          end`.execute(db)
  await sql`create trigger contact_search_delete after delete on contact_submissions begin
            insert into contact_search(contact_search, rowid, name, email, message, phone_digits) values ('delete', old.rowid, old.name, old.email, old.message, old.phone_digits);
          end`.execute(db)
  await sql`create trigger contact_search_update after update of name, email, message, phone on contact_submissions begin
            insert into contact_search(contact_search, rowid, name, email, message, phone_digits) values ('delete', old.rowid, old.name, old.email, old.message, old.phone_digits);
            insert into contact_search(rowid, name, email, message, phone_digits) values (new.rowid, new.name, new.email, new.message, new.phone_digits);
          end`.execute(db)
}
