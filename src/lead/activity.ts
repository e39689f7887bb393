// What can happen to a request, as its timeline records it (table submission_activity). One list
// for the server, which writes the entries, and the inbox, which shows them. Browser-safe.

export const ACTIVITY_KINDS = [
  'read',
  'unread',
  'status',
  'client',
  'note',
  'called',
  'texted',
  'follow_up',
  'spam',
  'not_spam',
  'deleted',
  'restored',
  'notified',
  'notify_failed',
  'escalated',
  'reminded',
  'call_outcome',
  'booked',
  'booking_full',
  'booking_refused',
  'booking_confirmed',
  'booking_moved',
  'booking_cancelled',
  'sent_again',
  'customer_mail',
  'customer_merged',
  'merge_undone',
  'job_value',
  'lost_reason',
  'assigned',
] as const

export type ActivityKind = (typeof ACTIVITY_KINDS)[number]

/** One entry of a request's timeline, as the admin API hands it over. */
export type Activity = {
  id: number
  /** ISO 8601, UTC. */
  at: string
  kind: ActivityKind
  /** The particulars: "new → contacted", the note's text, the date followed up on, an error… */
  detail: string | null
  /** The name of the account that did it; null for the system (and entries from before accounts were named). */
  author: string | null
}

/** How a request was reached from the inbox (its "Call" and "Text" buttons). */
export const CONTACT_CHANNELS = ['call', 'text'] as const
export type ContactChannel = (typeof CONTACT_CHANNELS)[number]

/** How a call from the inbox went, asked when the office comes back to the inbox. */
export const CALL_OUTCOMES = ['reached', 'no_answer', 'left_message'] as const
export type CallOutcome = (typeof CALL_OUTCOMES)[number]

/**
 * What the office does to a request that its card shows as the last action, the most telling first
 * (a note has its own line on the card, the latest note).
 */
export const DESK_ACTIONS: readonly ActivityKind[] = ['call_outcome', 'called', 'texted', 'status', 'follow_up']

/** A note's length limit, in characters. */
export const NOTE_MAX = 2000

/** How a call went, as the office says it (the card's one-tap question, the timeline). */
export const OUTCOME_WORDS: Record<CallOutcome, string> = {
  reached: 'reached',
  no_answer: 'no answer',
  left_message: 'left message',
}

/**
 * What each timeline entry says, in the inbox and the CSV (call_outcome: how a call went); `detail`
 * is the entry's particulars (a status change, a note…).
 */
export const ACTIVITY_TEXT: Record<ActivityKind, (detail: string | null) => string> = {
  read: (detail) => (detail ? `Marked as read (${detail})` : 'Marked as read'),
  unread: () => 'Marked as unread',
  status: (detail) => `Status: ${detail ?? ''}`,
  client: (detail) => detail ?? 'Client details changed',
  note: (detail) => detail ?? '',
  called: () => 'Called',
  texted: () => 'Texted',
  follow_up: (detail) => (detail ? `Follow-up set for ${detail}` : 'Follow-up date cleared'),
  spam: () => 'Marked as spam',
  not_spam: () => 'Moved to the inbox (not spam)',
  deleted: () => 'Moved to the trash',
  restored: () => 'Restored from the trash',
  notified: (detail) => (detail ? `Notification sent: ${detail}` : 'Notification sent'),
  notify_failed: (detail) => (detail ? `Notification failed: ${detail}` : 'Notification failed'),
  escalated: (detail) => (detail ? `Alerted again: ${detail}` : 'Alerted again'),
  reminded: (detail) => (detail ? `Reminder sent: ${detail}` : 'Reminder sent'),
  call_outcome: (detail) => `Call: ${OUTCOME_WORDS[detail as CallOutcome] ?? detail ?? ''}`,
  // Booking (src/server/db/bookings.ts): the detail is the window in words, and who acted.
  booked: (detail) => `Booked online: ${detail ?? ''}`,
  booking_full: (detail) => `Chose ${detail ?? 'a window'} online, not kept: call to set a time`,
  booking_refused: (detail) => `Asked for ${detail ?? 'a window'} online, not bookable: call to set a time`,
  booking_confirmed: (detail) => `Booking confirmed: ${detail ?? ''}`,
  booking_moved: (detail) => `Booking moved: ${detail ?? ''}`,
  booking_cancelled: (detail) => `Booking cancelled${detail ? `: ${detail}` : ''}`,
  sent_again: (detail) => `Sent again${detail ? `: ${detail}` : ''}`,
  // The customer's review request and visit reminder (decision 051): written, or why not.
  customer_mail: (detail) => detail ?? 'E-mail to the customer',
  // Customers (src/server/db/customers.ts): the detail names the two customers.
  customer_merged: (detail) => `Customers merged${detail ? `: ${detail}` : ''}`,
  merge_undone: (detail) => `Merge undone${detail ? `: ${detail}` : ''}`,
  // The outcome (src/lead/outcome.ts): the value in dollars, the reason in words; none: cleared.
  job_value: (detail) => (detail ? `Job value: ${detail}` : 'Job value cleared'),
  lost_reason: (detail) => (detail ? `Reason lost: ${detail}` : 'Reason lost cleared'),
  // The assignee's name (decision 062); none: unassigned.
  assigned: (detail) => (detail ? `Assigned to ${detail}` : 'Unassigned'),
}
