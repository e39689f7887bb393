// 016: what was last done to a request, on the request itself (docs/decisions/042-desk-first-screen.md,
// "What was done"): the last action of the office (a call and its outcome, a text,
// a status, a follow-up date) with its time and particulars, and the latest note's text.
// Written with each change (src/server/db/changes.ts), so a list page reads them with the row.
import { addColumns, types, type KindMigration } from './shared.ts'

export const lastAction: KindMigration = {
  name: '016_last_action',
  async up(db, kind) {
    const t = types(kind)
    await addColumns(db, kind, 'contact_submissions', [
      ['last_action', 'text'],
      ['last_action_at', t.timestamp],
      ['last_action_detail', 'text'],
      ['last_note', 'text'],
    ])
  },
}
