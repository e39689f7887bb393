// Numbered migrations, run at start (src/server/main.ts) and by `npm run db:migrate`. Each runs
// once per database, in order, under Kysely's migration lock (two instances starting together
// on one PostgreSQL do not race). Never edit a migration that has shipped: add the next one.
import { sql, type Kysely } from 'kysely'
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration'
import type { Db } from './client.ts'
import { adoptTable, checkAdoptable, closeToApiRoles } from './adopt.ts'
import { syncViewIndexes } from './views.ts'

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

/** Every migration, by name, for a database of this kind (exported for the migration tests). */
export function migrations(kind: Kind): Record<string, Migration> {
  const t = types(kind)
  return {
    // The seed's table (SPEC §3), created if missing; an existing Supabase table is kept and
    // gains our columns.
    '001_contact_submissions': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('contact_submissions')
          .ifNotExists()
          .addColumn('id', t.uuid, (c) =>
            kind === 'postgres' ? c.primaryKey().defaultTo(sql`gen_random_uuid()`) : c.primaryKey(),
          )
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
          [
            'updated_at',
            `${t.timestamp} not null default ${kind === 'postgres' ? 'now()' : "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"}`,
          ],
        ]
        for (const [name, type] of extra) {
          // SQLite has no ADD COLUMN IF NOT EXISTS; its table was created just above, without them.
          await sql
            .raw(
              `alter table contact_submissions add column ${kind === 'postgres' ? 'if not exists ' : ''}${name} ${type}`,
            )
            .execute(db)
        }
        await sql`create index if not exists contact_submissions_created_at on contact_submissions (created_at desc, id desc)`.execute(
          db,
        )
      },
    },
    // Notifications to the office, written in the same transaction as the request they announce
    // and sent by the alert worker (src/server/alerts/worker.ts, decision 029).
    '002_notification_outbox': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('notification_outbox')
          .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (c) =>
            kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
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
        await sql`create index notification_outbox_due on notification_outbox (next_attempt_at) where sent_at is null`.execute(
          db,
        )
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
    // The admin: one password (its argon2id hash only) and server-side sessions.
    '004_admin': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('admin_credentials')
          .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('updated_at', t.timestamp, (c) => c.notNull())
          .execute()
        await db.schema
          .createTable('admin_sessions')
          // SHA-256 of the cookie's random id: a copy of the table opens no session.
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('last_seen_at', t.timestamp, (c) => c.notNull())
          .addColumn('expires_at', t.timestamp, (c) => c.notNull())
          .addColumn('user_agent', 'text')
          .execute()
        await db.schema.createIndex('admin_sessions_expires_at').on('admin_sessions').column('expires_at').execute()
      },
    },
    // The inbox's questions at 100,000 rows (docs/decisions/019-inbox-queries.md): indexes for
    // each view, newest first; phone digits however the number was written; and a trigram index
    // for "find these letters anywhere" (FTS5 on SQLite, pg_trgm on PostgreSQL).
    '005_inbox_indexes': {
      async up(db: Kysely<unknown>) {
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

        if (kind === 'postgres') {
          await sql`alter table contact_submissions add column if not exists phone_digits text generated always as (regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) stored`.execute(
            db,
          )
          await sql`alter table contact_submissions add column if not exists search_text text generated always as (lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(message, ''))) stored`.execute(
            db,
          )
          // pg_trgm ships with PostgreSQL (contrib) and on Supabase; a database without it still
          // works, with searches scanning the table.
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
        } else {
          await sql`alter table contact_submissions add column phone_digits text generated always as (replace(replace(replace(replace(replace(replace(replace(coalesce(phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), '/', '')) virtual`.execute(
            db,
          )
          // An external-content FTS5 table over the searchable columns, kept in step by triggers.
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
      },
    },
    // The views' partial indexes are now built from the views' one description at every start
    // (src/server/db/views.ts, named after each view's condition); the ones 005 named by hand go.
    '006_view_indexes_by_description': {
      async up(db: Kysely<unknown>) {
        for (const name of ['inbox', 'unread', 'clients', 'spam']) {
          await sql`drop index if exists ${sql.id(`contact_submissions_${name}`)}`.execute(db)
        }
      },
    },
    // The lead desk (docs/decisions/026-lead-desk.md): urgency, after-hours, the first contact and
    // the response time, follow-up dates, the trash; and every change to a request kept in an
    // activity table, shown as the request's timeline.
    '007_lead_desk': {
      async up(db: Kysely<unknown>) {
        const columns: [string, string][] = [
          ['urgency', 'text'],
          ['urgent_open', `boolean not null default ${kind === 'postgres' ? 'false' : '0'}`],
          ['after_hours', `boolean not null default ${kind === 'postgres' ? 'false' : '0'}`],
          ['first_contact_at', t.timestamp],
          ['response_ms', t.bigint],
          ['follow_up_on', t.date],
          ['deleted_at', t.timestamp],
        ]
        for (const [name, type] of columns) {
          await sql
            .raw(
              `alter table contact_submissions add column ${kind === 'postgres' ? 'if not exists ' : ''}${name} ${type}`,
            )
            .execute(db)
        }
        await db.schema
          .createTable('submission_activity')
          .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (c) =>
            kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('submission_id', t.uuid, (c) =>
            c.notNull().references('contact_submissions.id').onDelete('cascade'),
          )
          .addColumn('at', t.timestamp, (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('detail', 'text')
          .execute()
        // A request's timeline, newest first.
        await sql`create index submission_activity_submission on submission_activity (submission_id, id desc)`.execute(
          db,
        )
        // The median response times: the requests of the last days that were answered.
        await sql`create index contact_submissions_response on contact_submissions (created_at, response_ms) where response_ms is not null`.execute(
          db,
        )
        // The trash's purge: what was deleted before a day.
        await sql`create index contact_submissions_deleted on contact_submissions (deleted_at) where deleted_at is not null`.execute(
          db,
        )
      },
    },
    // An existing table adopted (docs/decisions/027-adopting-existing-data.md): the seed's
    // Supabase table had NOT NULL on email and service, nullable flags, NULL statuses. Its
    // constraints are brought to ours without rewriting a row but those with NULLs to fill
    // (src/server/db/adopt.ts); a table made by 001–007 is left as it is. SQLite's is always ours.
    '008_adopt_existing_table': {
      async up(db: Kysely<unknown>) {
        if (kind === 'postgres') await adoptTable(db)
      },
    },
    // Spam never hides a real request (docs/decisions/028-possible-spam-and-limits.md): only the
    // honeypot files a request as spam; weak signals are a "possible spam" reason on a request
    // that stays in the inbox. The requests filed as spam for their fill time alone come back.
    '009_possible_spam': {
      async up(db: Kysely<unknown>) {
        await sql
          .raw(
            `alter table contact_submissions add column ${kind === 'postgres' ? 'if not exists ' : ''}suspicion text`,
          )
          .execute(db)
        await sql`update contact_submissions set is_spam = ${t.false}, suspicion = spam_reason, spam_reason = null
          where is_spam and spam_reason like 'form sent %'`.execute(db)
      },
    },
    // Alerts on every channel (docs/decisions/029-alert-channels.md): an outbox row is an event
    // (channel null: a new request, an escalation, a reminder, a status change) or one delivery
    // of it (channel and target set), fanned out by the alert worker. The rows waiting from
    // before are events. An escalation or a reminder is written at most once per request.
    '010_alert_channels': {
      async up(db: Kysely<unknown>) {
        for (const column of ['channel text', 'target text', "event text not null default 'new'"]) {
          await sql
            .raw(`alter table notification_outbox add column ${kind === 'postgres' ? 'if not exists ' : ''}${column}`)
            .execute(db)
        }
        await sql`create unique index notification_outbox_once on notification_outbox (submission_id, event)
          where channel is null and event in ('new', 'escalation', 'reminder')`.execute(db)
      },
    },
    // Intake (docs/decisions/031-intake.md): the ZIP code and its place in the service area, the
    // answer to "Is your heating or cooling out right now?" and the time to call back. New
    // columns only, all nullable: a row from before reads as "not asked".
    '011_intake': {
      async up(db: Kysely<unknown>) {
        for (const name of ['zip', 'zip_place', 'out_now', 'callback_time']) {
          await sql
            .raw(
              `alter table contact_submissions add column ${kind === 'postgres' ? 'if not exists ' : ''}${name} text`,
            )
            .execute(db)
        }
      },
    },
    // Where requests come from and calls counted (docs/decisions/032-attribution-calls-privacy.md):
    // the visit's landing page, campaign parameters and ad click id on each request, its source in
    // words (the inbox's filter, the Sources report); calls started as daily totals per page and
    // source; and the index the retention's deletion walks.
    '012_sources': {
      async up(db: Kysely<unknown>) {
        const columns = [
          'landing_page',
          'utm_source',
          'utm_medium',
          'utm_campaign',
          'utm_term',
          'utm_content',
          'click_id_type',
          'click_id',
          'source',
        ]
        for (const name of columns) {
          await sql
            .raw(
              `alter table contact_submissions add column ${kind === 'postgres' ? 'if not exists ' : ''}${name} text`,
            )
            .execute(db)
        }
        await sql`create index if not exists contact_submissions_source on contact_submissions (source, created_at desc)`.execute(
          db,
        )
        await db.schema
          .createTable('call_counts')
          .addColumn('day', t.date, (c) => c.notNull())
          .addColumn('page', 'text', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('call_counts_pk', ['day', 'page', 'source'])
          .execute()
      },
    },
    // Web Push to the owner's devices (docs/decisions/030-web-push.md): the server's VAPID key
    // pair (made at first start, kept here so every instance signs with the same key and the
    // devices stay subscribed across restarts), and one row per subscribed device.
    '013_web_push': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('push_keys')
          .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
          .addColumn('public_key', 'text', (c) => c.notNull())
          .addColumn('private_key', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute()
        await db.schema
          .createTable('push_subscriptions')
          .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (c) =>
            kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('endpoint', 'text', (c) => c.notNull().unique())
          .addColumn('p256dh', 'text', (c) => c.notNull())
          .addColumn('auth', 'text', (c) => c.notNull())
          .addColumn('device', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('last_success_at', t.timestamp)
          .addColumn('last_failure_at', t.timestamp)
          .addColumn('last_error', 'text')
          .execute()
      },
    },
    // The daily digest of what was filed as spam (docs/decisions/033-webhooks-and-escalation.md):
    // one row per office day, its key the day, so several instances send it once.
    '014_alert_followups': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('spam_digests')
          .ifNotExists()
          .addColumn('day', 'text', (c) => c.primaryKey())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('locked_until', t.timestamp)
          .addColumn('last_error', 'text')
          .addColumn('sent_at', t.timestamp)
          .execute()
      },
    },
  }
}

/** Kysely's migrator over this file's migrations (tests also take a database to a given one with it). */
export function migratorFor(db: Db): Migrator {
  return new Migrator({ db: db.k, provider: { getMigrations: () => Promise.resolve(migrations(db.kind)) } })
}

/**
 * Runs the migrations not yet applied (after checking that an existing table can be adopted),
 * then brings the inbox views' indexes in line with their description and keeps Supabase's API
 * roles out of our tables (src/server/db/adopt.ts). Says what it did: the migrations applied,
 * the indexes created and dropped.
 */
export async function migrate(
  db: Db,
): Promise<MigrationResultSet & { viewIndexes: { created: string[]; dropped: string[] } }> {
  // An adopted table the code cannot use stops the start here, saying what to change.
  await checkAdoptable(db)
  const result = await migratorFor(db).migrateToLatest()
  if (result.error) throw result.error instanceof Error ? result.error : new Error(JSON.stringify(result.error))
  const viewIndexes = await syncViewIndexes(db)
  await closeToApiRoles(db)
  return { ...result, viewIndexes }
}
