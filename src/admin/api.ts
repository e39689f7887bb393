// The inbox's only way to the server: the routes of docs/admin-api.md, same-origin, JSON. The
// session is an HttpOnly cookie the browser sends by itself; nothing is kept in the page.
import type {
  Activity,
  AlertHealth,
  ContactChannel,
  Counts,
  ListQuery,
  Page,
  PushDevice,
  ResponseTimePeriod,
  SourcesReport,
  Submission,
  SubmissionChanges,
} from './types.ts'

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

/** The session is gone (expired, logged out elsewhere): the inbox goes back to the login form. */
export const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401

const BASE = '/api/admin'
const UNREACHABLE = 'The server could not be reached. Check the connection and try again.'
const UNAVAILABLE = 'The server is not available right now. Try again in a moment.'

type Options = {
  /** Let the request finish even if the page goes away (a call button opens the phone app). */
  keepalive?: boolean
  signal?: AbortSignal
}

async function call<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  { keepalive = false, signal }: Options = {},
): Promise<T> {
  let res: Response
  try {
    res = await fetch(`${BASE}${path}`, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      keepalive,
      ...(signal ? { signal } : {}),
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, UNREACHABLE)
  }
  // Not JSON (a proxy's error page): the status says enough.
  const json = (await res.json().catch(() => null)) as { success?: unknown; error?: unknown; fields?: unknown } | null
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
  return json as T
}

/** The query string of a list or CSV request: only the filters that are set. */
export function listParams(query: ListQuery, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams({ view: query.view })
  const q = query.q.trim()
  if (q) params.set('q', q)
  if (query.status) params.set('status', query.status)
  if (query.service) params.set('service', query.service)
  if (query.source) params.set('source', query.source)
  if (cursor) params.set('cursor', cursor)
  return params
}

/** The filters of a view as a bulk action's body. */
const filtersOf = (query: ListQuery) => Object.fromEntries(listParams(query))

type Changed = { success: true; item: Submission; counts: Counts }
const item = (id: string) => `/submissions/${encodeURIComponent(id)}`

export const api = {
  login: (password: string) => call<{ success: true }>('POST', '/login', { password }),
  logout: () => call<{ success: true }>('POST', '/logout'),
  list: (query: ListQuery, cursor: string | null, signal?: AbortSignal) =>
    call<{ success: true } & Page>(
      'GET',
      `/submissions?${listParams(query, cursor)}`,
      undefined,
      signal ? { signal } : {},
    ),
  alertHealth: () => call<{ success: true } & AlertHealth>('GET', '/alert-health'),
  responseTimes: () => call<{ success: true; periods: ResponseTimePeriod[] }>('GET', '/response-times'),
  activity: (id: string) => call<{ success: true; items: Activity[] }>('GET', `${item(id)}/activity`),
  update: (id: string, change: SubmissionChanges) => call<Changed>('PATCH', item(id), change),
  contact: (id: string, channel: ContactChannel) =>
    call<Changed>('POST', `${item(id)}/contacts`, { channel }, { keepalive: true }),
  note: (id: string, text: string) => call<Changed>('POST', `${item(id)}/notes`, { text }),
  trash: (id: string) => call<Changed>('DELETE', item(id)),
  restore: (id: string) => call<Changed>('POST', `${item(id)}/restore`),
  sources: (from: string, to: string) =>
    call<{ success: true } & SourcesReport>('GET', `/sources?${new URLSearchParams({ from, to })}`),
  erase: (person: { phone?: string; email?: string }) =>
    call<{ success: true; erased: number }>('POST', '/erase', person),
  get: (id: string) => call<{ success: true; item: Submission }>('GET', item(id)),
  push: () => call<{ success: true; publicKey: string; devices: PushDevice[] }>('GET', '/push'),
  subscribe: (subscription: PushSubscriptionJSON) =>
    call<{ success: true; device: PushDevice }>('POST', '/push/subscriptions', subscription),
  unsubscribe: (endpoint: string) =>
    call<{ success: true; removed: boolean }>('POST', '/push/unsubscribe', { endpoint }),
  testPush: (endpoint: string) => call<{ success: true; status: number }>('POST', '/push/test', { endpoint }),
  markAllRead: (query: ListQuery) =>
    call<{ success: true; marked: number; counts: Counts }>('POST', '/submissions/mark-read', filtersOf(query)),
}

/** The CSV export of a view and its filters (a download link; the cookie goes with it). */
export const csvUrl = (query: ListQuery) => `${BASE}/submissions.csv?${listParams(query)}`
