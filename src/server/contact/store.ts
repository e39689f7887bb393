// Storing a contact request: the rate limit, the row and its notification commit together, or
// not at all. The visitor hears "sent" only after this returns.
import { randomUUID } from 'node:crypto'
import { MIN_FILL_MS, type ContactMessage } from '../../contact/message.ts'
import type { Db } from '../db/client.ts'
import { enqueueNotification } from '../db/outbox.ts'
import { RateLimited, takeHit, type Window } from '../db/rate-limits.ts'
import { insertSubmission } from '../db/submissions.ts'

/** Per client address: a few resends are human; more is a script (docs/decisions/016-spam-and-rate-limits.md). */
export const CONTACT_LIMITS: readonly Window[] = [
  { bucket: 'contact:10m', windowMs: 10 * 60_000, max: 5 },
  { bucket: 'contact:1d', windowMs: 24 * 60 * 60_000, max: 20 },
]

/** Why a request looks like spam, or null. Suspected spam is stored flagged, never dropped. */
export function spamReason(message: ContactMessage): string | null {
  if (message.website) return 'honeypot field filled in'
  if (message.elapsedMs !== undefined && message.elapsedMs < MIN_FILL_MS) return `form sent ${message.elapsedMs} ms after it was shown`
  return null
}

export type StoreResult = { stored: true; id: string; spam: boolean } | { stored: false; retryAfterSeconds: number }

export async function storeContactRequest(
  db: Db,
  { message, clientKey, now = new Date(), limits = CONTACT_LIMITS }: { message: ContactMessage; clientKey: string; now?: Date; limits?: readonly Window[] },
): Promise<StoreResult> {
  const id = randomUUID()
  const reason = spamReason(message)
  const at = now.toISOString()
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
        sourcePage: message.page ?? null,
        referrer: message.referrer ?? null,
        spamReason: reason,
        now: at,
      })
      if (reason === null) await enqueueNotification(trx, id, at)
    })
  } catch (error) {
    if (error instanceof RateLimited) return { stored: false, retryAfterSeconds: error.retryAfterSeconds }
    throw error
  }
  return { stored: true, id, spam: reason !== null }
}
