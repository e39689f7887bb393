// Queries on contact_submissions. The admin's queries join these in issue 5.
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Db } from './client.ts'
import { toBool, toIso, type ContactSubmissionsTable, type SubmissionStatus, type Tables } from './schema.ts'

/** A stored request as the server hands it on (to the admin, to the notification): the row with
 * its timestamps as ISO strings and its flags as booleans, whichever database it came from. */
export type Submission = Omit<Selectable<ContactSubmissionsTable>, 'created_at' | 'read_at' | 'updated_at' | 'is_read' | 'is_client' | 'is_spam' | 'status'> & {
  created_at: string
  read_at: string | null
  updated_at: string
  is_read: boolean
  is_client: boolean
  is_spam: boolean
  status: SubmissionStatus
}

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

export function toSubmission(row: Row): Submission {
  return {
    ...row,
    created_at: toIso(row.created_at),
    read_at: toIso(row.read_at),
    updated_at: toIso(row.updated_at),
    is_read: toBool(row.is_read),
    is_client: toBool(row.is_client),
    is_spam: toBool(row.is_spam),
    status: row.status as SubmissionStatus,
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
