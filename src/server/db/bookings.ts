// The arrival windows requests hold (tables bookings and booking_days, migration 027). Taking a
// window is part of the transaction that stores the request (src/server/contact/store.ts): the
// day's row is locked first (SELECT … FOR UPDATE on PostgreSQL; SQLite has one writer at a time),
// then the window's and the day's bookings are counted against their room, so two requests can
// never both take the last visit of a window, whichever instance they reach.
import type { Kysely, Transaction } from 'kysely'
import { windowLabel, type ArrivalWindow, type Taken } from '../../lead/booking-windows.ts'
import type { ActivityEntry } from './activity.ts'
import type { BookingStatus, StoredBooking } from '../../lead/booking.ts'
import type { Db } from './client.ts'
import { toIso, type Tables } from './schema.ts'

type Writer = Kysely<Tables> | Transaction<Tables>

export type { StoredBooking }

/** A day's room: visits per window and visits that day, given the office's setting for it (or none). */
export type RoomOf = (date: string, override: number | undefined) => { perWindow: number; perDay: number }

/**
 * Locks `date` for the rest of the caller's transaction (its row made if it has none) and gives
 * the office's setting of its room, if any.
 */
async function lockDay(trx: Writer, kind: Db['kind'], date: string, at: string): Promise<number | undefined> {
  await trx
    .insertInto('booking_days')
    .values({ date, visits_per_window: null, updated_at: at })
    .onConflict((oc) => oc.column('date').doNothing())
    .execute()
  let query = trx.selectFrom('booking_days').select('visits_per_window').where('date', '=', date)
  if (kind === 'postgres') query = query.forUpdate()
  const row = await query.executeTakeFirst()
  return row?.visits_per_window ?? undefined
}

/** The day's active bookings, per window start, not counting `except` (a booking being moved). */
async function bookedOn(trx: Writer, date: string, except?: string): Promise<Map<string, number>> {
  let query = trx
    .selectFrom('bookings')
    .select(['window_start', (eb) => eb.fn.countAll<number>().as('n')])
    .where('window_date', '=', date)
    .where('status', '<>', 'cancelled')
  if (except) query = query.where('submission_id', '<>', except)
  const rows = await query.groupBy('window_start').execute()
  return new Map(rows.map((r) => [r.window_start, Number(r.n)]))
}

/** Whether `window` has room on its day (locked by the caller) for one more visit. */
async function hasRoom(
  trx: Writer,
  kind: Db['kind'],
  window: ArrivalWindow,
  roomOf: RoomOf,
  at: string,
  except?: string,
) {
  const override = await lockDay(trx, kind, window.date, at)
  const booked = await bookedOn(trx, window.date, except)
  const { perWindow, perDay } = roomOf(window.date, override)
  const day = [...booked.values()].reduce((a, b) => a + b, 0)
  return (booked.get(window.start) ?? 0) < perWindow && day < perDay
}

/**
 * Books `window` for a request stored in the same transaction, if it still has room: true when
 * booked, false when it filled meanwhile (the request stays, to be called back).
 */
export async function takeWindow(
  trx: Writer,
  kind: Db['kind'],
  { submissionId, window, roomOf, at }: { submissionId: string; window: ArrivalWindow; roomOf: RoomOf; at: string },
): Promise<boolean> {
  if (!(await hasRoom(trx, kind, window, roomOf, at))) return false
  await trx
    .insertInto('bookings')
    .values({
      submission_id: submissionId,
      window_date: window.date,
      window_start: window.start,
      window_end: window.end,
      starts_at: new Date(window.startsAt).toISOString(),
      ends_at: new Date(window.endsAt).toISOString(),
      status: 'booked',
      created_at: at,
      updated_at: at,
    })
    .execute()
  return true
}

/** What is booked from `from` to `to` (dates, inclusive), and the rooms the office set on those days. */
export async function bookedBetween(
  db: Db,
  from: string,
  to: string,
): Promise<{ taken: Taken; overrides: Map<string, number> }> {
  const [rows, days] = await Promise.all([
    db.k
      .selectFrom('bookings')
      .select(['window_date', 'window_start', (eb) => eb.fn.countAll<number>().as('n')])
      .where('window_date', '>=', from)
      .where('window_date', '<=', to)
      .where('status', '<>', 'cancelled')
      .groupBy(['window_date', 'window_start'])
      .execute(),
    db.k
      .selectFrom('booking_days')
      .select(['date', 'visits_per_window'])
      .where('date', '>=', from)
      .where('date', '<=', to)
      .where('visits_per_window', 'is not', null)
      .execute(),
  ])
  const byWindow = new Map<string, number>()
  const byDay = new Map<string, number>()
  for (const r of rows) {
    const n = Number(r.n)
    byWindow.set(`${r.window_date}T${r.window_start}`, n)
    byDay.set(r.window_date, (byDay.get(r.window_date) ?? 0) + n)
  }
  return {
    taken: { byWindow, byDay },
    overrides: new Map(days.map((d) => [d.date, d.visits_per_window!])),
  }
}

type BookingRow = {
  submission_id: string
  window_date: string
  window_start: string
  window_end: string
  starts_at: string | Date
  ends_at: string | Date
  status: string
}

const toBooking = (r: BookingRow): StoredBooking => ({
  submissionId: r.submission_id,
  date: r.window_date,
  start: r.window_start,
  end: r.window_end,
  startsAt: toIso(r.starts_at),
  endsAt: toIso(r.ends_at),
  status: r.status as BookingStatus,
})

const BOOKING_COLUMNS = [
  'submission_id',
  'window_date',
  'window_start',
  'window_end',
  'starts_at',
  'ends_at',
  'status',
] as const

/** The bookings of these requests (cancelled ones included), by request. */
export async function bookingsOf(db: Db, submissionIds: readonly string[]): Promise<Map<string, StoredBooking>> {
  if (submissionIds.length === 0) return new Map()
  const rows = await db.k
    .selectFrom('bookings')
    .select(BOOKING_COLUMNS)
    .where('submission_id', 'in', submissionIds)
    .execute()
  return new Map(rows.map((r) => [r.submission_id, toBooking(r)]))
}

/** What the office or the customer does to a request's booking. */
export type BookingAction =
  | { kind: 'confirm' }
  | { kind: 'cancel'; by: 'office' | 'customer' }
  /** Book `window`, or move the booking there; `by` the office or the customer's link. */
  | { kind: 'move'; window: ArrivalWindow; by: 'office' | 'customer' }

/** The window asked for has no room left: nothing was changed. */
export class WindowFull extends Error {
  readonly label: string
  constructor(label: string) {
    super(`${label} is full`)
    this.name = 'WindowFull'
    this.label = label
  }
}

/** There is no booking to confirm or cancel. */
export class NoBooking extends Error {
  constructor() {
    super('This request has no booking.')
    this.name = 'NoBooking'
  }
}

const words = (b: { date: string; start: string; end: string }) => windowLabel(b)
const byCustomer = (by: 'office' | 'customer') => (by === 'customer' ? ' (by the customer)' : '')

/**
 * Applies `action` to request `submissionId`'s booking in the caller's transaction (the request's
 * row is already read there): its timeline entries. Throws WindowFull or NoBooking.
 */
export async function applyBookingAction(
  trx: Writer,
  kind: Db['kind'],
  submissionId: string,
  action: BookingAction,
  roomOf: RoomOf,
  at: string,
): Promise<ActivityEntry[]> {
  const row = await trx
    .selectFrom('bookings')
    .select(BOOKING_COLUMNS)
    .where('submission_id', '=', submissionId)
    .executeTakeFirst()
  const held = row && row.status !== 'cancelled' ? toBooking(row) : undefined
  if (action.kind === 'confirm' || action.kind === 'cancel') {
    if (!held) throw new NoBooking()
    if (action.kind === 'confirm' && held.status === 'confirmed') return []
    await trx
      .updateTable('bookings')
      .set({ status: action.kind === 'confirm' ? 'confirmed' : 'cancelled', updated_at: at })
      .where('submission_id', '=', submissionId)
      .execute()
    return action.kind === 'confirm'
      ? [{ kind: 'booking_confirmed', detail: words(held) }]
      : [{ kind: 'booking_cancelled', detail: `${words(held)}${byCustomer(action.by)}` }]
  }
  const { window } = action
  if (held?.date === window.date && held.start === window.start) return []
  if (!(await hasRoom(trx, kind, window, roomOf, at, submissionId))) throw new WindowFull(windowLabel(window))
  const values = {
    window_date: window.date,
    window_start: window.start,
    window_end: window.end,
    starts_at: new Date(window.startsAt).toISOString(),
    ends_at: new Date(window.endsAt).toISOString(),
    // A moved booking is the office's word again only when the office moved it.
    status: held?.status === 'confirmed' && action.by === 'office' ? 'confirmed' : 'booked',
    updated_at: at,
  }
  if (row) await trx.updateTable('bookings').set(values).where('submission_id', '=', submissionId).execute()
  else
    await trx
      .insertInto('bookings')
      .values({ submission_id: submissionId, created_at: at, ...values })
      .execute()
  return [
    held
      ? { kind: 'booking_moved', detail: `${words(held)} → ${windowLabel(window)}${byCustomer(action.by)}` }
      : { kind: 'booked', detail: `${windowLabel(window)}${action.by === 'office' ? ' (by the office)' : ''}` },
  ]
}

/** Sets one day's visits per window (null: booking.yaml's again). */
export async function setDayRoom(db: Db, date: string, visitsPerWindow: number | null, at: string): Promise<void> {
  await db.k
    .insertInto('booking_days')
    .values({ date, visits_per_window: visitsPerWindow, updated_at: at })
    .onConflict((oc) => oc.column('date').doUpdateSet({ visits_per_window: visitsPerWindow, updated_at: at }))
    .execute()
}

/** The active bookings from `from` to `to` with their requests' names and places: the Schedule's rows. */
export async function scheduleBetween(db: Db, from: string, to: string) {
  const rows = await db.k
    .selectFrom('bookings')
    .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.submission_id')
    .select([
      'bookings.submission_id',
      'bookings.window_date',
      'bookings.window_start',
      'bookings.window_end',
      'bookings.starts_at',
      'bookings.ends_at',
      'bookings.status',
      'contact_submissions.name',
      'contact_submissions.phone',
      'contact_submissions.service',
      'contact_submissions.zip_place',
    ])
    .where('bookings.window_date', '>=', from)
    .where('bookings.window_date', '<=', to)
    .where('bookings.status', '<>', 'cancelled')
    .where('contact_submissions.deleted_at', 'is', null)
    .orderBy('bookings.starts_at')
    .execute()
  return rows.map((r) => ({
    ...toBooking(r),
    name: r.name,
    phone: r.phone,
    service: r.service,
    place: r.zip_place,
  }))
}
