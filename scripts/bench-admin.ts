// `npm run bench:admin`: the inbox at 100,000 requests and 500,000 timeline entries. Seeds a fresh
// SQLite file and a fresh PostgreSQL database with realistic requests and their history, starts
// the built server on each, signs in, and times what the office does all day: the first page
// (urgent first, with the tab counts), the unread, follow-ups and trash tabs, searches, a filter,
// a later page, a status change, marking read, a call and a note recorded, a request's timeline,
// the median response times, the trash and back, "mark all as read", the counts poll. Prints the
// median and the slowest of repeated runs, as the server measured it (Server-Timing) and as the
// client saw it over loopback. The inbox's goal: under 50 ms of server time for each.
//   npm run bench:admin [-- --rows 100000 --activity 500000 --runs 25 --db sqlite|postgres|both --only <words>]
// --only times only the cases whose label contains that text (case-insensitive), e.g. `--only "a year"`.
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import type { Db } from '../src/server/db/client.ts'
import { median } from './lib/report.ts'
import { seedActivity, seedSubmissions } from './lib/seed.ts'
import { signIn } from './lib/sign-in.ts'
import { startServer } from './lib/server.ts'
import { createStorage } from './lib/storage.ts'

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    activity: { type: 'string', default: '500000' },
    runs: { type: 'string', default: '25' },
    db: { type: 'string', default: 'both' },
    only: { type: 'string' },
  },
})
const ROWS = Number(args.rows)
const ACTIVITY_ROWS = Number(args.activity)
const RUNS = Number(args.runs)
const PASSWORD = 'benchmark admin password'
const ORIGIN = 'http://localhost:3000'

type Figure = {
  label: string
  serverMedian: number
  serverMax: number
  clientMedian: number
  clientMax: number
  detail: string
}

const ms = (n: number) => n.toFixed(1).padStart(7)

const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const

/** Seeds the requests and their history, brings the statistics up to date, and picks the requests the cases act on. */
async function seed(db: Db, kind: 'sqlite' | 'postgres'): Promise<{ busiest: string; someId: string }> {
  process.stdout.write(`\n${names[kind]}: seeding ${ROWS.toLocaleString('en-US')} requests… `)
  const seedMs = await seedSubmissions(db, ROWS)
  process.stdout.write(`${(seedMs / 1000).toFixed(1)} s; ${ACTIVITY_ROWS.toLocaleString('en-US')} timeline entries… `)
  const activityMs = await seedActivity(db, ACTIVITY_ROWS)
  // What autovacuum does after a bulk insert: statistics for the planner and the visibility map
  // that lets PostgreSQL count from the partial indexes alone.
  if (kind === 'postgres') {
    await sql`vacuum analyze contact_submissions`.execute(db.k)
    await sql`vacuum analyze submission_activity`.execute(db.k)
  } else await sql`analyze`.execute(db.k)
  console.log(`${(activityMs / 1000).toFixed(1)} s`)
  // The request with the longest history (seedActivity gives the first one a thousand entries).
  const busiest = (
    await db.k
      .selectFrom('submission_activity')
      .select('submission_id')
      .groupBy('submission_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
  ).submission_id
  const someId = (
    await db.k
      .selectFrom('contact_submissions')
      .select('id')
      .where('is_spam', '=', false)
      .where('deleted_at', 'is', null)
      .limit(1)
      .executeTakeFirstOrThrow()
  ).id
  return { busiest, someId }
}

type Timed = { client: number; server: number; json: { items?: unknown[]; nextCursor?: string | null } }
type Call = (method: string, pathAndQuery: string, body?: unknown) => Promise<Timed>

/** One admin API call with the session's cookie, timed by the client and by the server (Server-Timing). */
function adminCaller(url: string, cookie: string): Call {
  return async (method, pathAndQuery, body) => {
    const started = performance.now()
    const res: Response = await fetch(url + pathAndQuery, {
      method,
      headers: { cookie, origin: ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    // The CSV routes answer text: timed the same, read whole.
    const json = (
      res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : { text: await res.text() }
    ) as Timed['json']
    const client = performance.now() - started
    if (res.status !== 200) throw new Error(`${method} ${pathAndQuery}: ${res.status}`)
    const serverMs = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1])
    return { client, server: serverMs, json }
  }
}

/** The day `n` days ago (UTC, near enough for a period), YYYY-MM-DD. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

type Case = [label: string, detail: string, run: () => Promise<Timed>]

/** What the office does all day, in the order it is timed. */
function officeDay(call: Call, { busiest, someId }: { busiest: string; someId: string }, secondPage: string): Case[] {
  return [
    ['inbox first page + counts', 'GET /api/admin/submissions', () => call('GET', '/api/admin/submissions')],
    ['unread tab', 'view=unread', () => call('GET', '/api/admin/submissions?view=unread')],
    ['search a name', 'q=whitaker dana', () => call('GET', '/api/admin/submissions?q=whitaker%20dana')],
    ['search a common word', 'q=furnace', () => call('GET', '/api/admin/submissions?q=furnace')],
    ['search a word in no row', 'q=zzqx', () => call('GET', '/api/admin/submissions?q=zzqx')],
    ['search a phone number', 'q=555-0142', () => call('GET', '/api/admin/submissions?q=555-0142')],
    [
      'filter status + service',
      'status=closed&service=maintenance',
      () => call('GET', '/api/admin/submissions?status=closed&service=maintenance'),
    ],
    ['second page (cursor)', 'cursor=…', () => call('GET', `/api/admin/submissions?cursor=${secondPage}`)],
    [
      'status change',
      'PATCH {status}',
      () => call('PATCH', `/api/admin/submissions/${someId}`, { status: 'contacted' }),
    ],
    ['mark as read', 'PATCH {is_read}', () => call('PATCH', `/api/admin/submissions/${someId}`, { is_read: true })],
    ['counts poll', 'GET /api/admin/counts', () => call('GET', '/api/admin/counts')],
    ['follow-ups tab', 'view=followups', () => call('GET', '/api/admin/submissions?view=followups')],
    ['trash tab', 'view=trash', () => call('GET', '/api/admin/submissions?view=trash')],
    ['timeline (1,000 entries)', 'GET …/activity', () => call('GET', `/api/admin/submissions/${busiest}/activity`)],
    ['sources report (30 days)', 'GET /api/admin/sources', () => call('GET', '/api/admin/sources')],
    [
      'sources report (a year)',
      'from=…&to=…',
      () => call('GET', `/api/admin/sources?from=${daysAgo(364)}&to=${daysAgo(0)}`),
    ],
    ['outcomes report (30 days)', 'GET …/sources/outcomes', () => call('GET', '/api/admin/sources/outcomes')],
    [
      'outcomes report (a year)',
      'from=…&to=…',
      () => call('GET', `/api/admin/sources/outcomes?from=${daysAgo(364)}&to=${daysAgo(0)}`),
    ],
    [
      'Google Ads file (a year)',
      'GET …/google-ads-conversions.csv',
      () => call('GET', `/api/admin/google-ads-conversions.csv?from=${daysAgo(364)}&to=${daysAgo(0)}`),
    ],
    ['median response times', 'GET /api/admin/response-times', () => call('GET', '/api/admin/response-times')],
    [
      'call recorded',
      'POST …/contacts',
      () => call('POST', `/api/admin/submissions/${someId}/contacts`, { channel: 'call' }),
    ],
    [
      'note added',
      'POST …/notes',
      () => call('POST', `/api/admin/submissions/${someId}/notes`, { text: 'Left voicemail.' }),
    ],
    [
      'to the trash and back',
      'DELETE, POST …/restore',
      async () => {
        const a = await call('DELETE', `/api/admin/submissions/${someId}`)
        const b = await call('POST', `/api/admin/submissions/${someId}/restore`)
        return { client: (a.client + b.client) / 2, server: (a.server + b.server) / 2, json: b.json }
      },
    ],
    [
      'mark all as read (a search)',
      'POST …/mark-read',
      () => call('POST', '/api/admin/submissions/mark-read', { view: 'unread', q: 'whitaker' }),
    ],
  ]
}

/** Each case once to warm up, then RUNS times: the median and the slowest, server and client. */
async function time(cases: Case[]): Promise<Figure[]> {
  const figures: Figure[] = []
  for (const [label, detail, run] of cases) {
    await run() // warm
    const server: number[] = []
    const client: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const r = await run()
      server.push(r.server)
      client.push(r.client)
    }
    figures.push({
      label,
      detail,
      serverMedian: median(server),
      serverMax: Math.max(...server),
      clientMedian: median(client),
      clientMax: Math.max(...client),
    })
  }
  return figures
}

function printFigures(figures: Figure[]): void {
  console.log(
    `${'what'.padEnd(28)} ${'server median'.padStart(13)} ${'max'.padStart(7)}  ${'client median'.padStart(13)} ${'max'.padStart(7)}   (ms, ${RUNS} runs each)`,
  )
  for (const f of figures)
    console.log(
      `${f.label.padEnd(28)} ${ms(f.serverMedian).padStart(13)} ${ms(f.serverMax)}  ${ms(f.clientMedian).padStart(13)} ${ms(f.clientMax)}`,
    )
}

async function bench(kind: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target = await createStorage(names[kind])
  try {
    const db = await target.open()
    const ids = await seed(db, kind)
    await db.close()

    const server = await startServer({
      DATABASE_URL: target.databaseUrl,
      ADMIN_PASSWORD: PASSWORD,
      PUBLIC_ORIGIN: ORIGIN,
      LOG_LEVEL: 'warn',
    })
    try {
      const call = adminCaller(server.url, await signIn(server.url, { password: PASSWORD, origin: ORIGIN }))
      const secondPage = (await call('GET', '/api/admin/submissions')).json.nextCursor!
      const only = args.only?.toLowerCase()
      const cases = officeDay(call, ids, secondPage).filter(([label]) => !only || label.toLowerCase().includes(only))
      const figures = await time(cases)
      printFigures(figures)
      return figures
    } finally {
      await server.stop()
    }
  } finally {
    await target.remove()
  }
}

const kinds = args.db === 'both' ? (['sqlite', 'postgres'] as const) : ([args.db] as ('sqlite' | 'postgres')[])
const results: Record<string, Figure[]> = {}
for (const kind of kinds) results[kind] = await bench(kind)
const worst = Object.entries(results)
  .flatMap(([kind, figures]) => figures.map((f) => ({ kind, ...f })))
  .sort((a, b) => b.serverMedian - a.serverMedian)[0]
if (worst)
  console.log(
    `\nGoal: every median under 50 ms of server time at ${ROWS.toLocaleString('en-US')} rows — ${worst.serverMedian < 50 ? 'met' : 'NOT met'} (slowest: ${worst.label} on ${worst.kind}, ${worst.serverMedian.toFixed(1)} ms)`,
  )
