// Realistic fake contact requests: in bulk, straight into the database (benchmarks, trying the
// inbox with a full table), and as request bodies for POST /api/contact. Deterministic.
import { randomUUID } from 'node:crypto'
import type { Db } from '../../src/server/db/client.ts'
import { STATUSES } from '../../src/lead/submission.ts'
import { SERVICE_OPTIONS, type ContactMessage } from '../../src/lead/message.ts'
import { validateContactMessage } from '../../src/server/contact/validate.ts'
import { emailKey, phoneKey } from '../../src/lead/customer.ts'
import { indexNewRequests } from '../../src/server/db/search-index.ts'

/** First and last names the fake requests are made of. */
export const FIRST = [
  'Dana',
  'Sam',
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'Michael',
  'Jennifer',
  'David',
  'Susan',
  'Thomas',
  'Karen',
  'Daniel',
  'Nancy',
  'Kevin',
  'Emily',
  'Brian',
  'Megan',
  'Tyler',
]
export const LAST = [
  'Whitaker',
  'Ortiz',
  'Nguyen',
  'Miller',
  'Brooks',
  'Kowalski',
  'Reed',
  'Hughes',
  'Patel',
  'Sullivan',
  'Foster',
  'Bennett',
  'Carroll',
  'Dawson',
  'Ferris',
  'Gallo',
  'Hanley',
  'Ingram',
  'Jacoby',
  'Keane',
]
const TOWNS = [
  'Bel Air',
  'Aberdeen',
  'Havre de Grace',
  'Edgewood',
  'Fallston',
  'Abingdon',
  'Forest Hill',
  'Churchville',
  'Darlington',
  'Joppa',
]
const MESSAGES = [
  'The furnace runs but only blows cold air since this morning.',
  'Our AC is making a loud rattling noise and the upstairs will not cool below 80.',
  'Looking for a quote on replacing a 20 year old heat pump in {town}.',
  'Please schedule the spring tune-up for our two systems.',
  'Water is pooling around the indoor unit. Can someone come out this week?',
  'Thermostat shows heat on but nothing happens. We have a baby at home.',
  'Interested in a maintenance plan for our restaurant in {town}.',
  'Geothermal question: what would it cost for a 2,400 sq ft house?',
  'Carbon monoxide alarm went off near the furnace last night; we opened the windows.',
  'Burning smell when the heat first comes on each morning.',
]

function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A request's source, landing page, campaign and ad click id, in proportions like a contractor's with ads. */
function attribution(rnd: () => number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T
  const landing = () => pick(['/', '/furnace-repair', '/ac-repair', '/bel-air-hvac', '/heat-pumps'])
  return () => {
    const r = rnd()
    if (r < 0.3) {
      const type = rnd() < 0.9 ? 'gclid' : pick(['gbraid', 'wbraid'])
      return {
        source: 'Google Ads',
        landing_page: landing(),
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: pick(['furnace-repair-harford', 'ac-tune-up', 'brand', 'heat-pump-install']),
        click_id_type: type,
        click_id: `Cj0KCQiA${Math.floor(rnd() * 1e12).toString(36)}${Math.floor(rnd() * 1e12).toString(36)}`,
      }
    }
    if (r < 0.6) return { source: 'Google search', landing_page: landing() }
    if (r < 0.7)
      return { source: 'Facebook', landing_page: landing(), utm_source: 'facebook', utm_campaign: 'fall-promo' }
    if (r < 0.75) return { source: 'angi.com', landing_page: landing() }
    return { source: null, landing_page: landing() }
  }
}

/** Inserts `count` requests spread over the last `days` days; returns the time it took (ms). */
export async function seedSubmissions(db: Db, count: number, { seed = 1, days = 730 } = {}): Promise<number> {
  const rnd = random(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T
  // Where each came from, from a stream of its own (the other fields stay as they were).
  const attributionOf = attribution(random(seed + 7))
  const started = performance.now()
  const batch = db.kind === 'postgres' ? 1000 : 500
  const now = Date.now()
  // Customers (decision 052): the requests with one phone number are one customer (about ten
  // requests each at 100,000), named by the first request seeded with it.
  const customers = new Map<string, string>()
  for (let done = 0; done < count; done += batch) {
    const rows = Array.from({ length: Math.min(batch, count - done) }, () => {
      const first = pick(FIRST)
      const last = pick(LAST)
      const town = pick(TOWNS)
      const created = new Date(now - Math.floor(rnd() * days * 86_400_000)).toISOString()
      const spam = rnd() < 0.03
      const client = !spam && rnd() < 0.15
      const read = rnd() < 0.9
      const status = pick(STATUSES)
      const urgent = rnd() < 0.1
      // Contacted: a first call or text some minutes to days after it came in.
      const contacted = status !== 'new' || rnd() < 0.3
      const wait = Math.floor(rnd() * rnd() * 2 * 86_400_000)
      const contactedAt = new Date(Math.min(now, Date.parse(created) + wait)).toISOString()
      const id = randomUUID()
      const phone = `(410) 555-${String(Math.floor(rnd() * 10_000)).padStart(4, '0')}`
      const email = rnd() < 0.7 ? `${first}.${last}${Math.floor(rnd() * 100)}@example.com`.toLowerCase() : null
      const customer = customers.get(phone) ?? id
      customers.set(phone, customer)
      return {
        id,
        name: `${first} ${last}`,
        phone,
        email,
        phone_key: phoneKey(phone),
        email_key: emailKey(email),
        customer_id: customer,
        service: rnd() < 0.85 ? pick(SERVICE_OPTIONS).value : null,
        message: rnd() < 0.9 ? pick(MESSAGES).replace('{town}', town) : null,
        created_at: created,
        updated_at: created,
        is_read: read,
        read_at: read ? created : null,
        status,
        is_client: client,
        client_since: client ? created.slice(0, 10) : null,
        next_delivery_date: null,
        delivery_frequency: client ? pick(['Yearly', 'Twice a year', 'Quarterly']) : null,
        delivery_notes: null,
        source_page: pick(['/contact', '/contact', '/bel-air-hvac', '/furnace-repair']),
        referrer: null,
        is_spam: spam,
        spam_reason: spam ? 'honeypot field filled in' : null,
        urgency: urgent ? 'No heat: “furnace out”' : null,
        urgent_open: urgent && !contacted,
        after_hours: rnd() < 0.4,
        first_contact_at: contacted ? contactedAt : null,
        // Business hours are about a third of the clock: near enough for a benchmark.
        response_ms: contacted ? Math.floor(wait / 3) : null,
        follow_up_on: rnd() < 0.05 ? new Date(now + (rnd() - 0.5) * 120 * 86_400_000).toISOString().slice(0, 10) : null,
        deleted_at: rnd() < 0.02 ? new Date(now - Math.floor(rnd() * 29 * 86_400_000)).toISOString() : null,
        ...attributionOf(),
        // A completed job's value (most are entered), from $89 to about $12,000, the day it was done.
        ...(status === 'completed' && contacted && Number.parseInt(contactedAt.slice(17, 19), 10) < 48
          ? { job_value_cents: 8900 + (Date.parse(contactedAt) % 1_200_000), outcome_at: contactedAt }
          : {}),
      }
    })
    // With its full-text entries on SQLite (src/server/db/search-index.ts), in the same transaction.
    await db.k.transaction().execute(async (trx) => {
      await trx.insertInto('contact_submissions').values(rows).execute()
      if (db.kind === 'sqlite') await indexNewRequests(trx)
    })
  }
  return performance.now() - started
}

const ACTIVITY: { kind: string; detail: string | null }[] = [
  { kind: 'read', detail: null },
  { kind: 'called', detail: null },
  { kind: 'texted', detail: null },
  { kind: 'status', detail: 'new → contacted' },
  { kind: 'note', detail: 'Called, left voicemail. Try again after 5.' },
  { kind: 'notified', detail: 'E-mail to office@example.com' },
  { kind: 'follow_up', detail: '2026-12-01' },
]

/**
 * Adds `count` timeline entries to the requests already there, a few per request and many on
 * some (the first one gets a thousand); returns the time it took (ms).
 */
export async function seedActivity(db: Db, count: number, { seed = 2 } = {}): Promise<number> {
  const rnd = random(seed)
  const started = performance.now()
  const ids = (await db.k.selectFrom('contact_submissions').select('id').orderBy('id').execute()).map((r) => r.id)
  if (ids.length === 0) return 0
  const batch = db.kind === 'postgres' ? 2000 : 500
  const now = Date.now()
  for (let done = 0; done < count; done += batch) {
    const rows = Array.from({ length: Math.min(batch, count - done) }, (_, i) => {
      const n = done + i
      const entry = ACTIVITY[Math.floor(rnd() * ACTIVITY.length)]!
      return {
        submission_id: n < 1000 ? ids[0]! : ids[Math.floor(rnd() * ids.length)]!,
        at: new Date(now - Math.floor(rnd() * 730 * 86_400_000)).toISOString(),
        kind: entry.kind,
        detail: entry.detail,
      }
    })
    await db.k.insertInto('submission_activity').values(rows).execute()
  }
  return performance.now() - started
}

const INITIALS = 'ABCDEFGHJKLMNPRSTW'
const SERVICES = [...SERVICE_OPTIONS.map((o) => o.value), undefined]

/** A different name for each n (first × initial × last × second last: 151,200 of them before any repeats). */
function uniqueName(n: number): { first: string; last: string; full: string } {
  const first = FIRST[n % FIRST.length]!
  const initial = INITIALS[Math.floor(n / FIRST.length) % INITIALS.length]!
  const k = Math.floor(n / (FIRST.length * INITIALS.length))
  const last = LAST[k % LAST.length]!
  const second = Math.floor(k / LAST.length) % (LAST.length + 1)
  const family = second === 0 ? last : `${last}-${LAST[second - 1]!}`
  return { first, last: family, full: `${first} ${initial}. ${family}` }
}

/** The n-th valid JSON body for POST /api/contact: varied name, phone, e-mail, service, message. */
export function contactRequestBody(n: number): string {
  const name = uniqueName(n)
  return JSON.stringify({
    name: name.full,
    phone: `(410) 555-${String(n % 10_000).padStart(4, '0')}`,
    email: `${name.first}.${name.last}.${n}@example.com`.toLowerCase(),
    service: SERVICES[n % SERVICES.length],
    message: Array.from({ length: 1 + (n % 3) }, (_, k) =>
      MESSAGES[(n * 3 + k * 7) % MESSAGES.length]!.replace('{town}', TOWNS[n % TOWNS.length]!),
    ).join(' '),
    page: '/contact',
    elapsedMs: 8_000 + (n % 50) * 1_000,
  })
}

/** The n-th contact request as the contact path takes it: contactRequestBody(n) parsed and validated. */
export function contactRequest(n: number): ContactMessage {
  const checked = validateContactMessage(JSON.parse(contactRequestBody(n)))
  if (!checked.ok) throw new Error(`request body ${n} is not valid`)
  return checked.message
}

/** 10.x.y.z from a counter: a different client address (X-Forwarded-For) for each of 16 million requests. */
export const addressOf = (n: number) => `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`
