// The notification outbox: one row per request to announce, written with the request itself,
// taken by one worker at a time under a lease, marked sent or rescheduled.
import { sql } from 'kysely'
import type { Db } from './client.ts'
import { recordActivity, type ActivityEntry } from './activity.ts'
import { toIso, type Tables } from './schema.ts'
import type { Kysely, Transaction } from 'kysely'

type OutboxRow = { id: number; submissionId: string; attempts: number }

export async function enqueueNotification(
  trx: Kysely<Tables> | Transaction<Tables>,
  submissionId: string,
  now: string,
): Promise<void> {
  await trx
    .insertInto('notification_outbox')
    .values({ submission_id: submissionId, created_at: now, next_attempt_at: now, attempts: 0 })
    .execute()
}

/**
 * Takes the oldest due, unsent row for `workerId` until `leaseUntil`, or returns undefined.
 * On PostgreSQL `for update skip locked` lets several instances take different rows at once;
 * SQLite runs one writer at a time, so the single statement is enough there.
 */
export async function claimNextNotification(
  db: Db,
  workerId: string,
  now: string,
  leaseUntil: string,
): Promise<OutboxRow | undefined> {
  const due = db.k
    .selectFrom('notification_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('id')
    .limit(1)
  const row = await db.k
    .updateTable('notification_outbox')
    .set({ locked_until: leaseUntil, locked_by: workerId, attempts: sql<number>`attempts + 1` })
    .where('id', '=', db.kind === 'postgres' ? due.forUpdate().skipLocked() : due)
    .returning(['id', 'submission_id', 'attempts'])
    .executeTakeFirst()
  return row && { id: Number(row.id), submissionId: row.submission_id, attempts: row.attempts }
}

/** What a delivery is to the request's timeline: its request, and the entry to record (none: record nothing). */
export type Delivery = { submissionId: string; entry?: ActivityEntry }

export async function markNotificationSent(db: Db, id: number, now: string, delivery?: Delivery): Promise<void> {
  await db.transact(async (trx) => {
    await trx
      .updateTable('notification_outbox')
      .set({ sent_at: now, locked_until: null, last_error: null })
      .where('id', '=', id)
      .execute()
    if (delivery?.entry) await recordActivity(trx, delivery.submissionId, now, [delivery.entry])
  })
}

export async function rescheduleNotification(
  db: Db,
  id: number,
  error: string,
  nextAttemptAt: string,
  delivery?: Delivery,
): Promise<void> {
  await db.transact(async (trx) => {
    await trx
      .updateTable('notification_outbox')
      .set({ next_attempt_at: nextAttemptAt, locked_until: null, locked_by: null, last_error: error.slice(0, 1000) })
      .where('id', '=', id)
      .execute()
    if (delivery?.entry) await recordActivity(trx, delivery.submissionId, new Date().toISOString(), [delivery.entry])
  })
}

/** How many notifications wait to be sent, and since when the oldest waits (for /healthz). */
export async function outboxBacklog(db: Db): Promise<{ pending: number; oldest: string | null }> {
  const row = await db.k
    .selectFrom('notification_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow()
  return { pending: Number(row.pending), oldest: row.oldest === null ? null : toIso(row.oldest) }
}
