// The site editor's calls (docs/admin-api.md "Site editor"): same-origin JSON like every inbox
// call, here rather than in api.ts so that nothing of the editor weighs on the inbox's first load.
// A refusal keeps the server's sentence and its problems, each at its record and field.
import type { Schema } from './SchemaForm.tsx'

export type RecordKind =
  | 'business'
  | 'site'
  | 'reviews'
  | 'urgency'
  | 'confirmation'
  | 'booking'
  | 'page'
  | 'service'
  | 'town'
  | 'county'
  | 'state'
export type RecordEntry = { id: string; kind: RecordKind; name: string; path?: string }
export type EditorRecord = RecordEntry & { data: Record<string, unknown>; version: string; schema: Schema }
export type Problem = { id: string; field: string; line?: number; message: string }
export type Draft = { id: string; data: unknown }
export type Release = { id: number; ms: number; pages: number; records: string[] }
export type HistoryEntry = {
  id: number
  created_at: string
  author: string
  message: string
  records: string[]
  diff: string
}

/** A refused call: the server's sentence, and the problems it named. */
export class SiteError extends Error {
  readonly status: number
  readonly problems: Problem[]
  constructor(status: number, message: string, problems: Problem[] = []) {
    super(message)
    this.name = 'SiteError'
    this.status = status
    this.problems = problems
  }
}

const BASE = '/api/admin/site'

async function call<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response
  try {
    res = await fetch(BASE + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      credentials: 'same-origin',
      cache: 'no-store',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new SiteError(0, 'The server could not be reached. Check the connection and try again.')
  }
  const json = (await res.json().catch(() => null)) as
    ({ success?: boolean; error?: string; problems?: Problem[] } & Record<string, unknown>) | null
  if (!res.ok || json?.success !== true)
    throw new SiteError(res.status, json?.error ?? `The server answered ${res.status}.`, json?.problems ?? [])
  return json as T
}

export const site = {
  records: () => call<{ records: RecordEntry[] }>('/records').then((a) => a.records),
  record: (id: string) => call<{ record: EditorRecord }>(`/records/${id}`).then((a) => a.record),
  check: (drafts: Draft[], signal: AbortSignal) => call<{ problems: Problem[] }>('/check', { drafts }, signal),
  preview: (drafts: Draft[], path: string, signal: AbortSignal) =>
    call<{ html: string }>('/preview', { drafts, path }, signal).then((a) => a.html),
  publish: (drafts: Draft[], versions: Record<string, string>) =>
    call<{ release: Release }>('/publish', { drafts, versions }).then((a) => a.release),
  progress: () => call<{ progress: { step: string; startedAt: string } | null }>('/progress').then((a) => a.progress),
  history: () => call<{ live: number | null; releases: HistoryEntry[] }>('/history'),
  undo: () => call<{ release: Release }>('/undo', {}).then((a) => a.release),
  newTown: (name: string, county: string) =>
    call<{ draft: { id: string; path: string; data: Record<string, unknown>; schema: Schema } }>('/new-town', {
      name,
      county,
    }).then((a) => a.draft),
}
