// What the office does to a request, each change in one transaction with its timeline entries
// (activity.ts): the admin's changes, a call or a text from the inbox, a note, the trash and back.
// Any of them marks the request read, and the first call, text or status change away from "new"
// is the first contact: its time, the response time in business hours, and the end of an urgent
// request's place at the top of the list.
import { sql, type Kysely, type Transaction, type UpdateObject, type Updateable } from 'kysely'
import { DESK_ACTIONS, type CallOutcome, type ContactChannel } from '../../lead/activity.ts'
import { CLIENT_FIELDS, type ClientField, type Submission, type SubmissionChanges } from '../../lead/submission.ts'
import { recordActivity, type ActivityEntry } from './activity.ts'
import { currentAuthor } from './author.ts'
import type { Db } from './client.ts'
import { enqueueEvent } from './outbox.ts'
import { toBool, type ContactSubmissionsTable, type Tables } from './schema.ts'
import { viewCondition } from './views.ts'
import { filtered, SUBMISSION_FIELDS, toSubmission, type InboxFilters } from './submissions.ts'
import { applyBookingAction, type BookingAction, type RoomOf } from './bookings.ts'
import { enqueueReview, type ReviewOutcome } from './customer-mail.ts'
import { formatDollars, LOST_REASON_LABELS, type JobOutcome } from '../../lead/outcome.ts'

/** The clock of the office: now, and how much of a stretch fell within opening hours. */
export type DeskClock = {
  now(): Date
  /** Milliseconds between two instants (ISO 8601) that fell within business hours. */
  businessMs(from: string, to: string): number
}

type Change = { set: Updateable<ContactSubmissionsTable>; log: ActivityEntry[] }

/** The spam reason of a request the office filed as spam itself (the daily digest leaves those out). */
export const MARKED_AS_SPAM = 'marked as spam in the inbox'

/** A request in the trash takes no change but being restored. */
export const TRASHED = 'trashed' as const

/**
 * Reads the row, lets `decide` say what to set and record, writes both; undefined when there is
 * no such row, TRASHED when it is in the trash (unless `inTrash`: the trash's own changes).
 */
async function change(
  db: Db,
  id: string,
  clock: DeskClock,
  decide: (old: Submission, now: string, trx: Transaction<Tables>) => Change | Promise<Change>,
  { inTrash = false } = {},
): Promise<Submission | typeof TRASHED | undefined> {
  return db.transact(async (trx) => {
    const row = await trx
      .selectFrom('contact_submissions')
      .select(SUBMISSION_FIELDS)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) return undefined
    const old = toSubmission(row)
    if (old.deleted_at !== null && !inTrash) return TRASHED
    const now = clock.now().toISOString()
    const { set, log } = await decide(old, now, trx as Transaction<Tables>)
    Object.assign(set, lastActionOf(log, now))
    const updated = await trx
      .updateTable('contact_submissions')
      .set({ ...set, updated_at: now })
      .where('id', '=', id)
      .returning(SUBMISSION_FIELDS)
      .executeTakeFirstOrThrow()
    await recordActivity(trx, id, now, log)
    return toSubmission(updated)
  })
}

/** The card's "last action" columns for a change whose timeline entries are `log` (none when it holds no desk action). */
function lastActionOf(log: ActivityEntry[], now: string): Updateable<ContactSubmissionsTable> {
  // The most telling one when a change records several (a call's outcome over the status it set).
  const action = DESK_ACTIONS.map((kind) => log.find((e) => e.kind === kind)).find((e) => e !== undefined)
  const note = log.find((e) => e.kind === 'note')
  return {
    ...(action ? { last_action: action.kind, last_action_at: now, last_action_detail: action.detail ?? null } : {}),
    ...(note ? { last_note: note.detail ?? null } : {}),
  }
}

/** Marks read (the first read's time is kept), with its timeline entry, unless it already is. */
function markRead(old: Submission, now: string, into: Change): void {
  if (old.is_read) return
  Object.assign(into.set, { is_read: true, read_at: old.read_at ?? now })
  // Before what caused it: the timeline (newest first) shows the call, then that it was read.
  into.log.unshift({ kind: 'read' })
}

/** The first contact, unless there was one: its time, the response time, and the urgent pin off. */
function firstContact(old: Submission, now: string, clock: DeskClock, into: Change): void {
  if (old.first_contact_at !== null) return
  Object.assign(into.set, {
    first_contact_at: now,
    response_ms: clock.businessMs(old.created_at, now),
    urgent_open: false,
  })
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no')

/** The timeline's words for a completed job's review request (decision 051). */
const REVIEW_WORDS: Record<ReviewOutcome, string | null> = {
  queued: 'Review request e-mail queued',
  'no-email': null,
  suppressed: 'No review request: the address unsubscribed',
  'asked-recently': 'No review request: this customer was asked within the last 12 months',
}

/**
 * Applies the admin's changes (a PATCH). Every change marks the request read, unless it is the
 * unread mark itself. A request taken out of spam gets the notification it never had. With
 * `reviews` (business.yaml has a review link), a job marked completed gets its review request.
 */
export function updateSubmission(
  db: Db,
  id: string,
  changes: SubmissionChanges,
  clock: DeskClock,
  { reviews = false }: { reviews?: boolean } = {},
) {
  return change(db, id, clock, async (old, now, trx) => {
    const c: Change = { set: {}, log: [] }
    const { is_read, status, is_client, is_spam, follow_up_on } = changes

    if (status !== undefined && status !== old.status) {
      c.set.status = status
      c.log.push({ kind: 'status', detail: `${old.status} → ${status}` })
      // For the channels that announce status changes (webhooks with WEBHOOK_EVENTS=…,status).
      await enqueueEvent(trx, id, 'status', now)
      if (old.status === 'new') firstContact(old, now, clock, c)
      // Every completed job's customer alike: never held back for how the job went.
      if (status === 'completed' && reviews) {
        const words = REVIEW_WORDS[await enqueueReview(trx, old, now, db.kind)]
        if (words) c.log.push({ kind: 'customer_mail', detail: words })
      }
    }

    const client: string[] = []
    if (is_client !== undefined && is_client !== old.is_client) {
      c.set.is_client = is_client
      client.push(`Client: ${yesNo(is_client)}`)
    }
    for (const field of Object.keys(CLIENT_FIELDS) as ClientField[]) {
      const value = changes[field]
      if (value === undefined || value === old[field]) continue
      c.set[field] = value
      client.push(value === null ? `${CLIENT_FIELDS[field]} cleared` : `${CLIENT_FIELDS[field]}: ${value}`)
    }
    if (client.length > 0) c.log.push({ kind: 'client', detail: client.join(' · ') })

    if (follow_up_on !== undefined && follow_up_on !== old.follow_up_on) {
      c.set.follow_up_on = follow_up_on
      c.log.push({ kind: 'follow_up', detail: follow_up_on })
    }

    if (is_spam !== undefined && is_spam !== old.is_spam) {
      c.set.is_spam = is_spam
      if (is_spam) {
        c.set.spam_reason = MARKED_AS_SPAM
        c.log.push({ kind: 'spam' })
      } else {
        c.set.spam_reason = null
        c.log.push({ kind: 'not_spam' })
        // Announced once: a request sent in, filed as spam, back, filed again is not mailed twice.
        await enqueueEvent(trx, id, 'new', now)
      }
    }

    if (is_read === false) {
      if (old.is_read) {
        Object.assign(c.set, { is_read: false, read_at: null })
        c.log.push({ kind: 'unread' })
      }
    } else if (is_read === true || c.log.length > 0) markRead(old, now, c)
    return c
  })
}

/** The office called or texted from the inbox: recorded, read, and the first contact if it is one. */
export function recordContact(db: Db, id: string, channel: ContactChannel, clock: DeskClock) {
  return change(db, id, clock, (old, now) => {
    const c: Change = { set: {}, log: [{ kind: channel === 'call' ? 'called' : 'texted' }] }
    firstContact(old, now, clock, c)
    markRead(old, now, c)
    return c
  })
}

/**
 * How a call went, asked when the office comes back from it: on the timeline and as the card's last
 * action; reaching the person or leaving a message makes a new request "contacted" (and is the
 * first contact if the call was not recorded); no answer changes no status.
 */
export function recordCallOutcome(db: Db, id: string, outcome: CallOutcome, clock: DeskClock) {
  return change(db, id, clock, async (old, now, trx) => {
    const c: Change = { set: {}, log: [{ kind: 'call_outcome', detail: outcome }] }
    if (outcome !== 'no_answer' && old.status === 'new') {
      c.set.status = 'contacted'
      // Before its cause: the timeline (newest first) shows the outcome, then the status it set.
      c.log.unshift({ kind: 'status', detail: `${old.status} → contacted` })
      await enqueueEvent(trx, id, 'status', now)
      firstContact(old, now, clock, c)
    }
    markRead(old, now, c)
    return c
  })
}

/** A note from the office ("called, left voicemail"), on the timeline; marks the request read. */
export function addNote(db: Db, id: string, text: string, clock: DeskClock) {
  return change(db, id, clock, (old, now) => {
    const c: Change = { set: {}, log: [{ kind: 'note', detail: text }] }
    markRead(old, now, c)
    return c
  })
}

/** Moves a request to the trash (restorable until purged), or back. */
export function setTrashed(db: Db, id: string, trashed: boolean, clock: DeskClock) {
  return change(
    db,
    id,
    clock,
    (old, now) => {
      if ((old.deleted_at !== null) === trashed) return { set: {}, log: [] }
      return { set: { deleted_at: trashed ? now : null }, log: [{ kind: trashed ? 'deleted' : 'restored' }] }
    },
    { inTrash: true },
  )
}

/**
 * Marks every unread request of a view (and its filters) read, each with its timeline entry;
 * returns how many. Two statements, whatever the number: the entries, then the rows.
 */
export async function markAllRead(
  db: Db,
  filters: InboxFilters,
  clock: DeskClock,
): Promise<{ marked: number; batch: string }> {
  const now = clock.now().toISOString()
  return db.transact(async (trx) => {
    const unread = filtered(trx, db.kind, filters).where('is_read', '=', false)
    const marked = await changeEach(
      trx,
      unread,
      now,
      { kind: 'read', detail: MARK_ALL },
      {
        is_read: true,
        read_at: sql`coalesce(read_at, ${now})`,
      },
    )
    return { marked, batch: now }
  })
}

/**
 * For every request `requests` selects: a timeline entry at `now`, then `set` on the row (and
 * its updated_at). Two statements, whatever the number; returns how many rows changed.
 */
async function changeEach(
  trx: Kysely<Tables> | Transaction<Tables>,
  requests: ReturnType<typeof filtered>,
  now: string,
  entry: { kind: 'read' | 'unread'; detail: string },
  set: UpdateObject<Tables, 'contact_submissions'>,
): Promise<number> {
  await trx
    .insertInto('submission_activity')
    .columns(['submission_id', 'at', 'kind', 'detail', 'by_user_id'])
    .expression(
      requests.select((eb) => [
        'id',
        eb.val(now).as('at'),
        eb.val(entry.kind).as('kind'),
        eb.val(entry.detail).as('detail'),
        eb.val(currentAuthor()).as('by_user_id'),
      ]),
    )
    .execute()
  const result = await trx
    .updateTable('contact_submissions')
    .set({ ...set, updated_at: now })
    .where('id', 'in', requests.select('id'))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** The detail of the timeline entries of "Mark all as read", and of its undoing. */
const MARK_ALL = 'Mark all as read'
const UNDONE = 'Mark all as read undone'

/**
 * Undoes a "Mark all as read" (its `batch`: the instant markAllRead answered): the requests it
 * marked read, and that are still read as it left them, are unread again, each with its timeline
 * entry. Returns how many.
 */
export async function undoMarkAllRead(db: Db, batch: string, clock: DeskClock): Promise<number> {
  const now = clock.now().toISOString()
  return db.transact(async (trx) => {
    const marked = trx
      .selectFrom('contact_submissions')
      .where('is_read', '=', true)
      .where('read_at', '=', batch)
      .where(
        'id',
        'in',
        trx
          .selectFrom('submission_activity')
          .select('submission_id')
          .where('kind', '=', 'read')
          .where('detail', '=', MARK_ALL)
          .where('at', '=', batch),
      )
    return changeEach(trx, marked, now, { kind: 'unread', detail: UNDONE }, { is_read: false, read_at: null })
  })
}

/** The office's words for a change the customer made to their booking: "Booking moved by the customer: Tue Dec 2, 8–10 am → Wed Dec 3, 10 am–12 pm". */
function customerChange(entry: ActivityEntry): string {
  const what = entry.kind === 'booking_cancelled' ? 'cancelled' : entry.kind === 'booking_moved' ? 'moved' : 'made'
  return `Booking ${what} by the customer: ${(entry.detail ?? '').replace(/ \(by the customer\)$/, '')}`
}

/** Deletes for good what has been in the trash since before `before` (ISO 8601), with its notification and timeline. */
export async function purgeTrash(db: Db, before: string): Promise<number> {
  return db.transact(async (trx) => {
    const expired = trx
      .selectFrom('contact_submissions')
      .select('id')
      .where(viewCondition('trash'))
      .where('deleted_at', '<', before)
    await trx.deleteFrom('notification_outbox').where('submission_id', 'in', expired).execute()
    const result = await trx.deleteFrom('contact_submissions').where('id', 'in', expired).executeTakeFirst()
    return Number(result.numDeletedRows)
  })
}

/**
 * Confirms, cancels, books or moves a request's booking (src/server/db/bookings.ts), marking the
 * request read as every change by the office does. A change by the customer (their link,
 * docs/booking.md) is announced to the office: a 'booking' alert in the same transaction, which
 * says what changed. Throws WindowFull or NoBooking.
 */
export function changeBooking(
  db: Db,
  id: string,
  action: BookingAction,
  roomOf: RoomOf,
  clock: DeskClock,
  { markAsRead = true } = {},
) {
  return change(db, id, clock, async (old, now, trx) => {
    const c: Change = { set: {}, log: await applyBookingAction(trx, db.kind, id, action, roomOf, now) }
    if (markAsRead && c.log.length > 0) markRead(old, now, c)
    if (action.kind !== 'confirm' && action.by === 'customer')
      for (const entry of c.log) await enqueueEvent(trx, id, 'booking', now, db.kind, customerChange(entry))
    return c
  })
}

/** An assignment to an account that cannot take one (unknown or disabled). */
export class AssigneeRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AssigneeRefused'
  }
}

/**
 * Assigns a request to an account (or to no one, with null), on the timeline with the assignee's
 * name. It does not mark the request read: the person it is assigned to has still to read it.
 * Throws AssigneeRefused for an unknown or disabled account.
 */
export function assignSubmission(db: Db, id: string, userId: number | null, clock: DeskClock) {
  return change(db, id, clock, async (old, _now, trx) => {
    if (userId === old.assigned_to) return { set: {}, log: [] }
    let name: string | null = null
    if (userId !== null) {
      const user = await trx
        .selectFrom('users')
        .select(['name', 'disabled'])
        .where('id', '=', userId)
        .executeTakeFirst()
      if (!user) throw new AssigneeRefused('There is no such person to assign this request to.')
      if (toBool(user.disabled))
        throw new AssigneeRefused(`${user.name}’s account is disabled: assign the request to someone else.`)
      name = user.name
    }
    return { set: { assigned_to: userId }, log: [{ kind: 'assigned', detail: name }] }
  })
}

/** An outcome the request's status does not allow (a value before it is completed, a reason lost before it is closed). */
export class OutcomeRefused extends Error {
  readonly field: keyof JobOutcome
  constructor(field: keyof JobOutcome, message: string) {
    super(message)
    this.name = 'OutcomeRefused'
    this.field = field
  }
}

/**
 * The office enters (or clears, with null) a completed job's value and a closed request's reason
 * lost, each change on the timeline. outcome_at, the conversion's time for Google Ads, is the
 * first time either was entered: a corrected value keeps it (an upload sent again is then a
 * duplicate Google ignores, not a second conversion); it is cleared with both. Throws
 * OutcomeRefused when the status does not allow what is entered.
 */
export function setJobOutcome(db: Db, id: string, outcome: JobOutcome, clock: DeskClock) {
  return change(db, id, clock, (old, now) => {
    const c: Change = { set: {}, log: [] }
    const { job_value_cents: value, lost_reason: reason } = outcome
    if (value !== undefined && value !== null && old.status !== 'completed')
      throw new OutcomeRefused('job_value_cents', 'Mark the request completed before entering the job’s value.')
    if (reason !== undefined && reason !== null && old.status !== 'closed')
      throw new OutcomeRefused('lost_reason', 'Mark the request closed before choosing why it was lost.')
    if (value !== undefined && value !== old.job_value_cents) {
      c.set.job_value_cents = value
      c.log.push({ kind: 'job_value', detail: value === null ? null : formatDollars(value) })
    }
    if (reason !== undefined && reason !== old.lost_reason) {
      c.set.lost_reason = reason
      c.log.push({ kind: 'lost_reason', detail: reason === null ? null : LOST_REASON_LABELS[reason] })
    }
    const entered =
      (c.set.job_value_cents !== undefined ? c.set.job_value_cents : old.job_value_cents) !== null ||
      (c.set.lost_reason !== undefined ? c.set.lost_reason : old.lost_reason) !== null
    if (!entered) c.set.outcome_at = null
    else if (old.outcome_at === null) c.set.outcome_at = now
    if (c.log.length > 0) markRead(old, now, c)
    return c
  })
}
