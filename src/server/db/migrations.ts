// Numbered migrations, run at start (src/server/main.ts) and by `npm run db:migrate`. Each runs
// once per database, in order, under Kysely's migration lock (two instances starting together
// on one PostgreSQL do not race). Never edit a migration that has shipped: add the next one.
import { sql, type Kysely } from 'kysely'
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration'
import type { Db } from './client.ts'

type Kind = Db['kind']
// The two databases differ in a few column types; each migration names both.
const types = (kind: Kind) => ({
  timestamp: kind === 'postgres' ? ('timestamptz' as const) : ('text' as const),
  uuid: kind === 'postgres' ? ('uuid' as const) : ('text' as const),
  date: kind === 'postgres' ? ('date' as const) : ('text' as const),
  bigint: kind === 'postgres' ? ('bigint' as const) : ('integer' as const),
  now: kind === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  false: kind === 'postgres' ? sql`false` : sql`0`,
})

function migrations(kind: Kind): Record<string, Migration> {
  const t = types(kind)
  return {
    // The seed's table (SPEC §3), created if missing; an existing Supabase table is kept and
    // gains our columns.
    '001_contact_submissions': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('contact_submissions')
          .ifNotExists()
          .addColumn('id', t.uuid, (c) => (kind === 'postgres' ? c.primaryKey().defaultTo(sql`gen_random_uuid()`) : c.primaryKey()))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text')
          .addColumn('phone', 'text')
          .addColumn('service', 'text')
          .addColumn('message', 'text')
          .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
          .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(t.false))
          .addColumn('read_at', t.timestamp)
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
          .addColumn('is_client', 'boolean', (c) => c.notNull().defaultTo(t.false))
          .addColumn('client_since', t.date)
          .addColumn('next_delivery_date', t.date)
          .addColumn('delivery_frequency', 'text')
          .addColumn('delivery_notes', 'text')
          .execute()
        const extra: [string, string][] = [
          ['source_page', 'text'],
          ['referrer', 'text'],
          ['is_spam', `boolean not null default ${kind === 'postgres' ? 'false' : '0'}`],
          ['spam_reason', 'text'],
          ['updated_at', `${t.timestamp} not null default ${kind === 'postgres' ? 'now()' : "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"}`],
        ]
        for (const [name, type] of extra) {
          // SQLite has no ADD COLUMN IF NOT EXISTS; its table was created just above, without them.
          await sql.raw(`alter table contact_submissions add column ${kind === 'postgres' ? 'if not exists ' : ''}${name} ${type}`).execute(db)
        }
        await sql`create index if not exists contact_submissions_created_at on contact_submissions (created_at desc, id desc)`.execute(db)
      },
    },
    // Notifications to the office, written in the same transaction as the request they announce
    // and sent by the mail worker (src/server/mail/worker.ts).
    '002_notification_outbox': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('notification_outbox')
          .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('submission_id', t.uuid, (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('locked_until', t.timestamp)
          .addColumn('locked_by', 'text')
          .addColumn('last_error', 'text')
          .addColumn('sent_at', t.timestamp)
          .execute()
        // The worker's question: what is due and unsent?
        await sql`create index notification_outbox_due on notification_outbox (next_attempt_at) where sent_at is null`.execute(db)
      },
    },
    // Fixed-window counters per client address, shared by every instance.
    '003_rate_limits': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('rate_limits')
          .addColumn('bucket', 'text', (c) => c.notNull())
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('window_start', t.bigint, (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'key', 'window_start'])
          .execute()
      },
    },
  }
}

export async function migrate(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: db.k as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations(db.kind) },
  })
  const result = await migrator.migrateToLatest()
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error))
  return result
}
