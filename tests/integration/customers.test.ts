// Customers (issue 25): requests grouped by phone or e-mail as they are stored, and a second send
// within the hour folded into the first (kept, on the first's timeline, one alert, one urgent
// card), on SQLite and PostgreSQL; and the migration that groups the requests already stored.
import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { STORAGE_KINDS, createStorage } from '../../scripts/lib/storage.ts'
import { clearRequests, suiteDb } from '../helpers/suite-db.ts'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { migratorFor } from '../../src/server/db/migrations.ts'
import type { ContactMessage } from '../../src/lead/message.ts'
import type { Db } from '../../src/server/db/client.ts'
import { emailKey, phoneKey } from '../../src/lead/customer.ts'
import { triage } from '../../src/server/contact/triage.ts'
import { parseEnv } from '../../src/server/env.ts'
import { startServer } from '../../scripts/lib/server.ts'

const MINUTE = 60_000
const base: ContactMessage = { name: 'Dana Whitaker', phone: '(410) 555-0199', elapsedMs: 8_000 }

async function send(
  db: Db,
  message: Partial<ContactMessage>,
  at: number,
  n: number,
  urgency: string | null = null,
  foldWindowMs?: number,
) {
  const full = { ...base, ...message }
  const result = await storeContactRequest(db, {
    message: full,
    clientKey: `customer-test-${n}`,
    now: new Date(at),
    overallLimits: [],
    verdict: { ...triage(full, {}, {}, at), urgency },
    foldWindowMs,
  })
  if (!result.stored) throw new Error('not stored')
  return result.id
}

const row = (db: Db, id: string) =>
  db.k
    .selectFrom('contact_submissions')
    .select(['customer_id', 'folded_into', 'phone_key', 'email_key', 'urgent_open', 'status', 'is_read'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const events = async (db: Db, id: string) =>
  (await db.k.selectFrom('notification_outbox').select('event').where('submission_id', '=', id).execute()).length
const timeline = (db: Db, id: string) =>
  db.k.selectFrom('submission_activity').select(['kind', 'detail']).where('submission_id', '=', id).execute()

describe('the keys', () => {
  it('take a phone number in any writing to its last ten digits, an e-mail address to lower case', () => {
    expect(phoneKey('(410) 555-0199')).toBe('4105550199')
    expect(phoneKey('+1 410.555.0199')).toBe('4105550199')
    expect(phoneKey('1-410-555-0199')).toBe('4105550199')
    expect(phoneKey('555-01')).toBeNull()
    expect(phoneKey(null)).toBeNull()
    expect(emailKey('  Dana@Example.COM ')).toBe('dana@example.com')
    expect(emailKey('')).toBeNull()
  })
})

describe.each(STORAGE_KINDS)('customers on %s', (kind) => {
  const suite = suiteDb(kind)
  const start = Date.parse('2026-11-24T15:00:00Z')

  it('groups requests by phone or e-mail, whatever their writing, and keeps strangers apart', async () => {
    const { db } = suite
    await clearRequests(db)
    const first = await send(db, { email: 'dana@example.com' }, start, 1)
    const byPhone = await send(db, { phone: '+1 410 555 0199' }, start + 2 * 3_600_000, 2)
    const byEmail = await send(db, { phone: '443-555-0100', email: 'DANA@example.com' }, start + 4 * 3_600_000, 3)
    const stranger = await send(db, { name: 'Lee Park', phone: '410-555-0777' }, start + 5 * 3_600_000, 4)
    expect((await row(db, first)).customer_id).toBe(first)
    expect((await row(db, byPhone)).customer_id).toBe(first)
    expect((await row(db, byEmail)).customer_id).toBe(first)
    expect((await row(db, byEmail)).phone_key).toBe('4435550100')
    expect((await row(db, stranger)).customer_id).toBe(stranger)
    // Hours apart: each is its own card with its own alert.
    for (const id of [first, byPhone, byEmail, stranger]) expect(await events(db, id)).toBe(1)
    expect((await row(db, byPhone)).folded_into).toBeNull()
  })

  it('folds a second send within the hour into the first: kept, unread, not urgent, no second alert, on the first timeline', async () => {
    const { db } = suite
    await clearRequests(db)
    const first = await send(db, { message: 'No heat' }, start, 1, 'no heat')
    const again = await send(db, { message: 'No heat at all, it is 50 degrees' }, start + 5 * MINUTE, 2, 'no heat')
    const third = await send(db, { message: 'Third try' }, start + 20 * MINUTE, 3)
    expect(await events(db, first)).toBe(1)
    expect(await events(db, again)).toBe(0)
    expect(await events(db, third)).toBe(0)
    const folded = await row(db, again)
    expect(folded.folded_into).toBe(first)
    expect(folded.customer_id).toBe(first)
    expect(Boolean(folded.urgent_open)).toBe(false)
    // SPEC's request as ever: new and unread, counted.
    expect(folded.status).toBe('new')
    expect(Boolean(folded.is_read)).toBe(false)
    expect(Boolean((await row(db, first)).urgent_open)).toBe(true)
    expect((await row(db, third)).folded_into).toBe(first)
    expect(await timeline(db, first)).toEqual(
      expect.arrayContaining([
        { kind: 'sent_again', detail: 'No heat at all, it is 50 degrees' },
        { kind: 'sent_again', detail: 'Third try' },
      ]),
    )
  })

  it('never folds with a fold window of 0, even into a request stored a moment before with a later time', async () => {
    const { db } = suite
    await clearRequests(db)
    // Two sends at once: the one that took its time a millisecond later was stored first (on
    // PostgreSQL nothing orders them), so the later-stored one's time is the earlier.
    const first = await send(db, {}, start + 1, 1, null, 0)
    const second = await send(db, {}, start, 2, null, 0)
    expect((await row(db, second)).folded_into).toBeNull()
    expect(await events(db, second)).toBe(1)
    expect((await row(db, second)).customer_id).toBe(first)
    // With a window, the same two are one send.
    const third = await send(db, {}, start, 3, null, 60 * MINUTE)
    expect((await row(db, third)).folded_into).toBe(first)
  })

  it('does not fold after the hour, into spam, or into the trash', async () => {
    const { db } = suite
    await clearRequests(db)
    const first = await send(db, {}, start, 1)
    const later = await send(db, {}, start + 61 * MINUTE, 2)
    expect((await row(db, later)).folded_into).toBeNull()
    expect(await events(db, later)).toBe(1)
    await db.k
      .updateTable('contact_submissions')
      .set({ deleted_at: new Date(start).toISOString() })
      .where('id', '=', later)
      .execute()
    const afterDeleted = await send(db, {}, start + 65 * MINUTE, 3)
    expect((await row(db, afterDeleted)).folded_into).toBeNull()
    expect((await row(db, afterDeleted)).customer_id).toBe(first)
    const spam = await send(db, { phone: '410-555-0888', website: 'http://spam.example' }, start + 70 * MINUTE, 4)
    const afterSpam = await send(db, { phone: '410-555-0888' }, start + 71 * MINUTE, 5)
    expect((await row(db, afterSpam)).folded_into).toBeNull()
    expect((await row(db, afterSpam)).customer_id).toBe(spam)
  })
})

describe.each(STORAGE_KINDS)('migration 028 on %s', (kind) => {
  it('groups the requests already stored, through shared phones and e-mails, the oldest naming the customer', async () => {
    const storage = await createStorage(kind)
    const db = storage.connect()
    try {
      const migrator = migratorFor(db)
      const to027 = await migrator.migrateTo('027_bookings')
      expect(to027.error).toBeUndefined()
      const rows = [
        ['a', 'Ann', '410-555-0101', 'ann@example.com'],
        ['b', 'Ann', '1 (410) 555-0101', null],
        ['c', 'Ann', '443-555-0102', 'ANN@example.com'],
        ['d', 'Ann', '443 555 0102', null],
        ['e', 'Bo', '410-555-0303', null],
        ['f', 'Cy', null, 'cy@example.com'],
      ] as const
      for (const [i, [letter, name, phone, email]] of rows.entries())
        await sql`insert into contact_submissions (id, name, phone, email, created_at, updated_at, is_read, status, is_client, is_spam)
          values (${uuid(letter)}, ${name}, ${phone}, ${email}, ${new Date(Date.UTC(2025, 0, 1 + i)).toISOString()}, ${new Date(Date.UTC(2025, 0, 1 + i)).toISOString()}, ${kind === 'SQLite' ? 0 : false}, 'new', ${kind === 'SQLite' ? 0 : false}, ${kind === 'SQLite' ? 0 : false})`.execute(
          db.k,
        )
      const latest = await migrator.migrateToLatest()
      expect(latest.error).toBeUndefined()
      const grouped = await db.k
        .selectFrom('contact_submissions')
        .select(['id', 'customer_id', 'phone_key', 'email_key'])
        .orderBy('created_at')
        .execute()
      expect(grouped.map((r) => r.customer_id)).toEqual([
        uuid('a'),
        uuid('a'),
        uuid('a'),
        uuid('a'),
        uuid('e'),
        uuid('f'),
      ])
      expect(grouped.map((r) => r.email_key)).toEqual([
        'ann@example.com',
        null,
        'ann@example.com',
        null,
        null,
        'cy@example.com',
      ])
      expect(grouped[1]!.phone_key).toBe('4105550101')
    } finally {
      await db.close()
      await storage.remove()
    }
  })
})

function uuid(letter: string): string {
  return `00000000-0000-4000-8000-00000000000${letter}`
}

describe('CONTACT_FOLD_MINUTES', () => {
  it('is an hour unless set; a bad value stops the start with its words', () => {
    const defaults = parseEnv({})
    expect(defaults.ok && defaults.config.contactFoldMs).toBe(3_600_000)
    const bad = parseEnv({ CONTACT_FOLD_MINUTES: 'an hour' })
    expect(bad.ok ? [] : bad.errors).toEqual([expect.stringContaining('CONTACT_FOLD_MINUTES=an hour is not valid')])
  })

  it.each([
    ['60', true],
    ['0', false],
  ] as const)(
    'at %s minutes, a second send through the form is folded: %s',
    async (minutes, folded) => {
      const server = await startServer({ CONTACT_FOLD_MINUTES: minutes, TRUST_PROXY: '1' })
      try {
        const post = (n: number) =>
          fetch(`${server.url}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${n}` },
            body: JSON.stringify({ ...base, message: `try ${n}`, page: '/contact' }),
          })
        expect((await post(1)).status).toBe(201)
        expect((await post(2)).status).toBe(201)
        const stored = server.logs.filter((line) => line.includes('contact request stored'))
        expect(stored).toHaveLength(2)
        expect(stored[1]!.includes('"foldedInto"')).toBe(folded)
      } finally {
        await server.stop()
      }
    },
    30_000,
  )
})
