// The inbox's own shapes. What the API hands over (a submission, the counts, the changes, the
// statuses, the timeline) is shared with the server in src/lead/; the browser side still
// imports nothing from src/server (the architecture's wall, tests/unit/walls.test.ts).
import type { Counts, Status, Submission, View } from '../lead/submission.ts'

export type { Activity, ActivityKind, ContactChannel } from '../lead/activity.ts'
export type { AlertHealth, AlertProblem } from '../lead/alerts.ts'
export {
  CLIENT_FIELDS,
  CLIENT_LIMITS,
  VIEW_COUNTS,
  STATUSES,
  VIEWS,
  type ClientField,
  type Counts,
  type Status,
  type Submission,
  type SubmissionChanges,
  type View,
} from '../lead/submission.ts'

/** What the list shows: a view (tab) and its filters. */
export type ListQuery = {
  view: View
  /** Words found in name, phone, e-mail and message; at most 100 characters. */
  q: string
  /** '' = any status. */
  status: Status | ''
  /** '' = any service, 'none' = requests without one. */
  service: string
  /** '' = any source; else a source in words ("Google Ads", "Direct"…). */
  source: string
}

/** The Sources report (GET /api/admin/sources): per source, and the calls started from the site. */
export type SourceRow = { source: string; requests: number; contacted: number; scheduled: number }
export type Tally = { key: string; count: number }
export type SourcesReport = {
  from: string
  to: string
  sources: SourceRow[]
  calls: { total: number; byDay: Tally[]; byPage: Tally[]; bySource: Tally[] }
}

export type Page = { items: Submission[]; nextCursor: string | null; counts: Counts }

/** The median first response over a period (GET /api/admin/response-times). */
export type ResponseTimePeriod = { days: number; medianMs: number | null; answered: number; waiting: number }

/** A device subscribed to pushes (GET /api/admin/push). */
export type PushDevice = {
  id: number
  endpoint: string
  /** "Chrome on Android", from its User-Agent. */
  device: string
  createdAt: string
  lastSuccessAt: string | null
  lastFailureAt: string | null
  lastError: string | null
}
