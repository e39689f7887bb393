// A request's timeline (table submission_activity): one row for each thing that happened to it,
// written in the same transaction as the change it records. Purged with the request (the
// foreign key cascades). Each entry names its author: the signed-in account whose request wrote
// it (author.ts), or none (the system).
import type { Kysely, Transaction } from 'kysely'
import type { Activity, ActivityKind } from '../../lead/activity.ts'
import { currentAuthor } from './author.ts'
import type { Db } from './client.ts'
import { toIso, type Tables } from './schema.ts'

type Writer = Kysely<Tables> | Transaction<Tables>

export type ActivityEntry = { kind: ActivityKind; detail?: string | null }

/** Records what happened to a request at `at` (ISO 8601), by the current author, in the caller's transaction. */
export async function recordActivity(
  trx: Writer,
  submissionId: string,
  at: string,
  entries: ActivityEntry[],
): Promise<void> {
  if (entries.length === 0) return
  const by = currentAuthor()
  await trx
    .insertInto('submission_activity')
    .values(
      entries.map((e) => ({ submission_id: submissionId, at, kind: e.kind, detail: e.detail ?? null, by_user_id: by })),
    )
    .execute()
}

const TIMELINE_MAX = 200

/** A request's timeline, newest first (at most 200 entries), each with its author's name (null: the system). */
export async function listActivity(db: Db, submissionId: string): Promise<Activity[]> {
  const rows = await db.k
    .selectFrom('submission_activity as a')
    .leftJoin('users as u', 'u.id', 'a.by_user_id')
    .select(['a.id', 'a.at', 'a.kind', 'a.detail', 'u.name as author'])
    .where('a.submission_id', '=', submissionId)
    .orderBy('a.id', 'desc')
    .limit(TIMELINE_MAX)
    .execute()
  return rows.map((r) => ({
    id: Number(r.id),
    at: toIso(r.at),
    kind: r.kind as ActivityKind,
    detail: r.detail,
    author: r.author ?? null,
  }))
}

/** The timelines of several requests (a page of the CSV), oldest entry first, by request. */
export async function activityOf(db: Db, submissionIds: readonly string[]): Promise<Map<string, Activity[]>> {
  const byRequest = new Map<string, Activity[]>()
  if (submissionIds.length === 0) return byRequest
  const rows = await db.k
    .selectFrom('submission_activity as a')
    .leftJoin('users as u', 'u.id', 'a.by_user_id')
    .select(['a.id', 'a.submission_id', 'a.at', 'a.kind', 'a.detail', 'u.name as author'])
    .where('a.submission_id', 'in', submissionIds)
    .orderBy('a.id', 'asc')
    .execute()
  for (const r of rows) {
    const entry = {
      id: Number(r.id),
      at: toIso(r.at),
      kind: r.kind as ActivityKind,
      detail: r.detail,
      author: r.author ?? null,
    }
    const list = byRequest.get(r.submission_id)
    if (list) list.push(entry)
    else byRequest.set(r.submission_id, [entry])
  }
  return byRequest
}
