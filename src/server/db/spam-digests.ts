// spam_digests: one row per office day whose spam digest is due, taken under a lease and marked
// sent, so any number of instances send it once (src/server/alerts/spam-digest.ts); and the
// requests filed as spam that it lists.
import { sql } from 'kysely'
import type { Db } from './client.ts'
import { MARKED_AS_SPAM } from './changes.ts'
import { toIso } from './schema.ts'

/** The requests filed as spam on arrival (not by the office), received since `since` (ISO 8601), oldest first. */
export async function spamFiledSince(
  db: Db,
  since: string,
): Promise<{ id: string; name: string; createdAt: string; reason: string | null }[]> {
  const rows = await db.k
    .selectFrom('contact_submissions')
    .select(['id', 'name', 'created_at', 'spam_reason'])
    .where(sql<boolean>`is_spam and deleted_at is null`)
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('spam_reason', 'is', null), eb('spam_reason', '!=', MARKED_AS_SPAM)]))
    .orderBy('created_at')
    .execute()
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: toIso(r.created_at), reason: r.spam_reason }))
}

/** Whether the digest of `day` (YYYY-MM-DD) has gone out. */
export async function digestSent(db: Db, day: string): Promise<boolean> {
  const row = await db.k.selectFrom('spam_digests').select('sent_at').where('day', '=', day).executeTakeFirst()
  return Boolean(row?.sent_at)
}

/**
 * Takes the digest of `day` until `leaseUntil`, creating its row the first time: true when this
 * caller is to send it now (not sent, due, and nobody else holds it).
 */
export async function claimDigest(db: Db, day: string, at: string, leaseUntil: string): Promise<boolean> {
  await db.k
    .insertInto('spam_digests')
    .values({ day, created_at: at, next_attempt_at: at, attempts: 0 })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute()
  const claimed = await db.k
    .updateTable('spam_digests')
    .set({ locked_until: leaseUntil, attempts: sql<number>`attempts + 1` })
    .where('day', '=', day)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .returning('day')
    .executeTakeFirst()
  return claimed !== undefined
}

/** The digest of `day` could not be sent: released, to be tried again at `retryAt`. */
export async function digestFailed(db: Db, day: string, error: string, retryAt: string): Promise<void> {
  await db.k
    .updateTable('spam_digests')
    .set({ locked_until: null, last_error: error.slice(0, 1000), next_attempt_at: retryAt })
    .where('day', '=', day)
    .execute()
}

export async function markDigestSent(db: Db, day: string, at: string): Promise<void> {
  await db.k
    .updateTable('spam_digests')
    .set({ sent_at: at, locked_until: null, last_error: null })
    .where('day', '=', day)
    .execute()
}
