// The inbox's own shapes. What the API hands over (a submission, the counts, the changes, the
// statuses) is shared with the server in src/contact/submission.ts; the browser side still
// imports nothing from src/server (the architecture's wall).
import type { Counts, Status, Submission, View } from '../contact/submission.ts'

export { CLIENT_LIMITS, STATUSES, VIEWS, type Counts, type Status, type Submission, type SubmissionChanges, type View } from '../contact/submission.ts'

/** What the list shows: a view (tab) and its filters. */
export type ListQuery = {
  view: View
  /** Words found in name, phone, e-mail and message; at most 100 characters. */
  q: string
  /** '' = any status. */
  status: Status | ''
  /** '' = any service, 'none' = requests without one. */
  service: string
}

export type Page = { items: Submission[]; nextCursor: string | null; counts: Counts }

export type ClientField = 'client_since' | 'next_delivery_date' | 'delivery_frequency' | 'delivery_notes'
