// `npm run bench:publish [-- --rounds 3]`: how long the site editor's Publish takes for the whole
// site (issue 23): the built server started on a copy of content/ (never the project's own), a
// phone number changed and published, then undone, `--rounds` times; each publish's time as the
// server measured it (checks, render of every page, page checks, write, switch) and as the
// client waited for it. A script that prints figures, not a test.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { projectRoot, startServer } from './lib/server.ts'

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } })
const ORIGIN = 'http://localhost:3000'
const PASSWORD = 'bench publish password, long'
const root = mkdtempSync(path.join(tmpdir(), 'longbar-bench-publish-'))
const contentDir = path.join(root, 'content')
cpSync(path.join(projectRoot, 'content'), contentDir, { recursive: true })
const server = await startServer(
  { CONTENT_DIR: contentDir, PUBLIC_ORIGIN: ORIGIN, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
  { timeoutMs: 90_000 },
)
type Answer = {
  record: { data: { phone: Record<string, string> }; version: string }
  release: { ms: number; pages: number }
}
let cookie = ''
const call = async (method: string, urlPath: string, body?: unknown) => {
  const res = await fetch(server.url + urlPath, {
    method,
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  cookie = res.headers.get('set-cookie')?.split(';')[0] ?? cookie
  return { status: res.status, body: (await res.json()) as Answer }
}
try {
  if ((await call('POST', '/api/admin/login', { password: PASSWORD })).status !== 200) throw new Error('login failed')
  const times: { server: number; client: number; undo: number }[] = []
  let pages = 0
  for (let round = 0; round < Number(args.rounds); round++) {
    const { record } = (await call('GET', '/api/admin/site/records/business.yaml')).body
    // Another number each round: each publish renders a new release (an undo switches to a kept one).
    const n = String(10 + round)
    const data = {
      ...record.data,
      phone: { ...record.data.phone, display: `(443) 555-01${n}`, e164: `+144355501${n}` },
    }
    const started = performance.now()
    const published = await call('POST', '/api/admin/site/publish', {
      drafts: [{ id: 'business.yaml', data }],
      versions: { 'business.yaml': record.version },
    })
    const client = performance.now() - started
    if (published.status !== 200) throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`)
    const undoStarted = performance.now()
    const undone = await call('POST', '/api/admin/site/undo')
    if (undone.status !== 200) throw new Error(`undo: ${undone.status} ${JSON.stringify(undone.body)}`)
    times.push({
      server: published.body.release.ms,
      client: Math.round(client),
      undo: Math.round(performance.now() - undoStarted),
    })
    pages = published.body.release.pages
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  console.log(`publish of the whole site (${pages} pages), ${times.length} rounds:`)
  for (const [i, t] of times.entries())
    console.log(`  round ${i + 1}: publish ${t.server} ms on the server, ${t.client} ms waited; undo ${t.undo} ms`)
  console.log(
    `  median: publish ${median(times.map((t) => t.server))} ms (${median(times.map((t) => t.client))} ms waited), undo ${median(times.map((t) => t.undo))} ms`,
  )
} catch (error) {
  console.error(server.logs.slice(-20).join('\n'))
  throw error
} finally {
  await server.stop()
  rmSync(root, { recursive: true, force: true })
}
