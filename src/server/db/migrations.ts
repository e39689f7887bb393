// The numbered migrations (one file each in migrations/), run at start (src/server/main.ts) and by
// `npm run db:migrate`. Each runs once per database, in order, under Kysely's migration lock (two
// instances starting together on one PostgreSQL do not race). Never edit a migration that has
// shipped: add the next file and list it here.
import { sql } from 'kysely'
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration'
import type { Db } from './client.ts'
import { checkAdoptable, closeToApiRoles } from './adopt.ts'
import { plannedViewIndexes, syncViewIndexes } from './views.ts'
import { indexNewRequests } from './search-index.ts'
import type { Kind, KindMigration } from './migrations/shared.ts'
import { contactSubmissions } from './migrations/001-contact-submissions.ts'
import { notificationOutbox } from './migrations/002-notification-outbox.ts'
import { rateLimits } from './migrations/003-rate-limits.ts'
import { admin } from './migrations/004-admin.ts'
import { inboxIndexes } from './migrations/005-inbox-indexes.ts'
import { viewIndexesByDescription } from './migrations/006-view-indexes-by-description.ts'
import { leadDesk } from './migrations/007-lead-desk.ts'
import { adoptExistingTable } from './migrations/008-adopt-existing-table.ts'
import { possibleSpam } from './migrations/009-possible-spam.ts'
import { alertChannels } from './migrations/010-alert-channels.ts'
import { intake } from './migrations/011-intake.ts'
import { sources } from './migrations/012-sources.ts'
import { webPush } from './migrations/013-web-push.ts'
import { alertFollowups } from './migrations/014-alert-followups.ts'
import { triageQueue } from './migrations/015-triage-queue.ts'
import { lastAction } from './migrations/016-last-action.ts'
import { sourceChannels } from './migrations/017-source-channels.ts'
import { alertTests } from './migrations/025-alert-tests.ts'
import { siteSpeed } from './migrations/026-site-speed.ts'
import { bookings } from './migrations/027-bookings.ts'
import { customers } from './migrations/028-customers.ts'
import { outcomes } from './migrations/029-outcomes.ts'
import { customerMail } from './migrations/030-customer-mail.ts'
import { users } from './migrations/031-users.ts'
import { invitations } from './migrations/032-invitations.ts'
import { siteReleases } from './migrations/034-site-releases.ts'
import { passkeys } from './migrations/036-passkeys.ts'
import { sessionAddress } from './migrations/037-session-address.ts'
import { authors } from './migrations/038-authors.ts'
import { auditTotp } from './migrations/039-audit-totp.ts'
import { reportIndexes } from './migrations/040-report-indexes.ts'
import { searchPerBatch } from './migrations/041-search-per-batch.ts'

/** Every migration, oldest first (exported for the test that holds each file to its name). */
export const MIGRATIONS: readonly KindMigration[] = [
  contactSubmissions,
  notificationOutbox,
  rateLimits,
  admin,
  inboxIndexes,
  viewIndexesByDescription,
  leadDesk,
  adoptExistingTable,
  possibleSpam,
  alertChannels,
  intake,
  sources,
  webPush,
  alertFollowups,
  triageQueue,
  lastAction,
  sourceChannels,
  alertTests,
  siteSpeed,
  bookings,
  customers,
  outcomes,
  customerMail,
  users,
  invitations,
  siteReleases,
  passkeys,
  sessionAddress,
  authors,
  auditTotp,
  reportIndexes,
  searchPerBatch,
]

/** Every migration, by name, for a database of this kind (exported for the migration tests). */
export function migrations(kind: Kind): Record<string, Migration> {
  return Object.fromEntries(MIGRATIONS.map((m) => [m.name, { up: (db) => m.up(db, kind) } satisfies Migration]))
}

/** Kysely's migrator over these migrations (tests also take a database to a given one with it). */
export function migratorFor(db: Db): Migrator {
  return new Migrator({ db: db.k, provider: { getMigrations: () => Promise.resolve(migrations(db.kind)) } })
}

/**
 * A database migrated by a newer release: it holds migrations this code does not know. Running
 * on it could write what the newer code no longer reads, so the start stops and says so.
 */
export class NewerDatabase extends Error {
  readonly unknown: readonly string[]
  constructor(unknown: readonly string[]) {
    super(
      `The database is newer than this release: it has migration${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}, ` +
        `which this release does not know (its latest is ${MIGRATIONS.at(-1)!.name}). ` +
        'Run the newer release, or restore the backup taken before the upgrade (docs/operations.md, Upgrades).',
    )
    this.name = 'NewerDatabase'
    this.unknown = unknown
  }
}

/** The migrations the database records as applied, in the order they ran (none on a new database). */
async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows: found } =
    db.kind === 'postgres'
      ? await sql`select 1 from pg_tables where schemaname = current_schema() and tablename = 'kysely_migration'`.execute(
          db.k,
        )
      : await sql`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db.k)
  if (found.length === 0) return []
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.k)
  return rows.map((r) => r.name)
}

/** Throws NewerDatabase when the database records a migration this release does not have. */
async function refuseNewerDatabase(db: Db): Promise<void> {
  const known = new Set(MIGRATIONS.map((m) => m.name))
  const unknown = (await appliedMigrations(db)).filter((name) => !known.has(name))
  if (unknown.length > 0) throw new NewerDatabase(unknown)
}

/**
 * What `migrate` would do, doing nothing (`npm run db:migrate -- --dry-run`): the migrations not
 * yet applied, in order, and the inbox view indexes it would build and drop. Throws
 * NewerDatabase like `migrate`.
 */
export async function plannedMigration(
  db: Db,
): Promise<{ migrations: string[]; viewIndexes: { created: string[]; dropped: string[] } }> {
  await refuseNewerDatabase(db)
  const applied = new Set(await appliedMigrations(db))
  return {
    migrations: MIGRATIONS.map((m) => m.name).filter((name) => !applied.has(name)),
    viewIndexes: await plannedViewIndexes(db),
  }
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
  // A database a newer release has migrated, or an adopted table the code cannot use, stops the
  // start here, saying what to do.
  await refuseNewerDatabase(db)
  await checkAdoptable(db)
  const result = await migratorFor(db).migrateToLatest()
  if (result.error) throw result.error instanceof Error ? result.error : new Error(JSON.stringify(result.error))
  const viewIndexes = await syncViewIndexes(db)
  await closeToApiRoles(db)
  // A request another program wrote since (or one a crash left behind, had any writer committed
  // without indexing) is not in SQLite's full-text index yet: indexed now (search-index.ts).
  if (db.kind === 'sqlite') await indexNewRequests(db.k)
  return { ...result, viewIndexes }
}
