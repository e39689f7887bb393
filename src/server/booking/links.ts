// The customer's booking links of this server: /booking/<token>, signed with the key every
// instance shares (signing_keys 'booking-link'), read from the database once and kept.
import type { Db } from '../db/client.ts'
import { signingKey } from '../db/signing-keys.ts'
import { bookingOfToken, bookingToken } from './token.ts'

/** Where a customer's link opens, with its token after it. */
export const BOOKING_LINK_PATH = '/booking'

export type BookingLinks = {
  /** The link of request `id`'s booking, issued at `now`; undefined when the id cannot be signed (not a UUID). */
  url(id: string, now: number): Promise<string | undefined>
  /** The request a link's token names, or null when it is not valid (tampered, expired, another key). */
  read(token: string, now: number): Promise<string | null>
}

export function bookingLinks(db: Db, publicOrigin: string): BookingLinks {
  // Loaded on first use; a failed read is tried again the next time.
  let loading: Promise<Buffer> | undefined
  const key = () =>
    (loading ??= signingKey(db, 'booking-link').catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  return {
    async url(id, now) {
      const token = bookingToken(await key(), id, now)
      return token && `${publicOrigin}${BOOKING_LINK_PATH}/${token}`
    },
    read: async (token, now) => bookingOfToken(await key(), token, now),
  }
}
