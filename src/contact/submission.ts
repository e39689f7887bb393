// A stored request as the admin API hands it over (docs/admin-api.md): one definition for the
// server (src/server/db/submissions.ts) and the inbox app (src/admin/). Browser-safe. The
// statuses and the client fields' limits come from schemas/submission-changes.schema.json, the
// schema the server checks every change against.
import schema from '../../schemas/submission-changes.schema.json' with { type: 'json' }
import type { SubmissionChanges } from '../catalogue/types.gen.ts'

export type { SubmissionChanges }
export { schema as submissionChangesSchema }

export type Status = NonNullable<SubmissionChanges['status']>
/** SPEC §3: new, contacted, scheduled, completed, closed (any order, SPEC §4). */
export const STATUSES = schema.properties.status.enum as readonly Status[]

/** The inbox's views: all = everything but spam. */
export const VIEWS = ['all', 'unread', 'clients', 'spam'] as const
export type View = (typeof VIEWS)[number]

/** A stored request (SPEC §3 names, plus the fields beyond the seed). */
export type Submission = {
  id: string
  name: string
  email: string | null
  phone: string | null
  /** A value of SERVICE_OPTIONS (message.ts), or null. */
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

/** The client fields' length limits. */
export const CLIENT_LIMITS = {
  delivery_frequency: schema.properties.delivery_frequency.maxLength,
  delivery_notes: schema.properties.delivery_notes.maxLength,
} as const
