// The numbered migrations (one file each in migrations/), run at start (src/server/main.ts) and by
// `npm run db:migrate`. Each runs once per database, in order, under Kysely's migration lock (two
// instances starting together on one PostgreSQL do not race). Never edit a migration that has
// shipped: add the next file and list it here.
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration'
import type { Db } from './client.ts'
import { checkAdoptable, closeToApiRoles } from './adopt.ts'
import { syncViewIndexes } from './views.ts'
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
