// A request's booking as the server stores it and the inbox shows it (src/server/db/bookings.ts,
// decision 049). Browser-safe: types and words only.
import type { Submission } from './submission.ts'
import type { CustomerLine } from './customer.ts'

/** 'booked' by the visitor, 'confirmed' by the office, 'cancelled' (the window is free again). */
export type BookingStatus = 'booked' | 'confirmed' | 'cancelled'

/** A request's arrival window. */
export type StoredBooking = {
  submissionId: string
  /** The business's date (YYYY-MM-DD) and times (HH:MM). */
  date: string
  start: string
  end: string
  /** ISO 8601, UTC. */
  startsAt: string
  endsAt: string
  status: BookingStatus
}

/**
 * A request as the inbox reads it: with its booking (null: it never had one), its customer line
 * (src/lead/customer.ts; null only where a request is read without its customer) and the name of
 * the person it is assigned to (null: no one).
 */
export type BookedSubmission = Flat<
  Submission & { booking: StoredBooking | null; customer: CustomerLine | null; assignee: string | null }
>
type Flat<T> = { [K in keyof T]: T[K] }
