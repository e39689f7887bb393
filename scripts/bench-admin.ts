// `npm run bench:admin`: the inbox at 100,000 requests. Seeds a fresh SQLite file and a fresh
// PostgreSQL database with realistic requests, starts the built server on each, signs in, and
// times what the office does all day: the first page (with the tab counts), searches, a filter,
// a later page, a status change, marking read, the counts poll. Prints the median and the
// slowest of repeated runs, as the server measured it (Server-Timing) and as the client saw it
// over loopback. Goal (issue 5): under 50 ms of server time for each at 100,000 rows.
//   npm run bench:admin [-- --rows 100000 --runs 25 --db sqlite|postgres|both]
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { median } from './lib/report.ts'
import { seedSubmissions } from './lib/seed.ts'
import { signIn, startBuiltServer } from './lib/server.ts'
import { createStorage } from '../tests/helpers/storage.ts'

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, runs: { type: 'string', default: '25' }, db: { type: 'string', default: 'both' } } })
const ROWS = Number(args.rows)
const RUNS = Number(args.runs)
const PASSWORD = 'benchmark admin password'
const ORIGIN = 'http://localhost:3000'

type Figure = { label: string; serverMedian: number; serverMax: number; clientMedian: number; clientMax: number; detail: string }

const ms = (n: number) => n.toFixed(1).padStart(7)

async function bench(kind: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target = await createStorage(kind === 'postgres' ? 'PostgreSQL' : 'SQLite')
  try {
    const db = await target.open()
    process.stdout.write(`\n${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: seeding ${ROWS.toLocaleString('en-US')} requests… `)
    const seedMs = await seedSubmissions(db, ROWS)
    // What autovacuum does after a bulk insert: statistics for the planner and the visibility map
    // that lets PostgreSQL count from the partial indexes alone.
    await (kind === 'postgres' ? sql`vacuum analyze contact_submissions` : sql`analyze`).execute(db.k)
    console.log(`${(seedMs / 1000).toFixed(1)} s`)
    const someId = (await db.k.selectFrom('contact_submissions').select('id').where('is_spam', '=', false).limit(1).executeTakeFirstOrThrow()).id
    await db.close()

    const server = await startBuiltServer({ DATABASE_URL: target.databaseUrl, ADMIN_PASSWORD: PASSWORD, PUBLIC_ORIGIN: ORIGIN, LOG_LEVEL: 'warn' })
    try {
      const cookie = await signIn(server.url, { password: PASSWORD, origin: ORIGIN })
      const call = async (method: string, pathAndQuery: string, body?: unknown) => {
        const started = performance.now()
        const res: Response = await fetch(server.url + pathAndQuery, {
          method,
          headers: { cookie, origin: ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
        const json = (await res.json()) as { items?: unknown[]; nextCursor?: string | null }
        const client = performance.now() - started
        if (res.status !== 200) throw new Error(`${method} ${pathAndQuery}: ${res.status}`)
        const serverMs = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1])
        return { client, server: serverMs, json }
      }
      const secondPage = (await call('GET', '/api/admin/submissions')).json.nextCursor as string
      const cases: [string, string, () => Promise<{ client: number; server: number; json: { items?: unknown[] } }>][] = [
        ['inbox first page + counts', 'GET /api/admin/submissions', () => call('GET', '/api/admin/submissions')],
        ['unread tab', 'view=unread', () => call('GET', '/api/admin/submissions?view=unread')],
        ['search a name', 'q=whitaker dana', () => call('GET', '/api/admin/submissions?q=whitaker%20dana')],
        ['search a common word', 'q=furnace', () => call('GET', '/api/admin/submissions?q=furnace')],
        ['search a word in no row', 'q=zzqx', () => call('GET', '/api/admin/submissions?q=zzqx')],
        ['search a phone number', 'q=555-0142', () => call('GET', '/api/admin/submissions?q=555-0142')],
        ['filter status + service', 'status=closed&service=maintenance', () => call('GET', '/api/admin/submissions?status=closed&service=maintenance')],
        ['second page (cursor)', 'cursor=…', () => call('GET', `/api/admin/submissions?cursor=${secondPage}`)],
        ['status change', 'PATCH {status}', () => call('PATCH', `/api/admin/submissions/${someId}`, { status: 'contacted' })],
        ['mark as read', 'PATCH {is_read}', () => call('PATCH', `/api/admin/submissions/${someId}`, { is_read: true })],
        ['counts poll', 'GET /api/admin/counts', () => call('GET', '/api/admin/counts')],
      ]
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
        figures.push({ label, detail, serverMedian: median(server), serverMax: Math.max(...server), clientMedian: median(client), clientMax: Math.max(...client) })
      }
      console.log(`${'what'.padEnd(28)} ${'server median'.padStart(13)} ${'max'.padStart(7)}  ${'client median'.padStart(13)} ${'max'.padStart(7)}   (ms, ${RUNS} runs each)`)
      for (const f of figures) console.log(`${f.label.padEnd(28)} ${ms(f.serverMedian).padStart(13)} ${ms(f.serverMax)}  ${ms(f.clientMedian).padStart(13)} ${ms(f.clientMax)}`)
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
const worst = Object.entries(results).flatMap(([kind, figures]) => figures.map((f) => ({ kind, ...f }))).sort((a, b) => b.serverMedian - a.serverMedian)[0]
if (worst) console.log(`\nGoal: every median under 50 ms of server time at ${ROWS.toLocaleString('en-US')} rows — ${worst.serverMedian < 50 ? 'met' : 'NOT met'} (slowest: ${worst.label} on ${worst.kind}, ${worst.serverMedian.toFixed(1)} ms)`)

