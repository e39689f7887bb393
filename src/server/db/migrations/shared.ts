// What the migration files share: the shape of one migration, the column types in which the two
// databases differ, and adding columns to a table that may already have them.
import { sql, type Kysely } from 'kysely'
import type { Db } from '../client.ts'

export type Kind = Db['kind']

/**
 * One migration: its name as stored in the database's kysely_migration table (never changed once
 * shipped: a changed name runs again) and what it does on a database of either kind.
 */
export type KindMigration = {
  name: string
  up(db: Kysely<unknown>, kind: Kind): Promise<void>
}

/** The column types and defaults each migration names for both databases. */
export const types = (kind: Kind) => ({
  timestamp: kind === 'postgres' ? ('timestamptz' as const) : ('text' as const),
  uuid: kind === 'postgres' ? ('uuid' as const) : ('text' as const),
  date: kind === 'postgres' ? ('date' as const) : ('text' as const),
  bigint: kind === 'postgres' ? ('bigint' as const) : ('integer' as const),
  serial: kind === 'postgres' ? ('bigserial' as const) : ('integer' as const),
  now: kind === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  false: kind === 'postgres' ? sql`false` : sql`0`,
  // The same two, as text for a column written out in SQL.
  nowText: kind === 'postgres' ? 'now()' : "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
  falseText: kind === 'postgres' ? 'false' : '0',
})

/**
 * Adds columns (name, then its type as SQL) to a table, one statement each. On PostgreSQL a
 * column the table already has is kept (an adopted Supabase table); SQLite has no ADD COLUMN IF
 * NOT EXISTS, and its tables are always ours, made without them.
 */
export async function addColumns(
  db: Kysely<unknown>,
  kind: Kind,
  table: string,
  columns: readonly (readonly [name: string, type: string])[],
): Promise<void> {
  for (const [name, type] of columns) {
    await sql
      .raw(`alter table ${table} add column ${kind === 'postgres' ? 'if not exists ' : ''}${name} ${type}`)
      .execute(db)
  }
}
