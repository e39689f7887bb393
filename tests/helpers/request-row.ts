// A request row as a writer other than the contact path stores it (an import, another program, a
// test setting the scene): the columns every request has, then the test's own.
import { randomUUID } from 'node:crypto'
import type { NewSubmission } from '../../src/server/db/submissions.ts'

export function requestRow(fields: Partial<NewSubmission> & { name: string }): NewSubmission & { id: string } {
  const at = fields.created_at ?? new Date().toISOString()
  return {
    created_at: at,
    updated_at: at,
    is_read: false,
    status: 'new',
    is_client: false,
    is_spam: false,
    ...fields,
    id: fields.id ?? randomUUID(),
  }
}
