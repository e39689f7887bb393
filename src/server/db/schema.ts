// The tables, as Kysely sees them. contact_submissions is described with the request itself
// (src/lead/submission.ts); its column names are the seed's (SPEC §3), so an existing Supabase
// table keeps working through DATABASE_URL. Timestamps are ISO 8601 strings on the way in; on the
// way out SQLite gives strings and PostgreSQL gives Date objects, which the query modules
// normalize (toIso).
import type { ColumnType, Generated } from 'kysely'
import type { AlertChannel, AlertEvent } from '../../lead/alerts.ts'
import type { Column, ColumnKind, SUBMISSION_COLUMNS } from '../../lead/submission.ts'

type OrNull<T, Null> = Null extends true ? T | null : T

/** A column of the stored request as Kysely sees it: what a select gives back, an insert takes and an update takes. */
type TableColumn<C> = C extends Column<'flag', unknown, false> & { defaulted: true }
  ? ColumnType<boolean | number, boolean | undefined, boolean>
  : C extends Column<'timestamp', unknown, infer Null>
    ? ColumnType<OrNull<string | Date, Null>, OrNull<string, Null>, OrNull<string, Null>>
    : C extends Column<'flag', unknown, infer Null>
      ? ColumnType<OrNull<boolean | number, Null>, OrNull<boolean, Null>, OrNull<boolean, Null>>
      : C extends Column<'computed', infer Value>
        ? ColumnType<Value, never, never>
        : C extends Column<ColumnKind, infer Value, infer Null>
          ? OrNull<Value, Null>
          : never

/** contact_submissions, from the stored request's one description. */
export type ContactSubmissionsTable = {
  [K in keyof typeof SUBMISSION_COLUMNS]: TableColumn<(typeof SUBMISSION_COLUMNS)[K]>
}

/** A timestamp column: written as an ISO string, read as a string (SQLite) or Date (PostgreSQL). */
type Timestamp = ColumnType<string | Date, string, string>

interface NotificationOutboxTable {
  id: Generated<number>
  submission_id: string
  created_at: Timestamp
  /** Not before this time (backoff after a failure). */
  next_attempt_at: Timestamp
  attempts: number
  /** A worker holds the row until this time; another may take it after (a crashed worker). */
  locked_until: Timestamp | null
  locked_by: string | null
  last_error: string | null
  sent_at: Timestamp | null
  /** null: an event, fanned out by the alert worker; else the channel of one delivery (src/server/alerts/channel.ts). */
  channel: AlertChannel | null
  /** The delivery's target: an address, a push subscription's id, a URL; null for the channel's one fixed target. */
  target: string | null
  /** Why the alert goes out. */
  event: Generated<AlertEvent>
  /** The event's words when its kind does not say it all ("Booking moved by the customer: …"); copied to its deliveries. */
  detail: ColumnType<string | null, string | null | undefined, string | null>
}

/** What happened to a request, one row per event (src/server/db/activity.ts). */
interface SubmissionActivityTable {
  id: Generated<number>
  submission_id: string
  at: Timestamp
  /** What happened (ACTIVITY_KINDS in src/lead/activity.ts). */
  kind: string
  /** Its particulars: the new status, the note, the error… */
  detail: string | null
  /** The account that made it (migration 038, author.ts); null for the system and entries written before. */
  by_user_id: ColumnType<number | null, number | null | undefined, number | null>
}

interface RateLimitsTable {
  /** What is limited ('contact', 'login') … */
  bucket: string
  /** … for whom (a client address). */
  key: string
  /** Start of the fixed window, in milliseconds since the epoch. */
  window_start: number
  count: number
}

/** Calls started from the site (a tap on a tel: link), as daily totals: no visitor is told apart. */
interface CallCountsTable {
  /** The office's date, YYYY-MM-DD. */
  day: string
  /** The path of the page where the link was tapped. */
  page: string
  /** The visit's source in words (src/lead/attribution.ts). */
  source: string
  count: number
}

/** An invitation by one-time link (migration 032, src/server/db/invitations.ts). */
interface InvitationsTable {
  /** SHA-256 (hex) of the link's random token. */
  token_hash: string
  name: string
  /** Lower-cased and trimmed. */
  email: string
  role: 'owner' | 'office'
  invited_by: number | null
  created_at: Timestamp
  expires_at: Timestamp
  /** When it was accepted: it works once. */
  used_at: Timestamp | null
  /** The account it made. */
  user_id: number | null
  /** The account a reset link sets a new password of (migration 039); null for an invitation. */
  reset_user_id: ColumnType<number | null, number | null | undefined, number | null>
}

/** A passkey of an account (migration 036, src/server/db/passkeys.ts). */
interface PasskeysTable {
  /** The credential id, base64url. */
  id: string
  user_id: number
  /** The COSE public key, base64url. */
  public_key: string
  counter: number | string
  /** The authenticator's transports, comma-separated. */
  transports: string
  name: string
  created_at: Timestamp
  last_used_at: Timestamp | null
}

/** A WebAuthn challenge handed out, until used once or expired (migration 036). */
interface PasskeyChallengesTable {
  /** base64url, as sent in the options. */
  challenge: string
  purpose: 'register' | 'sign-in'
  /** The account registering; null for a sign-in. */
  user_id: number | null
  expires_at: Timestamp
}

/** A person who signs in to the inbox (migration 031, src/server/db/users.ts). */
interface UsersTable {
  id: Generated<number>
  name: string
  /** Lower-cased and trimmed; null for the owner made from ADMIN_PASSWORD (signs in with the password alone). */
  email: string | null
  role: 'owner' | 'office'
  /** argon2id, self-describing ($argon2id$…); null until the person sets one. */
  password_hash: string | null
  disabled: boolean | number
  /** Gets a push for each new request (migration 038); true by default. */
  on_duty: ColumnType<boolean | number, boolean | undefined, boolean>
  created_at: Timestamp
  updated_at: Timestamp
  /** The TOTP secret (base32) once confirmed by a first code (migration 039); null: no second factor. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>
  /** A secret being set up, until its first code confirms it. */
  totp_pending: ColumnType<string | null, string | null | undefined, string | null>
  /** The last time step a code was taken at: each step's code works once. */
  totp_last_step: ColumnType<number | string | null, number | null | undefined, number | null>
}

/** A sign-in or an account change (migration 039, src/server/db/audit.ts). */
interface AuditLogTable {
  id: Generated<number>
  at: Timestamp
  /** Who did it, or whose account it was; null when nobody is known (a failed sign-in). */
  user_id: number | null
  /** The e-mail a sign-in tried, if any. */
  email: string | null
  action: string
  /** JSON text. */
  detail: string
  address: string | null
}

/** An account's one-time recovery code, SHA-256 (hex) only (migration 039). */
interface RecoveryCodesTable {
  code_hash: string
  user_id: number
  used_at: Timestamp | null
}

interface AdminSessionsTable {
  /** SHA-256 (hex) of the cookie's random id. */
  id_hash: string
  created_at: Timestamp
  last_seen_at: Timestamp
  expires_at: Timestamp
  user_agent: string | null
  /** Whose session it is; a session without one opens nothing (migration 031). */
  user_id: number | null
  /** The client address it signed in from (migration 037); null before. */
  address: string | null
}

/** The server's VAPID key pair (one row, id 1), base64url as web-push writes them (src/server/db/push.ts). */
interface PushKeysTable {
  id: number
  public_key: string
  private_key: string
  created_at: Timestamp
}

/** A device subscribed to pushes (the browser's PushSubscription), src/server/db/push.ts. */
interface PushSubscriptionsTable {
  id: Generated<number>
  /** The push service's URL for this device: unique. */
  endpoint: string
  /** The device's P-256 public key and auth secret (base64url), for the payload's encryption (RFC 8291). */
  p256dh: string
  auth: string
  /** Its name in the inbox and the timeline, from its User-Agent ("Android phone, Chrome"). */
  device: string
  created_at: Timestamp
  last_success_at: Timestamp | null
  last_failure_at: Timestamp | null
  last_error: string | null
  /** Who subscribed this device (migration 031): their account's end removes it. */
  user_id: number | null
}

/** The daily spam digest, one row per office day (src/server/alerts/spam-digest.ts). */
interface AlertTestsTable {
  /** The office's day it went out, YYYY-MM-DD. */
  day: string
  /** What the tap on its push sends back (random). */
  token: string
  created_at: Timestamp
  /** Whether a push asked the owner to tap it (a device was subscribed). */
  asks_ack: ColumnType<boolean | number, boolean | undefined, boolean>
  /** Each channel's outcome, one line each. */
  results: string | null
  acked_at: Timestamp | null
  missed_mailed_at: Timestamp | null
}

interface VitalsCountsTable {
  /** The office's date, YYYY-MM-DD. */
  day: string
  /** The page's path. */
  page: string
  /** 'mobile' or 'desktop'. */
  device: string
  /** 'lcp', 'inp', 'cls' or 'ttfb'. */
  metric: string
  /** The bucket of the scale (src/lead/vitals.ts). */
  bucket: number
  count: number
}

interface SpamDigestsTable {
  /** The office's day it covers, YYYY-MM-DD. */
  day: string
  created_at: Timestamp
  next_attempt_at: Timestamp
  attempts: number
  /** An instance sending it holds it until then. */
  locked_until: Timestamp | null
  last_error: string | null
  sent_at: Timestamp | null
}

/** The arrival window a request holds (src/server/db/bookings.ts). */
interface BookingsTable {
  submission_id: string
  /** The window: the business's date (YYYY-MM-DD) and times (HH:MM), and as instants. */
  window_date: string
  window_start: string
  window_end: string
  starts_at: Timestamp
  ends_at: Timestamp
  /** 'booked' (by the visitor), 'confirmed' (by the office) or 'cancelled' (frees the window). */
  status: string
  created_at: Timestamp
  updated_at: Timestamp
}

/** A day someone booked or the office changed: its row is the day's lock, and its room when set. */
interface BookingDaysTable {
  date: string
  /** Visits per window that day, set by the office; null: booking.yaml's. */
  visits_per_window: number | null
  updated_at: Timestamp
}

/** A secret key of the server's, made once and shared by every instance (src/server/db/signing-keys.ts). */
interface SigningKeysTable {
  /** What it signs: 'booking-link'. */
  name: string
  /** 32 random bytes, base64url. */
  key: string
  created_at: Timestamp
}

/** One merge of two customers (migration 028): which requests it moved, so an undo moves exactly those back. */
interface CustomerMergesTable {
  id: Generated<number>
  kept_customer: string
  merged_customer: string
  /** The moved requests' ids, as a JSON array. */
  request_ids: string
  at: Timestamp
  undone_at: Timestamp | null
}

/** An address that unsubscribed (src/server/db/customer-mail.ts): nothing automated goes to it. */
interface MailSuppressionsTable {
  /** The address's key: trimmed, lower case. */
  address: string
  /** How: 'one-click' (the mail program's button, RFC 8058), 'page' (the link's page). */
  reason: string
  created_at: Timestamp
}

/** A review request or a visit reminder written to the outbox for a request (src/server/db/customer-mail.ts). */
interface CustomerMailsTable {
  submission_id: string
  /** 'review' or 'visit'. */
  kind: string
  /** The visit's date (YYYY-MM-DD) a reminder is for; '' for a review request. */
  visit_date: string
  created_at: Timestamp
}

interface SiteReleasesTable {
  id: Generated<number>
  created_at: string
  author: string
  message: string
  /** JSON: the records the release changed. */
  records: string
  diff: string
  /** JSON: every record of the content folder, by its path under it, as published. */
  content: string
  content_hash: string
  /** The release that was live when this one replaced it (what an undo brings back), or null. */
  based_on: number | null
}

export interface Tables {
  bookings: BookingsTable
  booking_days: BookingDaysTable
  alert_tests: AlertTestsTable
  audit_log: AuditLogTable
  admin_sessions: AdminSessionsTable
  call_counts: CallCountsTable
  contact_submissions: ContactSubmissionsTable
  customer_merges: CustomerMergesTable
  customer_mails: CustomerMailsTable
  invitations: InvitationsTable
  mail_suppressions: MailSuppressionsTable
  notification_outbox: NotificationOutboxTable
  passkeys: PasskeysTable
  passkey_challenges: PasskeyChallengesTable
  push_keys: PushKeysTable
  push_subscriptions: PushSubscriptionsTable
  rate_limits: RateLimitsTable
  recovery_codes: RecoveryCodesTable
  signing_keys: SigningKeysTable
  site_releases: SiteReleasesTable
  spam_digests: SpamDigestsTable
  submission_activity: SubmissionActivityTable
  users: UsersTable
  vitals_counts: VitalsCountsTable
}

/** A timestamp from either database as an ISO 8601 string. */
export function toIso(value: string | Date): string
export function toIso(value: string | Date | null): string | null
export function toIso(value: string | Date | null): string | null {
  if (value === null) return null
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString()
}

export const toBool = (value: boolean | number): boolean => value === true || value === 1
