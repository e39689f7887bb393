// What the inbox's API accepts, checked before anything touches storage (as the contact API does
// in src/server/contact/validate.ts): a change to a request, against the schema the inbox shares
// (schemas/submission-changes.schema.json); a list's query string; a page cursor; an id. Every
// refusal names what is wrong.
import { SOURCE_MAX } from '../../lead/attribution.ts'
import { SERVICE_OPTIONS } from '../../lead/message.ts'
import {
  CALL_OUTCOMES,
  CONTACT_CHANNELS,
  NOTE_MAX,
  type CallOutcome,
  type ContactChannel,
} from '../../lead/activity.ts'
import {
  CLIENT_LIMITS,
  STATUSES,
  SUBMISSION_COLUMNS,
  submissionChangesSchema,
  VIEWS,
  type ColumnKind,
  type Status,
  type SubmissionChanges,
  type View,
} from '../../lead/submission.ts'
import type { InboxFilters, InboxQuery } from '../db/submissions.ts'
import { INBOX_VIEWS, type ViewCursor } from '../db/views.ts'
import { compileSchema, fieldsOf } from '../schema-check.ts'

const checkChanges = compileSchema<SubmissionChanges>(submissionChangesSchema)

const FIELD_PROBLEMS: Record<keyof SubmissionChanges, string> = {
  is_read: 'Must be true or false.',
  status: `Must be one of: ${STATUSES.join(', ')}.`,
  is_client: 'Must be true or false.',
  client_since: 'Use a date like 2026-11-22, or leave it empty.',
  next_delivery_date: 'Use a date like 2026-11-22, or leave it empty.',
  delivery_frequency: `At most ${CLIENT_LIMITS.delivery_frequency} characters on one line, without control characters.`,
  delivery_notes: `At most ${CLIENT_LIMITS.delivery_notes} characters, without control characters.`,
  is_spam: 'Must be true or false.',
  follow_up_on: 'Use a date like 2026-11-22, or leave it empty.',
}

/** A refusal: the sentence, and the problem of each field it names. */
type Refusal = { ok: false; error: string; fields?: Record<string, string> }
/** What a check of the client's input gives: the value, or why not. */
export type Checked<T> = { ok: true; value: T } | Refusal

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The first and last years a date of the inbox may name (PostgreSQL has no year 0; SQLite takes anything). */
const FIRST_YEAR = 1900
const LAST_YEAR = 2999

/**
 * Whether `text` is a day of the calendar, YYYY-MM-DD, from 1900 to 2999: checked here, before
 * any database sees it, so both answer alike (decision 040).
 */
export function isCalendarDay(text: string): boolean {
  if (!DAY.test(text)) return false
  const year = Number(text.slice(0, 4))
  if (year < FIRST_YEAR || year > LAST_YEAR) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

const DATE_FIELDS = ['client_since', 'next_delivery_date', 'follow_up_on'] as const

/** A PATCH body: the changes, or what is wrong with each field ("Send at least one change." for {}). */
export function validateChanges(body: unknown): Checked<SubmissionChanges> {
  if (checkChanges(body)) {
    const changes = body as Record<string, unknown>
    const bad = DATE_FIELDS.filter((f) => typeof changes[f] === 'string' && !isCalendarDay(changes[f]))
    if (bad.length === 0) return { ok: true, value: body }
    return {
      ok: false,
      error: `Check ${bad.join(', ')}.`,
      fields: Object.fromEntries(bad.map((f) => [f, FIELD_PROBLEMS[f]])),
    }
  }
  const named = fieldsOf(checkChanges.errors)
  const fields = Object.fromEntries(
    named.map((field) => [field, FIELD_PROBLEMS[field as keyof SubmissionChanges] ?? 'This field cannot be changed.']),
  )
  return { ok: false, error: named.length > 0 ? `Check ${named.join(', ')}.` : 'Send at least one change.', fields }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Whether `id` can be a request's id (anything else is answered "not found" without a query). */
export const isSubmissionId = (id: string) => UUID.test(id)

const SERVICES = new Set<string>([...SERVICE_OPTIONS.map((o) => o.value), 'none'])
const SEARCH_MAX = 100
const SEARCH_WORDS = 8

export function encodeCursor(cursor: ViewCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

/** A value of a cursor for a column of `kind`, checked and normalized; undefined when it cannot be one. */
function cursorValue(kind: ColumnKind, value: unknown): string | number | boolean | undefined {
  if (kind === 'flag') return typeof value === 'boolean' ? value : undefined
  // The only computed column in an order is the triage queue's rank, a whole number.
  if (kind === 'computed') return Number.isSafeInteger(value) ? (value as number) : undefined
  if (typeof value !== 'string') return undefined
  if (kind === 'uuid') return UUID.test(value) ? value : undefined
  if (kind === 'date') return isCalendarDay(value) ? value : undefined
  if (kind === 'timestamp') return Number.isNaN(Date.parse(value)) ? undefined : new Date(value).toISOString()
  return undefined
}

/** A cursor this server gave for `view`: one value per column of the view's order. */
function decodeCursor(view: View, text: string): ViewCursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown
    const order = INBOX_VIEWS[view].order
    if (!Array.isArray(value) || value.length !== order.length) return undefined
    const cursor = order.map(([column], i) => cursorValue(SUBMISSION_COLUMNS[column].kind, value[i]))
    return cursor.every((v) => v !== undefined) ? cursor : undefined
  } catch {
    return undefined
  }
}

/** A view and its filters as the client sends them: only those that are set. */
export type FiltersInput = {
  view: View
  q?: string
  status?: Status
  service?: string
  source?: string
  /** '1': only the requests assigned to the signed-in account ("Mine"). */
  mine?: '1'
}
/** Checked filters; `mine` is the signed-in account's, turned into `assignedTo` by the route (mineOf). */
type Mine = { mine?: true }
/** A list's query string: the view (all when absent), its filters, the page's size and where it starts. */
export type ListInput = Partial<FiltersInput> & { limit?: string; cursor?: string }

/** The list's query string (view, q, status, service, source, mine, limit, cursor), checked: each bad parameter is named. */
export function validateListQuery(param: (name: string) => string | undefined): Checked<InboxQuery & Mine> {
  const view = (param('view') || 'all') as View
  if (!VIEWS.includes(view)) return { ok: false, error: `view must be one of: ${VIEWS.join(', ')}.` }
  const status = param('status') || undefined
  if (status !== undefined && !STATUSES.includes(status as Status))
    return { ok: false, error: `status must be one of: ${STATUSES.join(', ')}.` }
  const service = param('service') || undefined
  if (service !== undefined && !SERVICES.has(service))
    return { ok: false, error: 'service must be a service value or none.' }
  const source = param('source') || undefined
  if (source !== undefined && (source.length > SOURCE_MAX || /\p{Cc}/u.test(source)))
    return { ok: false, error: `source must be a source's name (at most ${SOURCE_MAX} characters).` }
  // Control characters can be in no stored field (the contact schema refuses them) and break
  // full-text query syntax: they separate words like spaces.
  const q = (param('q') ?? '').replace(/\p{Cc}+/gu, ' ').trim()
  if (q.length > SEARCH_MAX) return { ok: false, error: `Search for at most ${SEARCH_MAX} characters.` }
  const rawLimit = param('limit')
  const limit = rawLimit === undefined || rawLimit === '' ? 50 : Number(rawLimit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 200)
    return { ok: false, error: 'limit must be a whole number from 1 to 200.' }
  const mine = param('mine') || undefined
  if (mine !== undefined && mine !== '1') return { ok: false, error: 'mine must be 1, or left out.' }
  const rawCursor = param('cursor') || undefined
  const cursor = rawCursor === undefined ? undefined : decodeCursor(view, rawCursor)
  if (rawCursor !== undefined && !cursor) return { ok: false, error: 'cursor is not one this server gave.' }
  const words = q === '' ? [] : [...new Set(q.toLowerCase().split(/\s+/))].slice(0, SEARCH_WORDS)
  return {
    ok: true,
    value: {
      view,
      limit,
      ...(words.length ? { words } : {}),
      ...(status ? { status: status as Status } : {}),
      ...(service ? { service } : {}),
      ...(source ? { source } : {}),
      ...(mine ? { mine: true as const } : {}),
      ...(cursor ? { cursor } : {}),
    },
  }
}

/** The filters of a bulk action's body ({ view, q, status, service, source }), checked like a list's query string. */
export function validateFilters(body: unknown): Checked<InboxFilters & Mine> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, error: 'Send the view and its filters.' }
  const record = body as Record<string, unknown>
  for (const key of Object.keys(record)) {
    if (!['view', 'q', 'status', 'service', 'source', 'mine'].includes(key))
      return { ok: false, error: `${key} is not a filter.` }
    if (typeof record[key] !== 'string') return { ok: false, error: `${key} must be text.` }
  }
  const checked = validateListQuery((name) => record[name] as string | undefined)
  if (!checked.ok) return checked
  const { limit: _limit, cursor: _cursor, ...filters } = checked.value
  return { ok: true, value: filters }
}

/** A note's body ({ text }): 1 to NOTE_MAX characters once trimmed, no control characters but line breaks. */
export function validateNote(body: unknown): Checked<{ text: string }> {
  const raw = (body as { text?: unknown } | null)?.text
  const text = typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n').trim() : ''
  if (text === '') return { ok: false, error: 'Write the note first.', fields: { text: 'Write the note first.' } }
  if (text.length > NOTE_MAX) {
    const problem = `At most ${NOTE_MAX} characters.`
    return { ok: false, error: problem, fields: { text: problem } }
  }
  if (/[^\P{Cc}\n\t]/u.test(text)) {
    const problem = 'Remove the control characters.'
    return { ok: false, error: problem, fields: { text: problem } }
  }
  return { ok: true, value: { text } }
}

/** A call or text from the inbox ({ channel: 'call' | 'text' }). */
export function validateChannel(body: unknown): Checked<{ channel: ContactChannel }> {
  const channel = (body as { channel?: unknown } | null)?.channel
  return CONTACT_CHANNELS.includes(channel as ContactChannel)
    ? { ok: true, value: { channel: channel as ContactChannel } }
    : { ok: false, error: `channel must be one of: ${CONTACT_CHANNELS.join(', ')}.` }
}

/** An assignment ({ assigned_to }): an account's id, or null (unassigned). Whether it may take one is the database's question. */
export function validateAssignee(body: unknown): Checked<{ assigned_to: number | null }> {
  const value = (body as { assigned_to?: unknown } | null)?.assigned_to
  if (value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value > 0))
    return { ok: true, value: { assigned_to: value } }
  const problem = 'Choose a person, or no one.'
  return { ok: false, error: problem, fields: { assigned_to: problem } }
}

/** How a call went: one of CALL_OUTCOMES. */
export function validateOutcome(body: unknown): Checked<{ outcome: CallOutcome }> {
  const outcome = (body as { outcome?: unknown } | null)?.outcome
  return CALL_OUTCOMES.includes(outcome as CallOutcome)
    ? { ok: true, value: { outcome: outcome as CallOutcome } }
    : { ok: false, error: `outcome must be one of: ${CALL_OUTCOMES.join(', ')}.` }
}

/** A "Mark all as read" to undo: the instant its answer gave (ISO 8601, as the server writes it). */
export function validateBatch(body: unknown): Checked<{ batch: string }> {
  const batch = (body as { batch?: unknown } | null)?.batch
  return typeof batch === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(batch)
    ? { ok: true, value: { batch } }
    : { ok: false, error: 'batch must be the instant a "Mark all as read" answered.' }
}
