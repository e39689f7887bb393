// The inbox's shapes. What the API hands over (a request, the counts, the timeline, alert health,
// the Sources report, the devices) is the type of its route's answer, inferred from the server's
// routes through the client (api.ts, decision 034): declared once, on the server. The rules and
// words the inbox shares with the server (statuses, views, client fields) come from src/lead/; the
// browser side imports nothing from src/server at run time (tests/unit/walls.test.ts).
import type { Answer } from './api.ts'

export type { ListQuery } from './api.ts'

export type { ActivityKind } from '../lead/activity.ts'
export {
  CLIENT_FIELDS,
  CLIENT_LIMITS,
  VIEW_COUNTS,
  STATUSES,
  VIEWS,
  type ClientField,
  type Status,
  type SubmissionChanges,
  type View,
} from '../lead/submission.ts'

/** A request as the API gives it. */
export type Submission = Answer<'get'>['item']
/** How many requests each view holds, and the follow-ups due. */
export type Counts = Answer<'list'>['counts']
/** A reason alerts are not reaching the office (the banner's items). */
export type AlertProblem = Answer<'alertHealth'>['problems'][number]
/** A count of calls by day, page or source (the Sources report). */
export type Tally = Answer<'sources'>['calls']['byDay'][number]
