// Storing a contact request: the rate limit, the row and its notification commit together, or
// not at all. The visitor hears "sent" only after this returns.
import { randomUUID } from 'node:crypto'
import { MIN_FILL_MS, type ContactMessage } from '../../lead/message.ts'
import type { Db } from '../db/client.ts'
import { enqueueEvent } from '../db/outbox.ts'
import { parseRateLimits, RateLimited, takeHit, type Window } from '../db/rate-limits.ts'
import { DEFAULTS } from '../env.ts'
import { insertSubmission } from '../db/submissions.ts'
import { CLICK_ID_KINDS, sourceOf } from '../../lead/attribution.ts'

/**
 * The visit's arrival as the request stores it (migration 012): the landing page, the campaign
 * parameters, the first ad click id the visit carried, and the source in words.
 */
export function arrivalColumns(message: ContactMessage) {
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
export const CONTACT_LIMITS = parseRateLimits('contact', DEFAULTS.contactRateLimit) as Window[]

/**
 * Why a request is spam, or null. Only strong evidence files a request as spam: the honeypot, a
 * field no person sees, filled in. Spam is stored flagged, never dropped, and not announced.
 */
export function spamReason(message: ContactMessage): string | null {
  return message.website ? 'honeypot field filled in' : null
}

/** Links in a message from which it looks like advertising rather than a question. */
export const MANY_LINKS = 3

/** How the request came: the envelope fields that came malformed, and whether it came as JSON (as the form's script sends it). */
export type Arrival = { odd?: readonly string[]; json?: boolean }

/**
 * Why a request that is not spam might be, or null: weak signals, each alone common enough among
 * real visitors that the request stays in the inbox and is announced, with the reason beside it
 * ("Possible spam"). docs/decisions/028-possible-spam-and-limits.md.
 */
export function suspicionOf(message: ContactMessage, { odd = [], json = false }: Arrival = {}): string | null {
  const reasons: string[] = []
  if (message.elapsedMs !== undefined && message.elapsedMs < MIN_FILL_MS)
    reasons.push(`sent ${(message.elapsedMs / 1000).toFixed(1)} s after the form was first touched`)
  // The form's script always sends the fill time; a JSON body without it was not sent by the form.
  if (json && message.elapsedMs === undefined && !odd.includes('elapsedMs')) reasons.push('sent without the form')
  // Every form, with or without JavaScript, names the page it was sent from.
  if (message.page === undefined && !odd.includes('page')) reasons.push('no page named')
  if (odd.length > 0) reasons.push(`malformed ${odd.join(', ')}`)
  const links = message.message?.match(/\bhttps?:\/\/|\bwww\./gi)?.length ?? 0
  if (links >= MANY_LINKS) reasons.push(`${links} links in the message`)
  return reasons.length > 0 ? reasons.join('; ') : null
}

export type StoreResult =
  | {
      stored: true
      id: string
      spam: boolean
      /** Urgent for the lead desk (the confirmation then says to call now). */
      urgent: boolean
      /** A ZIP code the service area does not list. */
      outside: boolean
    }
  | { stored: false; retryAfterSeconds: number }

/**
 * What the lead desk reads off a new request: why it is urgent (or null), whether the office was
 * closed, and the place of its ZIP code in the service area (null: none given, or outside).
 */
export type Triage = (
  message: ContactMessage,
  at: Date,
) => { urgency: string | null; afterHours: boolean; zipPlace?: string | null }

export async function storeContactRequest(
  db: Db,
  {
    message,
    clientKey,
    now = new Date(),
    limits = CONTACT_LIMITS,
    triage = () => ({ urgency: null, afterHours: false }),
    arrival = {},
  }: {
    message: ContactMessage
    clientKey: string
    now?: Date
    limits?: readonly Window[]
    triage?: Triage
    arrival?: Arrival
  },
): Promise<StoreResult> {
  const id = randomUUID()
  const reason = spamReason(message)
  const suspicion = reason === null ? suspicionOf(message, arrival) : null
  const at = now.toISOString()
  const { urgency, afterHours, zipPlace = null } = triage(message, now)
  try {
    await db.transact(async (trx) => {
      await takeHit(trx, clientKey, limits, now.getTime())
      await insertSubmission(trx, {
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
        is_spam: reason !== null,
        spam_reason: reason,
        urgency,
        urgent_open: urgency !== null,
        after_hours: afterHours,
        suspicion,
        zip: message.zip ?? null,
        zip_place: zipPlace,
        out_now: message.outNow ?? null,
        callback_time: message.callbackTime ?? null,
        ...arrivalColumns(message),
      })
      if (reason === null) await enqueueEvent(trx, id, 'new', at)
    })
  } catch (error) {
    if (error instanceof RateLimited) return { stored: false, retryAfterSeconds: error.retryAfterSeconds }
    throw error
  }
  return {
    stored: true,
    id,
    spam: reason !== null,
    urgent: urgency !== null,
    outside: message.zip !== undefined && zipPlace === null,
  }
}
