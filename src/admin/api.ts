// The inbox's only way to the server: the routes of docs/admin-api.md, same-origin, JSON. The
// client is Hono's, typed from the server's routes (`AdminApi`, a type only: nothing of the server
// runs here), so each call's input and answer are the server's own (decision 034). The session is
// an HttpOnly cookie the browser sends by itself; nothing is kept in the page.
import { hc, type ClientResponse, type InferRequestType } from 'hono/client'
import type { AdminApi } from '../server/admin/api.ts'
import type { Status, View } from '../lead/submission.ts'

/** A failed call: the HTTP status (0 when the server was not reached), the server's sentence, field problems. */
export class ApiError extends Error {
  readonly status: number
  readonly fields: Record<string, string>
  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.fields = fields
  }
}

/** The server's problem with one field of what was sent, if it named one. */
export const problemWith = (error: unknown, field: string): string | null =>
  error instanceof ApiError ? (error.fields[field] ?? null) : null

/** The session is gone (expired, logged out elsewhere): the inbox goes back to the login form. */
export const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401

const BASE = '/api/admin'
const UNREACHABLE = 'The server could not be reached. Check the connection and try again.'
const UNAVAILABLE = 'The server is not available right now. Try again in a moment.'

/** `fetch`, with a server that cannot be reached said as an ApiError (a call called off stays an abort). */
const reach: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init)
  } catch (error) {
    if (init?.signal?.aborted) throw error
    throw new ApiError(0, UNREACHABLE)
  }
}

export const client = hc<AdminApi>(BASE, {
  fetch: reach,
  headers: { accept: 'application/json' },
  init: { credentials: 'same-origin', cache: 'no-store' },
})

/** The success answer among a route's answers: its `{ success: true, … }`. */
type Success<R> = R extends ClientResponse<infer T, number, 'json'> ? Extract<T, { success: true }> : never

/**
 * A call's success answer, or the ApiError that says why not: the server's sentence and field
 * problems, or the status alone when the answer is not JSON (a proxy's error page).
 */
export async function answer<R extends ClientResponse<unknown, number, 'json'>>(call: Promise<R>): Promise<Success<R>> {
  const res = await call
  const json = (await res.json().catch(() => null)) as {
    success?: unknown
    error?: unknown
    fields?: unknown
  } | null
  if (!res.ok || json?.success !== true) {
    const message =
      typeof json?.error === 'string' && json.error
        ? json.error
        : res.status >= 500
          ? UNAVAILABLE
          : `The server answered ${res.status}.`
    const fields = json?.fields && typeof json.fields === 'object' ? (json.fields as Record<string, string>) : {}
    throw new ApiError(res.status, message, fields)
  }
  // Checked above: a success answer, whose shape the route's type gives.
  return json as Success<R>
}

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
  /** Only the requests assigned to the signed-in person ("Mine"). */
  mine?: boolean
}

/** A list's query string as the route takes it: only the filters that are set. */
type ListSearch = InferRequestType<typeof client.submissions.$get>['query']
/** A bulk action's filters as the route takes them. */
type Filters = InferRequestType<(typeof client.submissions)['mark-read']['$post']>['json']

function listSearch(query: ListQuery, cursor?: string | null): ListSearch & Filters {
  const q = query.q.trim()
  return {
    view: query.view,
    ...(q ? { q } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.service ? { service: query.service } : {}),
    ...(query.source ? { source: query.source } : {}),
    ...(query.mine ? { mine: '1' as const } : {}),
    ...(cursor ? { cursor } : {}),
  }
}

/** The query string of a list or CSV request: only the filters that are set. */
export const listParams = (query: ListQuery, cursor?: string | null): URLSearchParams =>
  new URLSearchParams(listSearch(query, cursor))

const submission = client.submissions[':id']
/** The path's `:id` of a request. */
const id = (value: string) => ({ param: { id: encodeURIComponent(value) } })

export const api = {
  login: (password: string, email?: string, code?: string) =>
    answer(client.login.$post({ json: { password, ...(email ? { email } : {}), ...(code ? { code } : {}) } })),
  logout: () => answer(client.logout.$post()),
  list: (query: ListQuery, cursor: string | null, signal?: AbortSignal) =>
    answer(client.submissions.$get({ query: listSearch(query, cursor) }, signal ? { init: { signal } } : undefined)),
  alertHealth: () => answer(client['alert-health'].$get()),
  responseTimes: () => answer(client['response-times'].$get()),
  activity: (item: string) => answer(submission.activity.$get(id(item))),
  get: (item: string) => answer(submission.$get(id(item))),
  update: (item: string, changes: InferRequestType<typeof submission.$patch>['json']) =>
    answer(submission.$patch({ ...id(item), json: changes })),
  // Let the request finish even if the page goes away: the call button opens the phone app.
  contact: (item: string, channel: InferRequestType<typeof submission.contacts.$post>['json']['channel']) =>
    answer(submission.contacts.$post({ ...id(item), json: { channel } }, { init: { keepalive: true } })),
  outcome: (item: string, outcome: InferRequestType<typeof submission.outcome.$post>['json']['outcome']) =>
    answer(submission.outcome.$post({ ...id(item), json: { outcome } })),
  note: (item: string, text: string) => answer(submission.notes.$post({ ...id(item), json: { text } })),
  jobOutcome: (item: string, outcome: InferRequestType<(typeof submission)['job-outcome']['$put']>['json']) =>
    answer(submission['job-outcome'].$put({ ...id(item), json: outcome })),
  trash: (item: string) => answer(submission.$delete(id(item))),
  restore: (item: string) => answer(submission.restore.$post(id(item))),
  markAllRead: (query: ListQuery) => answer(client.submissions['mark-read'].$post({ json: listSearch(query) })),
  undoMarkAllRead: (batch: string) => answer(client.submissions['mark-read'].undo.$post({ json: { batch } })),
  sources: (from: string, to: string) => answer(client.sources.$get({ query: { from, to } })),
  outcomes: (from: string, to: string) => answer(client.sources.outcomes.$get({ query: { from, to } })),
  siteSpeed: (from: string, to: string) => answer(client['site-speed'].$get({ query: { from, to } })),
  // Online booking (docs/admin-api.md "Bookings"): the Schedule, a day's room, a request's visit.
  schedule: () => answer(client.schedule.$get()),
  // Visits due (docs/admin-api.md "Visits due").
  visitsDue: () => answer(client['visits-due'].$get()),
  dayRoom: (date: string, visitsPerWindow: number | null) =>
    answer(client.schedule.days[':date'].$put({ param: { date }, json: { visitsPerWindow } })),
  book: (item: string, window: string) => answer(submission.booking.$put({ ...id(item), json: { window } })),
  confirmBooking: (item: string) => answer(submission.booking.confirm.$post(id(item))),
  cancelBooking: (item: string) => answer(submission.booking.$delete(id(item))),
  erase: (person: InferRequestType<typeof client.erase.$post>['json']) => answer(client.erase.$post({ json: person })),
  // Customers (docs/admin-api.md "Customers"): one customer, two merged, a merge undone.
  customer: (customer: string) => answer(client.customers[':id'].$get({ param: { id: customer } })),
  merge: (kept: string, merged: string) =>
    answer(client.customers[':id'].merge.$post({ param: { id: kept }, json: { customer: merged } })),
  undoMerge: (merge: number) =>
    answer(client.customers.merges[':merge'].undo.$post({ param: { merge: String(merge) } })),
  push: () => answer(client.push.$get()),
  subscribe: (subscription: PushSubscriptionJSON) => answer(client.push.subscriptions.$post({ json: subscription })),
  unsubscribe: (endpoint: string) => answer(client.push.unsubscribe.$post({ json: { endpoint } })),
  testPush: (endpoint: string) => answer(client.push.test.$post({ json: { endpoint } })),
}

/** The success answer of an API call, as the server's route gives it. */
export type Answer<Call extends keyof typeof api> = Awaited<ReturnType<(typeof api)[Call]>>

/** The Google Ads offline conversions file of a period (a download link, docs/admin-api.md). */
export const googleAdsCsvUrl = (from: string, to: string) =>
  `${BASE}/google-ads-conversions.csv?${new URLSearchParams({ from, to })}`

/** The CSV export of a view and its filters (a download link; the cookie goes with it). */
export const csvUrl = (query: ListQuery) => `${BASE}/submissions.csv?${listParams(query)}`
