// The stored request, described once: the columns of contact_submissions with the kind of value
// each holds. From this one table come the request as the admin API hands it over (Submission),
// the database layer's table type (src/server/db/schema.ts) and the conversion between the two
// (src/server/db/submissions.ts), and the test that the migrated database has exactly these
// columns on SQLite and PostgreSQL. Browser-safe and free of SQL: the inbox app imports the
// types from here too. The statuses and the client fields' limits come from
// schemas/submission-changes.schema.json, the schema the server checks every change against.
import schema from '../../schemas/submission-changes.schema.json' with { type: 'json' }
import type { SubmissionChanges } from '../catalogue/types.gen.ts'

export type { SubmissionChanges }
export { schema as submissionChangesSchema }

export type Status = NonNullable<SubmissionChanges['status']>
/** SPEC §3: new, contacted, scheduled, completed, closed (any order, SPEC §4). */
export const STATUSES = schema.properties.status.enum as readonly Status[]

/** How the office reads each status. */
export const STATUS_LABELS: Record<Status, string> = {
  new: 'New',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  completed: 'Completed',
  closed: 'Closed',
}

/**
 * What a column holds. text, uuid: a string; date: a calendar day, YYYY-MM-DD; timestamp: an
 * instant, written as ISO 8601 (PostgreSQL reads it back as a Date); flag: a boolean (SQLite
 * stores 0/1); integer: a whole number; computed: written by the database itself, never by us.
 */
export type ColumnKind = 'text' | 'uuid' | 'date' | 'timestamp' | 'flag' | 'integer' | 'computed'

/** A column: its kind, whether it may be null, and (for the type checker only) its value type. */
export type Column<Kind extends ColumnKind = ColumnKind, Value = unknown, Null extends boolean = boolean> = {
  kind: Kind
  nullable: Null
  /** The database fills it when an insert leaves it out. */
  defaulted?: true
  /** Never set: carries the value type of a text column narrowed to a union (the status). */
  value?: Value
}

type ValueOf<Kind extends ColumnKind> = Kind extends 'flag' ? boolean : Kind extends 'integer' ? number : string

function column<Kind extends ColumnKind, Value = ValueOf<Kind>>(kind: Kind): Column<Kind, Value, false> {
  return { kind, nullable: false }
}
function optional<Kind extends ColumnKind, Value = ValueOf<Kind>>(kind: Kind): Column<Kind, Value, true> {
  return { kind, nullable: true }
}
/** A flag the database sets to false when an insert leaves it out. */
function falseByDefault(): Column<'flag', boolean, false> & { defaulted: true } {
  return { kind: 'flag', nullable: false, defaulted: true }
}

/** contact_submissions: SPEC §3's columns (the seed's names, so a Supabase table keeps working), then ours. */
export const SUBMISSION_COLUMNS = {
  id: column('uuid'),
  name: column('text'),
  email: optional('text'),
  phone: optional('text'),
  /** A value of SERVICE_OPTIONS (src/lead/message.ts), or null. */
  service: optional('text'),
  message: optional('text'),
  created_at: column('timestamp'),
  is_read: column('flag'),
  read_at: optional('timestamp'),
  status: column<'text', Status>('text'),
  is_client: column('flag'),
  client_since: optional('date'),
  next_delivery_date: optional('date'),
  delivery_frequency: optional('text'),
  delivery_notes: optional('text'),
  // Beyond the seed:
  /** The path of the page the form was sent from. */
  source_page: optional('text'),
  /** Where the visitor came from before that page. */
  referrer: optional('text'),
  /** Spam (the honeypot was filled in): stored, kept out of the inbox's other views, recoverable. */
  is_spam: column('flag'),
  spam_reason: optional('text'),
  updated_at: column('timestamp'),
  /** The phone's digits, for search. */
  phone_digits: column('computed'),
  // The lead desk:
  /** Why the request is urgent (emergency service, what the message says), or null. */
  urgency: optional('text'),
  /** Urgent and nobody has reached out yet: kept on top of All and Unread until contacted. */
  urgent_open: falseByDefault(),
  /** Sent while the office was closed (content/business.yaml hours). */
  after_hours: falseByDefault(),
  /** The first call or text, or the first status change away from new. */
  first_contact_at: optional('timestamp'),
  /** From arrival to first contact, counting opening hours only, in milliseconds. */
  response_ms: optional('integer'),
  /** The day to get back to it (YYYY-MM-DD). */
  follow_up_on: optional('date'),
  /** In the trash since then (purged 30 days later); null when not deleted. */
  deleted_at: optional('timestamp'),
  /** Why a request that is not spam might be ("Possible spam": a very fast fill, odd envelope fields, many links), or null. */
  suspicion: optional('text'),
  // Intake (docs/decisions/031-intake.md):
  /** The ZIP code the visitor gave (five digits), or null. */
  zip: optional('text'),
  /** The place of that ZIP code in the service area ("Bel Air", "Joppa, Harford County") when it arrived; null with a ZIP code: outside the area. */
  zip_place: optional('text'),
  /** "Is your heating or cooling out right now?": 'yes', 'no', or null (not answered). */
  out_now: optional<'text', 'yes' | 'no'>('text'),
  /** When to call back: a value of CALLBACK_TIMES (src/lead/message.ts), or null. */
  callback_time: optional('text'),
  // Where the visit came from (migration 012, docs/decisions/032-attribution-calls-privacy.md):
  /** The first page of the visit (its path), as the site's script kept it. */
  landing_page: optional('text'),
  /** The visit's campaign parameters. */
  utm_source: optional('text'),
  utm_medium: optional('text'),
  utm_campaign: optional('text'),
  utm_term: optional('text'),
  utm_content: optional('text'),
  /** Which ad click id the visit arrived with (gclid, gbraid, wbraid, msclkid, fbclid), and its value. */
  click_id_type: optional('text'),
  click_id: optional('text'),
  /** The source in words ("Google Ads", "Google search", "Direct"…; src/lead/attribution.ts): what the inbox filters by. */
  source: optional('text'),
  // What was last done (migration 016), shown on the card:
  /** The office's last action: an ActivityKind of DESK_ACTIONS (src/lead/activity.ts), or null. */
  last_action: optional('text'),
  last_action_at: optional('timestamp'),
  /** Its particulars: a call's outcome, the status change ("new → contacted"), the follow-up date. */
  last_action_detail: optional('text'),
  /** The latest note's text. */
  last_note: optional('text'),
  // The outcome (migration 029, docs/decisions/050-outcomes.md):
  /** What the completed job was worth, in cents (0 < value ≤ 100,000,000), or null. */
  job_value_cents: optional('integer'),
  /** Why a closed request was lost: a value of LOST_REASONS (src/lead/outcome.ts), or null. */
  lost_reason: optional('text'),
  /** When the office last entered the value or the reason (the conversion's time for Google Ads). */
  outcome_at: optional('timestamp'),
  /**
   * The place in the triage queue (migration 015): the creation time in milliseconds, negated while
   * urgent_open, so All and Unread show open urgent requests longest-waiting first, then the rest
   * newest first. Kept by the database.
   */
  queue_rank: column<'computed', number>('computed'),
  // Customers (migration 028, src/lead/customer.ts):
  /** The phone number's key (its last ten digits), or null. */
  phone_key: optional('text'),
  /** The e-mail address's key (lower-cased), or null. */
  email_key: optional('text'),
  /** The customer's id: the id of the customer's first request (a merge rewrites it); null only on a row another program wrote (then the request is its own customer). */
  customer_id: optional('uuid'),
  /** The earlier request this one was sent again into, within an hour (no second alert, not urgent), or null. */
  folded_into: optional('uuid'),
  /** The account the request is assigned to (migration 038, docs/decisions/062-who-did-what.md), or null. */
  assigned_to: optional('integer'),
}

type Columns = typeof SUBMISSION_COLUMNS
type OrNull<T, Null> = Null extends true ? T | null : T

/** A column as the API hands it over: timestamps as ISO 8601 strings (UTC), flags as booleans. */
type ApiColumn<C> = C extends Column<ColumnKind, infer Value, infer Null> ? OrNull<Value, Null> : never

/** The columns the database computes: never written, and not part of what the API hands over. */
type ComputedColumn = {
  [K in keyof Columns]: Columns[K] extends Column<'computed'> ? K : never
}[keyof Columns]

/** A stored request as the admin API hands it over (docs/admin-api.md). */
export type Submission = { [K in Exclude<keyof Columns, ComputedColumn>]: ApiColumn<Columns[K]> }

/**
 * The inbox's views (its tabs), each with the name of its count in the API's answers. Which
 * requests each holds and in what order is the server's business (src/server/db/views.ts).
 */
export const VIEW_COUNTS = {
  /** Everything but spam and the trash. */
  all: 'total',
  unread: 'unread',
  clients: 'clients',
  /** Requests with a follow-up date. */
  followups: 'followups',
  spam: 'spam',
  /** Deleted requests, restorable until they are purged (TRASH_DAYS after deletion). */
  trash: 'trash',
} as const

export type View = keyof typeof VIEW_COUNTS
export const VIEWS = Object.keys(VIEW_COUNTS) as View[]

/** How many requests each view holds (total: every request but spam and trash), and the follow-ups due today or before. */
export type Counts = Record<(typeof VIEW_COUNTS)[View] | 'due', number>

/** Days a deleted request stays in the trash before it is purged for good. */
export const TRASH_DAYS = 30

/** The client fields, as the office says them (the columns keep SPEC's names). */
export const CLIENT_FIELDS = {
  client_since: 'Client since',
  next_delivery_date: 'Next service visit',
  delivery_frequency: 'Maintenance plan',
  delivery_notes: 'Service notes',
} as const
export type ClientField = keyof typeof CLIENT_FIELDS

/** The client fields' length limits. */
export const CLIENT_LIMITS = {
  delivery_frequency: schema.properties.delivery_frequency.maxLength,
  delivery_notes: schema.properties.delivery_notes.maxLength,
} as const
