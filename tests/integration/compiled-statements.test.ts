// The contact path's statements compiled once (src/server/db/compiled.ts) store what Kysely
// would have, request after request, whatever the shape; on PostgreSQL they are prepared once per
// connection, under their own names.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { triage } from '../../src/server/contact/triage.ts'
import { getSubmission } from '../../src/server/db/submissions.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { suiteDb } from '../helpers/suite-db.ts'

describe.each(STORAGE_KINDS)('statements compiled once on %s', (kind) => {
  const suite = suiteDb(kind)

  it('store each request with its own values, spam or not, with its event or without', async () => {
    const messages = [
      { name: 'First Compiled', phone: '(410) 555-0101', page: '/contact', elapsedMs: 9_000, zip: '21014' },
      { name: 'Second Compiled', phone: '(410) 555-0102', email: 'b@example.com', message: 'Furnace out' },
      { name: 'Spam Compiled', phone: '(410) 555-0103', website: 'http://spam.example' },
      { name: 'Third Compiled', phone: '(410) 555-0104', service: 'maintenance' as const, utm_source: 'google' },
    ]
    const at = Date.parse('2026-11-24T15:00:00Z')
    for (const [i, message] of messages.entries()) {
      const now = new Date(at + i * 1000)
      const verdict = { ...triage(message, { json: true }, {}, now.getTime()), afterHours: i % 2 === 1 }
      const stored = await storeContactRequest(suite.db, { message, clientKey: `compiled-${i % 2}`, now, verdict })
      if (!stored.stored) throw new Error('not stored')
      const row = await getSubmission(suite.db, stored.id)
      expect(row).toMatchObject({
        name: message.name,
        phone: message.phone,
        email: message.email ?? null,
        message: message.message ?? null,
        created_at: now.toISOString(),
        is_spam: verdict.spamReason !== null,
        after_hours: verdict.afterHours,
        suspicion: verdict.suspicion,
      })
      const events = await suite.db.k
        .selectFrom('notification_outbox')
        .select(['event', 'created_at', 'next_attempt_at', 'attempts'])
        .where('submission_id', '=', stored.id)
        .execute()
      expect(events.map((e) => ({ ...e, created_at: new Date(e.created_at).toISOString() }))).toEqual(
        verdict.spamReason
          ? []
          : [{ event: 'new', created_at: now.toISOString(), next_attempt_at: expect.anything(), attempts: 0 }],
      )
    }
    const hits = await suite.db.k
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'like', 'compiled-%')
      .execute()
    expect(hits.filter((h) => h.key === 'compiled-0').map((h) => h.count)).toEqual([2, 2])
  })
})

describe('statements compiled once on PostgreSQL', () => {
  const suite = suiteDb('PostgreSQL')

  it('are prepared once on the connection that runs them', async () => {
    for (let i = 0; i < 3; i++)
      await storeContactRequest(suite.db, {
        message: { name: `Prepared ${i}`, phone: '(410) 555-0110', page: '/contact', elapsedMs: 9_000 },
        clientKey: `prepared-${i}`,
      })
    // One request at a time: the pool has lent the same connection every time.
    const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(
      suite.db.k,
    )
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^longbar_\d+$/)]))
    expect(rows.filter((r) => r.name.startsWith('longbar_')).length).toBeGreaterThanOrEqual(2)
  })
})
