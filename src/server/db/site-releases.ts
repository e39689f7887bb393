// The site editor's releases (migration 034): each publish or undo with the whole content
// folder's YAML as published, so every instance serves the same one (src/server/editor/releases.ts).
import type { Db } from './client.ts'

export type SiteRelease = {
  id: number
  created_at: string
  author: string
  message: string
  records: string[]
  diff: string
  content: Record<string, string>
  content_hash: string
  based_on: number | null
}
export type NewSiteRelease = Omit<SiteRelease, 'id' | 'created_at'>
/** A release in the history: without the folder's content. */
export type SiteReleaseSummary = Omit<SiteRelease, 'content'>

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : value)

export async function insertSiteRelease(db: Db, release: NewSiteRelease, now = new Date()): Promise<SiteRelease> {
  const created_at = now.toISOString()
  const row = await db.k
    .insertInto('site_releases')
    .values({
      ...release,
      created_at,
      records: JSON.stringify(release.records),
      content: JSON.stringify(release.content),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { ...release, id: Number(row.id), created_at }
}

/** The newest release's id and content hash, or undefined before the first publish. */
export async function newestSiteRelease(db: Db): Promise<{ id: number; content_hash: string } | undefined> {
  const row = await db.k
    .selectFrom('site_releases')
    .select(['id', 'content_hash'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row && { id: Number(row.id), content_hash: row.content_hash }
}

export async function siteRelease(db: Db, id: number): Promise<SiteRelease | undefined> {
  const row = await db.k.selectFrom('site_releases').selectAll().where('id', '=', id).executeTakeFirst()
  return (
    row && {
      ...row,
      id: Number(row.id),
      created_at: iso(row.created_at),
      records: JSON.parse(row.records) as string[],
      content: JSON.parse(row.content) as Record<string, string>,
      based_on: row.based_on === null ? null : Number(row.based_on),
    }
  )
}

/** The newest `limit` releases, newest first, without their content. */
export async function siteReleaseHistory(db: Db, limit: number): Promise<SiteReleaseSummary[]> {
  const rows = await db.k
    .selectFrom('site_releases')
    .select(['id', 'created_at', 'author', 'message', 'records', 'diff', 'content_hash', 'based_on'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    created_at: iso(row.created_at),
    records: JSON.parse(row.records) as string[],
    based_on: row.based_on === null ? null : Number(row.based_on),
  }))
}
