// SQLite's full-text index of the requests (contact_search, FTS5 trigram, migration 005) is fed
// once per transaction, not once per row (migration 041, decision 037's amendment "the batch's
// rows indexed in one statement"): an insert trigger made FTS5 write a segment of its own for
// every request (a fifth of the contact path's CPU); one statement indexing a batch's rows writes
// one.
//
// The rule that keeps the index whole: the rows indexed are exactly those with a rowid up to the
// largest indexed rowid (the *watermark*, the last row of FTS5's own `contact_search_docsize`,
// which holds one row per indexed request and changes with the index in the same transaction).
// A new row gets a rowid above every row of the table, so above the watermark: it waits, unindexed,
// until `indexNewRequests` indexes every row above the watermark in one statement. Every writer
// of requests calls it in its transaction before committing (the group commit before each COMMIT,
// the import, the seed), and `migrate` calls it at each start (a row some other program wrote is
// indexed then). Changes and deletions reach the index through the triggers of migration 041
// only for rows at or below the watermark: a row not indexed yet is indexed as it is when its
// turn comes (an FTS5 'delete' of a row never indexed would corrupt the index). A deleted row at
// the top lowers the watermark with it, and SQLite may give its rowid to the next row: still
// above the watermark, so indexed in turn.
//
// Search (submissions.ts) also looks through the rows above the watermark, by LIKE, so a row is
// found as soon as it is visible, whoever wrote it and whenever it is indexed.
import { CompiledQuery, type QueryResult } from 'kysely'

/** The largest rowid in the index, or 0: every row above it is not indexed yet. */
export const WATERMARK = '(select coalesce(max(id), 0) from contact_search_docsize)'

const INDEX_NEW = CompiledQuery.raw(
  `insert into contact_search (rowid, name, email, message, phone_digits) ` +
    `select rowid, name, email, message, phone_digits from contact_submissions where rowid > ${WATERMARK}`,
)
/** Anything that runs a compiled query: a Kysely instance, a transaction, a migration's database. */
type Runner = { executeQuery(query: CompiledQuery): Promise<QueryResult<unknown>> }

const HAS_INDEX = CompiledQuery.raw(
  `select 1 from sqlite_master where type = 'table' and name = 'contact_search_docsize'`,
)

/** SQLite only: indexes, in one statement, every request not in the full-text index yet (see above). */
export async function indexNewRequests(k: Runner): Promise<void> {
  await k.executeQuery(INDEX_NEW)
}

/** Whether the database has the full-text index yet (migration 005 applied). */
export async function hasSearchIndex(k: Runner): Promise<boolean> {
  return (await k.executeQuery(HAS_INDEX)).rows.length > 0
}

/**
 * `indexNewRequests` for a database whose index may not exist yet (migration 005 not applied: a
 * database the migrations have not reached): does nothing until the index is there.
 */
export function requestIndexer(): (k: Runner) => Promise<void> {
  let ready = false
  return async (k) => {
    ready ||= await hasSearchIndex(k)
    if (ready) await indexNewRequests(k)
  }
}
