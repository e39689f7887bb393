// The alert outbox (docs/decisions/029-alert-channels.md): an event row per thing to announce
// (a new request, an escalation, a reminder, a status change, a booking the customer changed),
// written with the change itself; the alert worker fans each event out into delivery rows, one per
// channel and target, and takes each due row under a lease, marks it sent or reschedules it.
import { sql } from 'kysely'
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely'
import type { AlertChannel, AlertEvent } from '../../lead/alerts.ts'
import type { Db } from './client.ts'
import { recordActivity, type ActivityEntry } from './activity.ts'
import { compiledPerShape } from './compiled.ts'
import { toIso, type Tables } from './schema.ts'
import { viewCondition } from './views.ts'

type Writer = Kysely<Tables> | Transaction<Tables>

/** A row taken by a worker: an event to fan out (channel null) or a delivery. */
export type OutboxRow = {
  id: number
  submissionId: string
  event: AlertEvent
  channel: AlertChannel | null
  target: string | null
  attempts: number
  createdAt: string
  /** The event's words when its kind does not say it all (a booking moved: from when to when). */
  detail: string | null
}

const insertEvent = compiledPerShape((trx, row: Insertable<Tables['notification_outbox']>) =>
  trx
    .insertInto('notification_outbox')
    .values(row)
    .onConflict((oc) => oc.doNothing()),
)

/**
 * Writes an event for a request, in the caller's transaction. A new request, an escalation and
 * a reminder are written once per request: false when it was there already. With the database's
 * `kind`, the statement is compiled once (compiled.ts). `detail`: the event's words, when its
 * kind does not say it all.
 */
export async function enqueueEvent(
  trx: Writer,
  submissionId: string,
  event: AlertEvent,
  now: string,
  kind?: Db['kind'],
  detail?: string,
): Promise<boolean> {
  const row = {
    submission_id: submissionId,
    event,
    created_at: now,
    next_attempt_at: now,
    attempts: 0,
    ...(detail === undefined ? {} : { detail }),
  }
  const inserted = await insertEvent(trx, kind, row)
  return Number(inserted.numAffectedRows ?? 0) > 0
}

/**
 * Takes the oldest due row for `workerId` until `leaseUntil`, or returns undefined: a delivery
 * of one of `channels`, or an event when `events` (there is a channel to fan it out to; without
 * any, events wait, and go out once one is configured).
 * On PostgreSQL `for update skip locked` lets several instances take different rows at once;
 * SQLite runs one writer at a time, so the single statement is enough there.
 */
export async function claimNext(
  db: Db,
  workerId: string,
  now: string,
  leaseUntil: string,
  { channels, events }: { channels: AlertChannel[]; events: boolean },
): Promise<OutboxRow | undefined> {
  if (!events && channels.length === 0) return undefined
  const claim = (k: Writer) => {
    const due = k
      .selectFrom('notification_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .where((eb) =>
        eb.or([
          ...(events ? [eb('channel', 'is', null)] : []),
          ...(channels.length > 0 ? [eb('channel', 'in', channels)] : []),
        ]),
      )
      // The soonest due first, through the due index (ordered by id alone, SQLite would walk the
      // whole table in id order, sent rows included, on every claim).
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1)
    return k
      .updateTable('notification_outbox')
      .set({ locked_until: leaseUntil, locked_by: workerId, attempts: sql<number>`attempts + 1` })
      .where('id', '=', db.kind === 'postgres' ? due.forUpdate().skipLocked() : due)
      .returning(['id', 'submission_id', 'event', 'channel', 'target', 'attempts', 'created_at', 'detail'])
      .executeTakeFirst()
  }
  // On SQLite the claim joins the group commit (group-commit.ts) instead of committing, and syncing
  // the log, on its own: a claim per event and per delivery otherwise costs a sync each, on the thread
  // that answers the contact form.
  const row = db.kind === 'sqlite' ? await db.transact(claim) : await claim(db.k)
  return (
    row && {
      id: Number(row.id),
      submissionId: row.submission_id,
      event: row.event,
      channel: row.channel,
      target: row.target,
      attempts: row.attempts,
      createdAt: toIso(row.created_at),
      detail: row.detail,
    }
  )
}

/** An event's deliveries written, and the event done, in one transaction (with its timeline entries). */
export async function fanOut(
  db: Db,
  event: OutboxRow,
  deliveries: { channel: AlertChannel; target: string | null }[],
  now: string,
  entries: ActivityEntry[] = [],
): Promise<void> {
  await db.transact(async (trx) => {
    if (deliveries.length > 0)
      await trx
        .insertInto('notification_outbox')
        .values(
          deliveries.map((d) => ({
            submission_id: event.submissionId,
            event: event.event,
            channel: d.channel,
            target: d.target,
            created_at: event.createdAt,
            next_attempt_at: now,
            attempts: 0,
            detail: event.detail,
          })),
        )
        .execute()
    await trx
      .updateTable('notification_outbox')
      .set({ sent_at: now, locked_until: null, last_error: null })
      .where('id', '=', event.id)
      .execute()
    await recordActivity(trx, event.submissionId, now, entries)
  })
}

/** A row's outcome written, with its timeline entry if any, in one transaction. */
async function settle(
  db: Db,
  id: number,
  outcome: Updateable<Tables['notification_outbox']>,
  submissionId: string,
  at: string,
  entry?: ActivityEntry,
): Promise<void> {
  await db.transact(async (trx) => {
    await trx.updateTable('notification_outbox').set(outcome).where('id', '=', id).execute()
    if (entry) await recordActivity(trx, submissionId, at, [entry])
  })
}

/** A row done: sent, or dropped (its target gone, its request deleted), with its timeline entry if any. */
export async function markDone(
  db: Db,
  id: number,
  now: string,
  submissionId: string,
  entry?: ActivityEntry,
): Promise<void> {
  await settle(db, id, { sent_at: now, locked_until: null, last_error: null }, submissionId, now, entry)
}

/** A row to try again at `nextAttemptAt`, with the error that stopped it. */
export async function reschedule(
  db: Db,
  id: number,
  error: string,
  nextAttemptAt: string,
  submissionId: string,
  entry?: ActivityEntry,
): Promise<void> {
  const outcome = {
    next_attempt_at: nextAttemptAt,
    locked_until: null,
    locked_by: null,
    last_error: error.slice(0, 1000),
  }
  await settle(db, id, outcome, submissionId, new Date().toISOString(), entry)
}

/** A claimed row given back by the worker that holds it, due again at `nextAttemptAt` (the error stays untold). */
export async function releaseClaim(db: Db, id: number, workerId: string, nextAttemptAt: string): Promise<void> {
  await db.k
    .updateTable('notification_outbox')
    .set({ locked_until: null, locked_by: null, next_attempt_at: nextAttemptAt })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('sent_at', 'is', null)
    .execute()
}

/** How many alerts wait to be sent, and since when the oldest waits (for /healthz). */
export async function outboxBacklog(db: Db): Promise<{ pending: number; oldest: string | null }> {
  const row = await db.k
    .selectFrom('notification_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow()
  return { pending: Number(row.pending), oldest: row.oldest === null ? null : toIso(row.oldest) }
}

/** What waits to be sent, per channel ('event' for events not yet fanned out): how many, and the oldest's time. */
export async function outboxBacklogByChannel(
  db: Db,
): Promise<{ channel: AlertChannel | 'event'; pending: number; oldest: string }[]> {
  const rows = await db.k
    .selectFrom('notification_outbox')
    .select((eb) => ['channel', eb.fn.countAll<number>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .groupBy('channel')
    .execute()
  return rows.map((r) => ({ channel: r.channel ?? 'event', pending: Number(r.pending), oldest: toIso(r.oldest) }))
}

/** Events waiting for a channel with a target (a device just subscribed): due now. */
export async function wakeWaitingEvents(db: Db, now = new Date().toISOString()): Promise<number> {
  const result = await db.k
    .updateTable('notification_outbox')
    .set({ next_attempt_at: now })
    .where('channel', 'is', null)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '>', now)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** The deliveries not sent, by channel, that failed at least once: how many, since when, the last error. */
export async function failingDeliveries(
  db: Db,
): Promise<{ channel: AlertChannel; count: number; error: string; since: string }[]> {
  const rows = await db.k
    .selectFrom('notification_outbox')
    .select((eb) => [
      'channel',
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('created_at').as('since'),
      eb.fn.max('last_error').as('error'),
    ])
    .where('sent_at', 'is', null)
    .where('channel', 'is not', null)
    .where('last_error', 'is not', null)
    .groupBy('channel')
    .orderBy('channel')
    .execute()
  return rows.map((row) => ({
    channel: row.channel!,
    count: Number(row.count),
    error: String(row.error ?? '').slice(0, 300),
    since: toIso(row.since),
  }))
}

/** The alerts written before `before` (ISO 8601) and not sent yet: how many, and the oldest; undefined when none. */
export async function alertsWaiting(db: Db, before: string): Promise<{ count: number; oldest: string } | undefined> {
  const row = await db.k
    .selectFrom('notification_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .where('created_at', '<=', before)
    .executeTakeFirstOrThrow()
  return Number(row.count) > 0 && row.oldest !== null
    ? { count: Number(row.count), oldest: toIso(row.oldest) }
    : undefined
}

/**
 * The unread requests (not spam, not deleted, of the last 7 days) that have no `event` yet, older
 * than `olderThan`: the unread view's partial index serves it.
 */
export async function unreadWithoutEvent(db: Db, event: AlertEvent, urgent: boolean, olderThan: string, since: string) {
  const rows = await db.k
    .selectFrom('contact_submissions as s')
    .select(['s.id', 's.created_at'])
    .where(viewCondition('unread'))
    .where(urgent ? sql<boolean>`s.urgent_open` : sql<boolean>`not s.urgent_open`)
    .where('s.created_at', '<=', olderThan)
    .where('s.created_at', '>=', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notification_outbox as o')
            .select('o.id')
            .whereRef('o.submission_id', '=', 's.id')
            .where('o.channel', 'is', null)
            .where('o.event', '=', event),
        ),
      ),
    )
    .orderBy('s.created_at')
    .limit(500)
    .execute()
  return rows.map((r) => ({ id: r.id, createdAt: toIso(r.created_at) }))
}
