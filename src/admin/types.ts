// The shapes of the admin API (docs/admin-api.md), as the inbox sees them. A copy by design: the
// browser side must not import src/server (the architecture's wall), so this file mirrors the
// contract, and the e2e tests run it against the real server.

export const STATUSES = ['new', 'contacted', 'scheduled', 'completed', 'closed'] as const
export type Status = (typeof STATUSES)[number]

export const VIEWS = ['all', 'unread', 'clients', 'spam'] as const
export type View = (typeof VIEWS)[number]

/** A stored request (SPEC §3 names, plus the fields beyond the seed). */
export type Submission = {
  id: string
  name: string
  email: string | null
  phone: string | null
  /** A value of SERVICE_OPTIONS (src/contact/message.ts), or null. */
  service: string | null
  message: string | null
  /** ISO 8601, UTC. */
  created_at: string
  is_read: boolean
  read_at: string | null
  status: Status
  is_client: boolean
  /** YYYY-MM-DD. */
  client_since: string | null
  next_delivery_date: string | null
  delivery_frequency: string | null
  delivery_notes: string | null
  source_page: string | null
  referrer: string | null
  is_spam: boolean
  spam_reason: string | null
  updated_at: string
}

/** total = all but spam; unread = unread and not spam; clients = clients and not spam. */
export type Counts = { total: number; unread: number; clients: number; spam: number }

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

/** The fields a PATCH may change. */
export type SubmissionChange = Partial<
  Pick<Submission, 'is_read' | 'status' | 'is_client' | 'client_since' | 'next_delivery_date' | 'delivery_frequency' | 'delivery_notes' | 'is_spam'>
>

/** The client fields and their limits (docs/admin-api.md "PATCH body"). */
export const CLIENT_LIMITS = { delivery_frequency: 100, delivery_notes: 2000 } as const
export type ClientField = 'client_since' | 'next_delivery_date' | 'delivery_frequency' | 'delivery_notes'
