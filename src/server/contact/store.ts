// Storing a contact request as its triage (triage.ts) decided: the row and its notification
// commit together, or not at all, after the hit on the rate limits that let it through (on SQLite
// in the same transaction; on PostgreSQL in a statement of its own, taken back if it refused).
// The visitor hears "sent" only after this returns.
import { randomUUID } from 'node:crypto'
import type { ContactMessage } from '../../lead/message.ts'
import type { Db } from '../db/client.ts'
import { visitorHits } from '../request.ts'
import { parseRateLimits, RateLimited, takeHits, takeHitsCommitted, type Window } from '../db/rate-limits.ts'
import { DEFAULTS } from '../env.ts'
import { insertNewRequest, type NewSubmission } from '../db/submissions.ts'
import { CLICK_ID_KINDS, sourceOf } from '../../lead/attribution.ts'
import { triage, type Verdict } from './triage.ts'
import { takeWindow } from '../db/bookings.ts'
import type { WindowAsked } from './booking.ts'
import { recordActivity } from '../db/activity.ts'
import { windowLabel, type ArrivalWindow } from '../../lead/booking-windows.ts'
import { emailKey, FOLD_WINDOW_MS, phoneKey } from '../../lead/customer.ts'
import { customerOfNew, type CustomerOfNew } from '../db/customers.ts'

/**
 * The visit's arrival as the request stores it (migration 012): the landing page, the campaign
 * parameters, the first ad click id the visit carried, and the source in words.
 */
function arrivalColumns(message: ContactMessage) {
  const clickIdType = CLICK_ID_KINDS.find((kind) => message[kind]) ?? null
  return {
    landing_page: message.landing ?? null,
    utm_source: message.utm_source ?? null,
    utm_medium: message.utm_medium ?? null,
    utm_campaign: message.utm_campaign ?? null,
    utm_term: message.utm_term ?? null,
    utm_content: message.utm_content ?? null,
    click_id_type: clickIdType,
    click_id: clickIdType ? (message[clickIdType] ?? null) : null,
    source: sourceOf({ ...message, clickIdType }),
  }
}

/**
 * Per visitor, by default (CONTACT_RATE_LIMIT sets them): a few resends are human; more is a
 * script (docs/decisions/016-spam-and-rate-limits.md, 028-possible-spam-and-limits.md).
 */
const CONTACT_LIMITS = parseRateLimits('contact', DEFAULTS.contactRateLimit) as Window[]

/**
 * The overall cap (CONTACT_OVERALL_LIMIT, decision 040): requests from everyone together. Beyond it
 * a request is still stored and shown, never dropped, but marked "Possible spam" and not announced
 * one by one (a flood from many addresses would otherwise send an e-mail and a webhook per
 * request, and a confirmation to each address it typed). A small contractor gets a handful a day.
 */
const OVERALL_LIMITS = parseRateLimits('contact-all', DEFAULTS.contactOverallLimit) as Window[]
const OVERALL_KEY = 'all'

/** A window's span in words: "an hour", "10 minutes", "a day". */
function spanInWords(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1_000, 'second'],
  ]
  const [size, name] = units.find(([size]) => ms % size === 0) ?? [1_000, 'second']
  const n = ms / size
  return n === 1 ? `${name === 'hour' ? 'an' : 'a'} ${name}` : `${n} ${name}s`
}

type StoreResult =
  | {
      stored: true
      id: string
      spam: boolean
      /** Urgent for the lead desk (the confirmation then says to call now). */
      urgent: boolean
      /** A ZIP code the service area does not list. */
      outside: boolean
      /** A second send within the hour: the earlier request it was folded into (decision 052). */
      foldedInto?: string
      /** The window asked for: booked, or not kept (the request kept to be called back). */
      booking?: { booked: true; window: ArrivalWindow } | { booked: false }
    }
  | { stored: false; retryAfterSeconds: number }

/**
 * Stores `message` as triaged (`verdict`, from triage.ts; without one, triaged with no facts of the
 * business: its spam signals only, not urgent, not after hours, no place), with its "new" event
 * unless it is spam, after one more hit on the visitor's limits.
 */
export async function storeContactRequest(
  db: Db,
  {
    message,
    clientKey,
    wideKey,
    now = new Date(),
    limits = CONTACT_LIMITS,
    verdict = triage(message, {}, {}, now.getTime()),
    overallLimits = OVERALL_LIMITS,
    foldWindowMs = FOLD_WINDOW_MS,
    booking,
  }: {
    message: ContactMessage
    clientKey: string
    /** The visitor's wider bucket (an IPv6 /48, request.ts), counted too (visitorHits). */
    wideKey?: string | undefined
    now?: Date
    limits?: readonly Window[]
    verdict?: Verdict
    /** Requests from everyone before each is marked and not announced (CONTACT_OVERALL_LIMIT). */
    overallLimits?: readonly Window[]
    /** A second send from the same customer within this time folds into the first (CONTACT_FOLD_MINUTES; 0: never). */
    foldWindowMs?: number | undefined
    /** The arrival window asked for, as src/server/contact/booking.ts found it: to take, or refused. */
    booking?: WindowAsked | undefined
  },
): Promise<StoreResult> {
  const id = randomUUID()
  const { spamReason, suspicion, urgency, afterHours, zipPlace } = verdict
  const at = now.toISOString()
  const row: NewSubmission & { id: string; created_at: string } = {
    id,
    name: message.name,
    phone: message.phone,
    email: message.email ?? null,
    service: message.service ?? null,
    message: message.message ?? null,
    created_at: at,
    updated_at: at,
    is_read: false,
    status: 'new',
    is_client: false,
    source_page: message.page ?? null,
    referrer: message.referrer ?? null,
    is_spam: spamReason !== null,
    spam_reason: spamReason,
    urgency,
    urgent_open: urgency !== null,
    after_hours: afterHours,
    suspicion,
    zip: message.zip ?? null,
    zip_place: zipPlace,
    out_now: message.outNow ?? null,
    callback_time: message.callbackTime ?? null,
    ...arrivalColumns(message),
  }
  const keys = { phoneKey: phoneKey(message.phone), emailKey: emailKey(message.email) }
  const ms = now.getTime()
  const visitor = visitorHits(clientKey, wideKey, limits)
  const overall = overallLimits.map((window) => ({ key: OVERALL_KEY, window }))
  /**
   * The row as stored, with its customer (customers.ts), marked when its overall totals (this one
   * counted) go over a window.
   */
  const stored = (totals: number[], customer: CustomerOfNew) => {
    const flood = overallLimits.find((window, i) => totals[i]! > window.max)
    const reason = flood && `more than ${flood.max} requests from everyone in ${spanInWords(flood.windowMs)}`
    // Sent again within the hour (the first "didn't work"): kept, on the first request's timeline,
    // neither urgent nor announced again: one card on top and one alert.
    // A request that asks for an arrival window is a booking, with its own confirmation: never folded.
    const foldInto = spamReason === null && !(booking && 'take' in booking) ? customer.foldInto : null
    return {
      row: {
        ...row,
        ...(reason ? { suspicion: suspicion ? `${suspicion}; ${reason}` : reason } : {}),
        phone_key: keys.phoneKey,
        email_key: keys.emailKey,
        customer_id: customer.customerId ?? id,
        folded_into: foldInto,
        ...(foldInto ? { urgent_open: false } : {}),
      },
      foldInto,
      // Not spam and not in a flood: may take an arrival window.
      genuine: spamReason === null && flood === undefined,
      // A genuine request is announced with its event, unless it is a second send.
      announced: spamReason === null && flood === undefined && foldInto === null,
    }
  }
  type Writer = Parameters<typeof recordActivity>[0]
  /** The second send's words on the first request's timeline. */
  const foldedInto = async (trx: Writer, foldInto: string | null) => {
    if (!foldInto) return
    const words = message.message?.trim().replace(/\s+/g, ' ')
    const detail = words ? (words.length > 300 ? `${words.slice(0, 299)}…` : words) : null
    await recordActivity(trx, foldInto, at, [{ kind: 'sent_again', detail }])
  }
  /**
   * The request written with its customer, once `hits` (the visitor's and the overall, taken as
   * the database allows) let it through; a second send's words on the first's timeline.
   */
  const write = async (trx: Writer, hits: () => Promise<number[]>) => {
    const customer = await customerOfNew(trx, db.kind, keys, ms, foldWindowMs)
    const written = stored(await hits(), customer)
    await insertNewRequest(trx, db.kind, written.row, written.announced)
    await foldedInto(trx, written.foldInto)
    return written
  }
  let booked: boolean | undefined
  let folded: string | null
  try {
    if (booking) {
      // A window is taken in the same transaction as the request is stored, on either database:
      // the request with its window, or (the window filled meanwhile) without, never neither.
      const taken = await db.transact(async (trx) => {
        const { genuine, foldInto } = await write(trx, () => takeHits(trx, visitor, ms, db.kind, overall))
        if ('refused' in booking) {
          // booking_full: the visitor was told the window was not kept; booking_refused: not told
          // (an emergency, a place outside the area: their own words say what happens).
          const label = booking.window ? windowLabel(booking.window) : message.window
          const kind = booking.tell ? 'booking_full' : 'booking_refused'
          await recordActivity(trx, id, at, [{ kind, detail: `${label} (${booking.refused})` }])
          return { booked: false, folded: foldInto }
        }
        const { window, roomOf } = booking.take
        // Spam, or a request in a flood, takes no window: a script cannot fill the week.
        const took = genuine && (await takeWindow(trx, db.kind, { submissionId: id, window, roomOf, at }))
        const why = took ? '' : genuine ? ' (full)' : ' (possible spam)'
        await recordActivity(trx, id, at, [
          { kind: took ? 'booked' : 'booking_full', detail: `${windowLabel(window)}${why}` },
        ])
        return { booked: took, folded: foldInto }
      })
      booked = taken.booked
      folded = taken.folded
    } else if (db.kind === 'postgres') {
      // PostgreSQL: two statements that each commit by themselves, no transaction. The visitor's
      // windows and the overall count in one (a row every request counts in is then locked for
      // that statement only, not until a transaction's commit, which queued the contact path
      // behind it); the row with its event in the other. A refused request's own hits are taken
      // back; it still counts in the overall. Two round trips where a transaction needed five.
      // The customer is looked up first, on its own: a second send's fold is on the first
      // request's timeline only once the row is stored.
      folded = (await write(db.k, () => takeHitsCommitted(db.k, visitor, ms, db.kind, overall))).foldInto
    } else {
      // SQLite has one writer at a time and commits in groups: one transaction for all of it.
      folded = (await db.transact((trx) => write(trx, () => takeHits(trx, visitor, ms, db.kind, overall)))).foldInto
    }
  } catch (error) {
    if (error instanceof RateLimited) return { stored: false, retryAfterSeconds: error.retryAfterSeconds }
    throw error
  }
  return {
    stored: true,
    id,
    spam: spamReason !== null,
    urgent: urgency !== null,
    outside: message.zip !== undefined && zipPlace === null,
    ...(folded ? { foldedInto: folded } : {}),
    ...bookingResult(booking, booked),
  }
}

/** What the visitor is told of the window asked for: booked, or not kept (then called back). */
function bookingResult(booking: WindowAsked | undefined, booked: boolean | undefined) {
  if (!booking || booked === undefined) return {}
  if ('take' in booking) return { booking: booked ? { booked, window: booking.take.window } : { booked } }
  return booking.tell ? { booking: { booked: false as const } } : {}
}
