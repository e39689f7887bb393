// Who a request is from, as the inbox groups requests into customers (issue 25,
// docs/decisions/052-customers.md): the same phone number or the same e-mail address is the same
// customer. Browser-safe: the server keys each request it stores, the inbox shows the groups.

/** A second send from the same customer within this time folds into the first ("sent again"). */
export const FOLD_WINDOW_MS = 3_600_000

/**
 * The phone number's key: its last ten digits (a North American number with or without its
 * leading 1, in any punctuation), or all its digits when it has fewer; null with fewer than seven.
 */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '')
  if (digits.length < 7) return null
  return digits.length > 10 ? digits.slice(-10) : digits
}

/** The e-mail address's key: trimmed, lower-cased; null when there is none. */
export function emailKey(email: string | null | undefined): string | null {
  const key = (email ?? '').trim().toLowerCase()
  return key.includes('@') ? key : null
}

/** What a card says of its request's customer (the card's "Returning · 3rd request · client since 2024"). */
export type CustomerLine = {
  /** The customer's id (GET /api/admin/customers/:id). */
  id: string
  /** How many requests the customer has: not spam, not in the trash, not sent again. */
  requests: number
  /** This request's place among them by arrival (1: the first); null when it is not one of them. */
  ordinal: number | null
  /** The customer's earliest "client since" (YYYY-MM-DD), or null. */
  clientSince: string | null
}
