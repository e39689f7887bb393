// Queries on contact_submissions: storing a request, and the admin inbox's reads and changes.
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Db } from './client.ts'
import type { Counts, Status, Submission, SubmissionChanges, View } from '../../contact/submission.ts'
import { toBool, toIso, type Tables } from './schema.ts'
import { enqueueNotification } from './outbox.ts'

export type { Submission }

export type NewSubmission = {
  id: string
  name: string
  phone: string
  email: string | null
  service: string | null
  message: string | null
  sourcePage: string | null
  referrer: string | null
  spamReason: string | null
  now: string
}

export async function insertSubmission(trx: Kysely<Tables> | Transaction<Tables>, s: NewSubmission): Promise<void> {
  await trx
    .insertInto('contact_submissions')
    .values({
      id: s.id,
      name: s.name,
      phone: s.phone,
      email: s.email,
      service: s.service,
      message: s.message,
      created_at: s.now,
      updated_at: s.now,
      is_read: false,
      status: 'new',
      is_client: false,
      source_page: s.sourcePage,
      referrer: s.referrer,
      is_spam: s.spamReason !== null,
      spam_reason: s.spamReason,
    })
    .execute()
}

type Row = Awaited<ReturnType<typeof selectAll>>[number]
const selectAll = (db: Db) => db.k.selectFrom('contact_submissions').selectAll().execute()

export function toSubmission({ phone_digits: _digits, ...row }: Row): Submission {
  return {
    ...row,
    created_at: toIso(row.created_at),
    read_at: toIso(row.read_at),
    updated_at: toIso(row.updated_at),
    is_read: toBool(row.is_read),
    is_client: toBool(row.is_client),
    is_spam: toBool(row.is_spam),
    status: row.status as Status,
  }
}

export async function getSubmission(db: Db, id: string): Promise<Submission | undefined> {
  const row = await db.k.selectFrom('contact_submissions').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toSubmission(row)
}

export async function countSubmissions(db: Db): Promise<number> {
  const row = await db.k.selectFrom('contact_submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

// ---------------------------------------------------------------------------------------------
// The admin inbox's questions (docs/admin-api.md).

export type Cursor = { createdAt: string; id: string }
export type InboxQuery = {
  view: View
  /** Words, each of which must appear in the name, phone, e-mail or message; no control characters (the route turns those into spaces). */
  words?: string[]
  status?: Status
  /** A service value, or 'none' for requests without one. */
  service?: string
  cursor?: Cursor
  limit: number
}

/** A LIKE pattern that finds `text` anywhere, with the pattern characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/**
 * A condition: `word` appears in the name, e-mail or message (any case), or, when it looks like
 * part of a phone number, its digits appear in the phone's digits ("410 555" finds
 * "(410) 555-0142"). Served by the trigram indexes of migration 005; words under 3 characters,
 * which a trigram index cannot serve, scan the table.
 */
function matches(db: Db, word: string) {
  const digits = /^[\d\s().+\-/]+$/.test(word) ? word.replace(/\D/g, '') : ''
  const phone = digits.length >= 3 ? digits : undefined
  if (db.kind === 'postgres') {
    return sql<boolean>`(search_text like lower(${containing(word)}) escape '\\'${phone ? sql` or phone_digits like ${containing(phone)}` : sql``})`
  }
  if ([...word].length >= 3) {
    const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`
    const match = `{name email message} : ${phrase(word)}${phone ? ` OR phone_digits : ${phrase(phone)}` : ''}`
    return sql<boolean>`contact_submissions.rowid in (select rowid from contact_search where contact_search match ${match})`
  }
  // SQLite's LIKE ignores ASCII case.
  const pattern = containing(word)
  return sql<boolean>`(name like ${pattern} escape '\\' or email like ${pattern} escape '\\' or message like ${pattern} escape '\\'${phone ? sql` or phone_digits like ${containing(phone)} escape '\\'` : sql``})`
}

function filtered(db: Db, query: Omit<InboxQuery, 'limit' | 'cursor'>) {
  let qb = db.k.selectFrom('contact_submissions')
  if (query.view === 'spam') qb = qb.where('is_spam', '=', true)
  else {
    qb = qb.where('is_spam', '=', false)
    if (query.view === 'unread') qb = qb.where('is_read', '=', false)
    if (query.view === 'clients') qb = qb.where('is_client', '=', true)
  }
  if (query.status) qb = qb.where('status', '=', query.status)
  if (query.service === 'none') qb = qb.where('service', 'is', null)
  else if (query.service) qb = qb.where('service', '=', query.service)
  for (const word of query.words ?? []) qb = qb.where(matches(db, word))
  return qb
}

/** One page of the inbox, newest first, and the cursor of the next page (null on the last). */
export async function listSubmissions(db: Db, query: InboxQuery): Promise<{ items: Submission[]; nextCursor: Cursor | null }> {
  let qb = filtered(db, query)
  if (query.cursor) {
    const { createdAt, id } = query.cursor
    qb = qb.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]))
  }
  const rows = await qb.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1).execute()
  const items = rows.slice(0, query.limit).map(toSubmission)
  const last = items.at(-1)
  return { items, nextCursor: rows.length > query.limit && last ? { createdAt: last.created_at, id: last.id } : null }
}

/** Every matching row, in pages (for the CSV export): memory stays flat at any size. */
export async function* allSubmissions(db: Db, query: Omit<InboxQuery, 'limit' | 'cursor'>, pageSize = 1000): AsyncGenerator<Submission[]> {
  let cursor: Cursor | undefined
  do {
    const page = await listSubmissions(db, { ...query, limit: pageSize, ...(cursor ? { cursor } : {}) })
    if (page.items.length > 0) yield page.items
    cursor = page.nextCursor ?? undefined
  } while (cursor)
}

/**
 * The tab counts, each from its partial index of migration 005 (a count of small index entries,
 * not a pass over the table). SQLite's planner prefers a table scan for these unless told.
 */
export async function inboxCounts(db: Db): Promise<Counts> {
  const count = (index: string, where: string) => (db.kind === 'sqlite' ? `(select count(*) from contact_submissions indexed by ${index} where ${where})` : `(select count(*) from contact_submissions where ${where})`)
  const { rows } = await sql
    .raw<{ total: number; unread: number; clients: number; spam: number }>(
      `select ${count('contact_submissions_inbox', 'not is_spam')} as total, ${count('contact_submissions_unread', 'not is_spam and not is_read')} as unread, ` +
        `${count('contact_submissions_clients', 'not is_spam and is_client')} as clients, ${count('contact_submissions_spam', 'is_spam')} as spam`,
    )
    .execute(db.k)
  const row = rows[0]
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0), clients: Number(row?.clients ?? 0), spam: Number(row?.spam ?? 0) }
}

/** When the newest request in the inbox came in (for the inbox to notice new ones). */
export async function latestSubmissionAt(db: Db): Promise<string | null> {
  const row = await db.k.selectFrom('contact_submissions').select('created_at').where('is_spam', '=', false).orderBy('created_at', 'desc').limit(1).executeTakeFirst()
  return row ? toIso(row.created_at) : null
}

/**
 * Applies the admin's changes and returns the row as it is now (undefined: no such row). Marking
 * read stamps `read_at` once; marking unread clears it. A request taken out of spam gets the
 * notification it never had.
 */
export async function updateSubmission(db: Db, id: string, changes: SubmissionChanges, now = new Date().toISOString()): Promise<Submission | undefined> {
  return db.transact(async (trx) => {
    const { is_read, ...rest } = changes
    const row = await trx
      .updateTable('contact_submissions')
      .set({
        ...rest,
        ...(is_read === undefined ? {} : { is_read, read_at: is_read ? sql<string>`coalesce(read_at, ${now})` : null }),
        ...(changes.is_spam === false ? { spam_reason: null } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    if (!row) return undefined
    if (changes.is_spam === false) {
      const queued = await trx.selectFrom('notification_outbox').select('id').where('submission_id', '=', id).executeTakeFirst()
      if (!queued) await enqueueNotification(trx, id, now)
    }
    return toSubmission(row)
  })
}

/** Deletes a request and its notification; false when there was no such row. */
export async function deleteSubmission(db: Db, id: string): Promise<boolean> {
  return db.transact(async (trx) => {
    await trx.deleteFrom('notification_outbox').where('submission_id', '=', id).execute()
    const result = await trx.deleteFrom('contact_submissions').where('id', '=', id).executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  })
}
