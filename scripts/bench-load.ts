// `npm run bench:load [-- --seconds 10 --warmup 2 --connections 50 --db sqlite|postgres|both --skip-nginx
//   --nginx-workers 1|auto --phases static,mix --client raw|http --cpu-prof]`: what a busy day could bring, against the
// built server, to see how far one instance goes. A script that prints figures, not a test. Needs `npm run build` first.
//
// 1. Static pages, Node vs nginx. The same list of GETs (every prerendered page of dist/client, `/`
//    and `/contact` weighted up, and the hashed /assets/ files the pages load), sent
//    with `Accept-Encoding: gzip` by the same load generator with the same settings, first to nginx
//    serving dist/client (its own temporary config, started here on 127.0.0.1, `gzip_static on`, so
//    both send the same .gz bytes), then to the built Node server; then once more to Node alone
//    with a browser's `Accept-Encoding` (brotli). Never both servers at once: they would fight for
//    the 2 cores. The load generator runs on the same machine and costs CPU in both runs; when it
//    uses a whole core it may be the limit (said in the output), so the server CPU per request is
//    printed too (user space + kernel): it compares the two servers whatever the limit was. The
//    generator is scripts/lib/load.ts with its 'raw' client (--client raw, the default): node:http
//    as a client costs ~40 µs per request, so it could not send more than ~23,000 requests/s here
//    and both servers would have looked alike; the raw one costs ~15 µs.
//    nginx runs with `worker_processes 1` by default: the Node server is one process with one event
//    loop, and on 2 cores the load generator needs the other one, so a second nginx worker would
//    fight the generator rather than add capacity (try `--nginx-workers auto` to see).
//    Goal: the Node server serves pages at no less than half of nginx's rate, with zero errors.
// 2. The busy-day mix against the Node server, on SQLite (and PostgreSQL with --db): 90% page
//    views, 7% contact requests (valid, unique names, each from its own X-Forwarded-For address with
//    TRUST_PROXY=1, so the real rate limit runs without refusing), 3% admin reads (signed in: the
//    inbox's first page and the counts poll) over a table seeded with 10,000 requests. Afterwards
//    every 2xx submission must be a stored row.
//
// Figures are written to .reports/bench-load.json. nginx is never installed by this script: when
// it is missing, the comparison is skipped with a message saying how to install it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import http from 'node:http'
import { availableParallelism, tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { countSubmissions } from '../src/server/db/submissions.ts'
import { filesIn, urlPathOf } from '../src/server/static-site.ts'
import { measureLoad, processTree, type Cpu } from './lib/cpu.ts'
import {
  checkLoadFlags,
  LOAD_FLAGS,
  type KindResult,
  type LoadRequest,
  type LoadResult,
  type Outcomes,
} from './lib/load.ts'
import { counts, ms, n0, n1, non2xx, pct, sum2xx } from './lib/report.ts'
import { addressOf, contactRequestBody, seedSubmissions } from './lib/seed.ts'
import { signIn } from './lib/sign-in.ts'
import { freePort, projectRoot, startServer, type RunningServer } from './lib/server.ts'
import { createStorage, type StorageTarget } from './lib/storage.ts'

const DIST = path.join(projectRoot, 'dist', 'client')
const PROFILE_DIR = path.join(projectRoot, '.reports', 'cpu-prof')
const REPORT_FILE = path.join(projectRoot, '.reports', 'bench-load.json')
const GOAL = { ratioToNginx: 0.5 }
const SEED_ROWS = 10_000
const ADMIN_PASSWORD = 'benchmark admin password'
const ORIGIN = 'http://localhost:3000'
/** Share of one core above which the load generator may be what limits the rate. */
const GENERATOR_BUSY_PERCENT = 90
/** Above this share of a core used by other processes, a run's figures are not the server's own. */
const BUSY_MACHINE_PERCENT = 25

const { values: args } = parseArgs({
  options: {
    ...LOAD_FLAGS,
    db: { type: 'string', default: 'sqlite' },
    'skip-nginx': { type: 'boolean', default: false },
    'nginx-workers': { type: 'string', default: '1' },
    phases: { type: 'string', default: 'static,mix' },
    client: { type: 'string', default: 'raw' },
  },
})
const { connections, seconds, warmupSeconds } = checkLoadFlags(args)
const nginxWorkers = args['nginx-workers']
const phases = new Set(args.phases.split(',').map((p) => p.trim()))
if (!['sqlite', 'postgres', 'both'].includes(args.db)) throw new Error('--db must be sqlite, postgres or both')
if (!/^(auto|[1-9]\d?)$/.test(nginxWorkers)) throw new Error('--nginx-workers must be auto or a number from 1 to 99')
if ([...phases].some((p) => p !== 'static' && p !== 'mix') || phases.size === 0)
  throw new Error('--phases is a comma-separated list of static and mix')
if (args.client !== 'raw' && args.client !== 'http') throw new Error('--client must be raw or http')
const client = args.client
type DbKind = 'sqlite' | 'postgres'
const databases = (args.db === 'both' ? ['sqlite', 'postgres'] : [args.db]) as DbKind[]
const nodeArgs = (name: string) =>
  args['cpu-prof']
    ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=server-${name}-${Date.now()}.cpuprofile`]
    : []

// ---- The pages: read from dist/client ----

/** The address of every page: each index.html outside assets/. */
const findPages = (dir: string) =>
  filesIn(dir)
    .filter((rel) => (rel === 'index.html' || rel.endsWith('/index.html')) && !rel.startsWith('assets/'))
    .map(urlPathOf)

type SiteUrls = { pages: string[]; assets: string[]; list: string[] }

/** The GETs of a busy day, in one list: every page (the error screen and the office's /admin left out), the home page and the form more often, and the hashed assets the pages load. */
function siteUrls(): SiteUrls {
  if (!existsSync(path.join(DIST, 'index.html')))
    throw new Error(
      `${DIST}/index.html is missing: run \`npm run build\` first (or wait for a build in progress to finish).`,
    )
  const pages = findPages(DIST)
    .filter((p) => p !== '/500' && p !== '/admin' && !p.startsWith('/admin/'))
    .sort()
  // The hashed assets the pages load (their <script src>, <link href>…), as a first visit fetches them.
  const referenced = new Set<string>()
  for (const p of pages) {
    const html = readFileSync(path.join(DIST, p === '/' ? 'index.html' : `${p.slice(1)}/index.html`), 'utf8')
    for (const m of html.matchAll(/["'(](\/assets\/[\w./-]+)/g))
      if (existsSync(path.join(DIST, m[1]!))) referenced.add(m[1]!)
  }
  const assets = [...referenced].sort()
  if (!pages.includes('/') || !pages.includes('/contact') || assets.length === 0)
    throw new Error(`${DIST} lacks /, /contact or a hashed asset: is a build in progress? Run \`npm run build\`.`)
  const areas = pages.filter((p) => p.endsWith('-hvac')).slice(0, 4)
  const list = [...pages, '/', '/', '/', '/', '/contact', '/contact', ...areas, ...assets]
  // Interleave deterministically, so that neighbouring requests ask for different files.
  const shuffled = list
    .map((p, i) => ({ p, k: (i * 7919) % 104729 }))
    .sort((a, b) => a.k - b.k || a.p.localeCompare(b.p))
  return { pages, assets, list: shuffled.map((x) => x.p) }
}

const BROWSER_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
}
const GZIP_HEADERS = { ...BROWSER_HEADERS, 'accept-encoding': 'gzip' }
const BROWSER_ENCODINGS = { ...BROWSER_HEADERS, 'accept-encoding': 'gzip, deflate, br, zstd' }

// ---- Raw GETs (fetch would decompress), to check both servers send the same bytes ----

type Raw = { status: number; headers: http.IncomingHttpHeaders; headerBytes: number; body: Buffer }

function getRaw(origin: string, urlPath: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}${urlPath}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        let headerBytes = 0
        for (let k = 0; k < res.rawHeaders.length; k += 2)
          headerBytes += res.rawHeaders[k]!.length + res.rawHeaders[k + 1]!.length + 4
        resolve({ status: res.statusCode ?? 0, headers: res.headers, headerBytes, body: Buffer.concat(chunks) })
      })
      res.on('error', reject)
    })
    req.setTimeout(5_000, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
  })
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex').slice(0, 16)

type Sameness = {
  urls: number
  same: number
  differences: string[]
  nodeHeaderBytes: number
  nginxHeaderBytes: number
  nodeBodyBytes: number
}

async function compareServers(nodeUrl: string, nginxUrl: string, urls: string[]): Promise<Sameness> {
  const s: Sameness = {
    urls: urls.length,
    same: 0,
    differences: [],
    nodeHeaderBytes: 0,
    nginxHeaderBytes: 0,
    nodeBodyBytes: 0,
  }
  for (const u of urls) {
    const [a, b] = await Promise.all([getRaw(nodeUrl, u, GZIP_HEADERS), getRaw(nginxUrl, u, GZIP_HEADERS)])
    s.nodeHeaderBytes += a.headerBytes / urls.length
    s.nginxHeaderBytes += b.headerBytes / urls.length
    s.nodeBodyBytes += a.body.length / urls.length
    const describe = (r: Raw) =>
      `${r.status} ${r.headers['content-encoding'] ?? 'identity'} ${r.body.length} B ${sha(r.body)}`
    if (describe(a) === describe(b) && a.status === 200) s.same++
    else s.differences.push(`${u}: Node ${describe(a)}, nginx ${describe(b)}`)
  }
  return s
}

// ---- nginx: found, configured in a temporary directory, started in the foreground ----

function findNginx(): string | undefined {
  const candidates = [
    '/usr/sbin/nginx',
    ...(process.env.PATH ?? '')
      .split(':')
      .filter(Boolean)
      .map((d) => path.join(d, 'nginx')),
  ]
  return candidates.find((c) => existsSync(c))
}

function nginxVersion(bin: string): string {
  const r = spawnSync(bin, ['-v'], { encoding: 'utf8' })
  return `${r.stderr}${r.stdout}`.trim().replace(/^nginx version:\s*/, '')
}

/** The whole configuration: nothing from /etc/nginx, every writable path in `dir`. */
function nginxConfig({
  dir,
  root,
  port,
  workers,
}: {
  dir: string
  root: string
  port: number
  workers: string
}): string {
  // As root, the master would hand the workers to `nobody`, who may not read the work tree.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : ''
  return `# Written by scripts/bench-load.ts for one run; removed afterwards.
${user}worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  types {
    text/html html; text/css css; text/javascript js; application/json json; image/svg+xml svg;
    application/xml xml; text/plain txt; image/x-icon ico; image/png png; image/webp webp;
    image/avif avif; font/woff2 woff2; application/manifest+json webmanifest;
  }
  default_type application/octet-stream;
  charset utf-8;
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  open_file_cache max=1000 inactive=60s;
  # Like the Node server: keep-alive for 5 s, no cap on requests per connection worth mentioning.
  keepalive_timeout 5s;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The precompressed .gz files written at build, as the Node server sends them; nothing compressed on the fly.
  gzip off;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / {
      # /about → about/index.html, as the Node server maps it.
      try_files $uri $uri/index.html =404;
    }
  }
}
`
}

type Nginx = { url: string; pid: number; config: string; version: string; stop(): Promise<void> }

async function startNginx(bin: string): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'longbar-nginx-'))
  const port = await freePort()
  const config = nginxConfig({ dir, root: DIST, port, workers: nginxWorkers })
  const confFile = path.join(dir, 'nginx.conf')
  writeFileSync(confFile, config)
  const child: ChildProcess = spawn(
    bin,
    ['-p', `${dir}/`, '-c', confFile, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const output: string[] = []
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()))
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()))
  let exited: number | null | undefined
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exited = code
      resolve()
    }),
  )
  const url = `http://127.0.0.1:${port}`
  const cleanUp = () => rmSync(dir, { recursive: true, force: true })
  const deadline = Date.now() + 10_000
  for (;;) {
    const status = await getRaw(url, '/', {}).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) break
    const errorLog = existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : ''
    if (exited !== undefined || Date.now() > deadline) {
      child.kill('SIGKILL')
      cleanUp()
      throw new Error(
        `nginx did not start (${exited !== undefined ? `exit code ${exited}` : `GET / answered ${status}`}):\n${output.join('')}${errorLog}`,
      )
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url,
    pid: child.pid!,
    config,
    version: nginxVersion(bin),
    async stop() {
      if (exited === undefined) {
        child.kill('SIGTERM') // fast shutdown: the master stops its workers and exits
        await exit
      }
      cleanUp()
    },
  }
}

// ---- Printing ----

const mb = (bytesPerSecond: number) => `${(bytesPerSecond / 1_000_000).toFixed(1)} MB/s`
const nErrors = (o: Outcomes) => Object.values(o.errors).reduce((a, b) => a + b, 0)
const nNon2xx = (o: Outcomes) => o.count - sum2xx(o) - nErrors(o)
const row = (label: string, value: string) => console.log(`  ${label.padEnd(24)}${value}`)

// ---- Phase 1: static pages, Node vs nginx ----

type StaticRun = {
  server: string
  acceptEncoding: string
  load: LoadResult
  cpu: Cpu
  bytesPerSecond: number
  /** Server CPU time per answer, in microseconds: all of it, in user space, in the kernel. */
  serverCpuUsPerRequest: number
  serverUserUsPerRequest: number
  serverSystemUsPerRequest: number
  /** The load generator's CPU time per request, in microseconds. */
  generatorCpuUsPerRequest: number
}

async function staticRun(
  server: string,
  url: string,
  pids: () => number[],
  headers: Record<string, string>,
  urls: string[],
): Promise<StaticRun> {
  const n = urls.length
  const { load, cpu } = await measureLoad(
    {
      url,
      client,
      connections,
      durationMs: seconds * 1000,
      warmupMs: warmupSeconds * 1000,
      makeRequest: (i): LoadRequest => ({ method: 'GET', path: urls[i % n]!, headers }),
    },
    pids,
  )
  const elapsed = load.elapsedMs / 1000
  /** µs per request from a share of one core over the measurement. */
  const perRequest = (percent: number) =>
    load.count > 0 ? ((percent / 100) * load.elapsedMs * 1000) / load.count : NaN
  return {
    server,
    acceptEncoding: headers['accept-encoding']!,
    load,
    cpu,
    bytesPerSecond: elapsed > 0 ? load.bodyBytes / elapsed : 0,
    serverCpuUsPerRequest: perRequest(cpu.server),
    serverUserUsPerRequest: perRequest(cpu.serverUser),
    serverSystemUsPerRequest: perRequest(cpu.serverSystem),
    generatorCpuUsPerRequest: perRequest(cpu.loadGenerator),
  }
}

function printStaticTable(runs: StaticRun[]): void {
  const head = `  ${'server'.padEnd(24)}${'req/s'.padStart(9)}${'p50'.padStart(7)}${'p99'.padStart(7)}${'max'.padStart(8)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}${'body'.padStart(12)}   server µs/req (user+kernel)   CPU: server / generator / interrupts / rest`
  console.log(head)
  for (const r of runs) {
    const l = r.load.latency
    console.log(
      `  ${`${r.server} (${r.acceptEncoding === 'gzip' ? 'gzip' : 'br'})`.padEnd(24)}${n1(r.load.requestsPerSecond).padStart(9)}${ms(l.p50).padStart(7)}${ms(l.p99).padStart(7)}${ms(l.max).padStart(8)}${n0(nNon2xx(r.load)).padStart(9)}${n0(nErrors(r.load)).padStart(8)}${mb(r.bytesPerSecond).padStart(12)}   ${`${n1(r.serverCpuUsPerRequest)} (${n1(r.serverUserUsPerRequest)}+${n1(r.serverSystemUsPerRequest)})`.padEnd(28)}${pct(r.cpu.server)} / ${pct(r.cpu.loadGenerator)} / ${pct(r.cpu.interrupts)} / ${pct(r.cpu.everythingElse)}`,
    )
  }
  for (const r of runs) {
    const bad = { ...non2xx(r.load), ...r.load.errors }
    if (Object.keys(bad).length > 0) row(`${r.server} failures`, counts(bad))
    if (r.cpu.loadGenerator > GENERATOR_BUSY_PERCENT)
      console.log(
        `  Note: during the ${r.server} run the load generator used ${pct(r.cpu.loadGenerator)} of a core: it may be what limits the rate (compare server µs/req).`,
      )
    if ((r.cpu.everythingElse ?? 0) > BUSY_MACHINE_PERCENT)
      console.log(
        `  Warning: other processes used ${pct(r.cpu.everythingElse)} of a core during the ${r.server} run: its figures understate what the server can do.`,
      )
  }
}

type StaticPhase = {
  urls: SiteUrls
  nginx: { skipped: string } | { version: string; workers: string; config: string; run: StaticRun; sameness: Sameness }
  node: StaticRun
  nodeBrotli: StaticRun
  ratio: number | null
  cpuRatio: number | null
  goalMet: boolean | null
  verdict: string
}

async function staticPhase(): Promise<StaticPhase> {
  const urls = siteUrls()
  console.log(
    `\nPhase 1: static pages, ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s each, one server at a time\n  ${urls.list.length} GETs in rotation: ${urls.pages.length} pages (/, /contact and ${Math.min(4, urls.pages.filter((p) => p.endsWith('-hvac')).length)} area pages more often) and ${urls.assets.length} hashed assets (${urls.assets.map((a) => path.basename(a)).join(', ')})`,
  )
  const tmp = mkdtempSync(path.join(tmpdir(), 'longbar-bench-load-'))
  const nodeServer = (profile: boolean) =>
    startServer(
      { DATABASE_URL: `file:${path.join(tmp, 'static.sqlite')}`, ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
      { nodeArgs: profile ? nodeArgs('static') : [] },
    )
  try {
    let nginxPart: StaticPhase['nginx']
    const bin = args['skip-nginx'] ? undefined : findNginx()
    if (args['skip-nginx']) nginxPart = { skipped: '--skip-nginx' }
    else if (!bin) {
      nginxPart = { skipped: 'nginx is not installed' }
      console.log(
        "\n  nginx is not installed (looked for /usr/sbin/nginx and nginx on PATH): the comparison with nginx is SKIPPED.\n  To include it, install Debian's package (as root): apt-get install -y nginx — then run this again. This script installs nothing.",
      )
    } else {
      const nginx = await startNginx(bin)
      let run: StaticRun
      let sameness: Sameness
      try {
        // Same bytes? One GET of each URL from both (Node started briefly for it, then stopped).
        const node = await nodeServer(false)
        try {
          sameness = await compareServers(node.url, nginx.url, [...new Set(urls.list)])
        } finally {
          await node.stop()
        }
        console.log(
          `\n  nginx ${nginx.version}, worker_processes ${nginxWorkers}, at ${nginx.url}\n  same status, encoding and body from both for ${sameness.same} of ${sameness.urls} URLs; mean response headers: Node ${n0(sameness.nodeHeaderBytes)} B (security headers, CSP), nginx ${n0(sameness.nginxHeaderBytes)} B; mean body ${n0(sameness.nodeBodyBytes)} B`,
        )
        for (const d of sameness.differences.slice(0, 5)) row('differs', d)
        run = await staticRun('nginx', nginx.url, () => processTree(nginx.pid), GZIP_HEADERS, urls.list)
      } finally {
        await nginx.stop()
      }
      nginxPart = { version: nginx.version, workers: nginxWorkers, config: nginx.config, run, sameness }
    }

    const server: RunningServer = await nodeServer(true)
    let node: StaticRun
    let nodeBrotli: StaticRun
    try {
      node = await staticRun('node', server.url, () => [server.pid], GZIP_HEADERS, urls.list)
      nodeBrotli = await staticRun('node', server.url, () => [server.pid], BROWSER_ENCODINGS, urls.list)
    } finally {
      await server.stop()
    }
    const problems = server.logs.filter(
      (l) => /"level":"(warn|error)"/.test(l) && !l.includes('"msg":"SMTP_URL is not set'),
    )
    console.log('')
    printStaticTable([...('run' in nginxPart ? [nginxPart.run] : []), node, nodeBrotli])
    if (problems.length > 0) row('server warnings/errors', `${problems.length}, e.g. ${problems[0]?.slice(0, 200)}`)

    const errorsAnywhere = [node, ...('run' in nginxPart ? [nginxPart.run] : [])].some(
      (r) => nNon2xx(r.load) + nErrors(r.load) > 0,
    )
    let ratio: number | null = null
    let cpuRatio: number | null = null
    let goalMet: boolean | null = null
    let verdict: string
    const goal = `Goal: Node serves pages at ≥ ${GOAL.ratioToNginx} × nginx's rate, with zero errors`
    if ('run' in nginxPart) {
      ratio = node.load.requestsPerSecond / nginxPart.run.load.requestsPerSecond
      cpuRatio = nginxPart.run.serverCpuUsPerRequest / node.serverCpuUsPerRequest
      goalMet = ratio >= GOAL.ratioToNginx && !errorsAnywhere
      const disturbed = Math.max(nginxPart.run.cpu.everythingElse ?? 0, node.cpu.everythingElse ?? 0)
      verdict = `${goal}: ${goalMet ? 'met' : 'NOT met'} (Node/nginx = ${ratio.toFixed(2)}: ${n1(node.load.requestsPerSecond)} / ${n1(nginxPart.run.load.requestsPerSecond)} req/s; ${errorsAnywhere ? 'errors or non-2xx answers' : 'zero errors'})${disturbed > BUSY_MACHINE_PERCENT ? `; disturbed: other processes used up to ${pct(disturbed)} of a core, run again on a quiet machine` : ''}`
      console.log(
        `\n  Node/nginx throughput: ${ratio.toFixed(2)}   server CPU per request, nginx/Node: ${cpuRatio.toFixed(2)} (${n1(nginxPart.run.serverCpuUsPerRequest)} vs ${n1(node.serverCpuUsPerRequest)} µs; the load generator: ${n1(nginxPart.run.generatorCpuUsPerRequest)} and ${n1(node.generatorCpuUsPerRequest)} µs)`,
      )
      if (nginxPart.run.cpu.loadGenerator > GENERATOR_BUSY_PERCENT)
        console.log(
          `  nginx was held back by the load generator (${pct(nginxPart.run.cpu.loadGenerator)} of a core), so the throughput ratio flatters Node; on equal server CPU it would be ${cpuRatio.toFixed(2)}.`,
        )
    } else
      verdict = `${goal}: not judged (nginx ${nginxPart.skipped === '--skip-nginx' ? 'skipped with --skip-nginx' : 'not installed'})`
    console.log(`  ${verdict}`)
    return { urls, nginx: nginxPart, node, nodeBrotli, ratio, cpuRatio, goalMet, verdict }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}

// ---- Phase 2: the busy-day mix ----

type MixKind = 'page' | 'contact' | 'admin list' | 'admin counts'
/** 100 slots: 90 page views, 7 contact requests, 3 admin reads (2 counts polls, 1 inbox page), spread out. */
const MIX: MixKind[] = (() => {
  const slots: MixKind[] = Array.from({ length: 100 }, () => 'page')
  for (const at of [7, 21, 35, 50, 64, 78, 92]) slots[at] = 'contact'
  slots[14] = 'admin counts'
  slots[57] = 'admin list'
  slots[85] = 'admin counts'
  return slots
})()

type MixRun = {
  database: DbKind
  seededRows: number
  load: LoadResult
  cpu: Cpu
  contact2xx: { measured: number; warmup: number; total: number }
  storedRows: number
  storedEqualsTwoXx: boolean
  sampleFailures: string[]
  serverLogLines: { warn: number; error: number; other: number }
}

/** A fresh database of `kind` with SEED_ROWS requests in it and its statistics up to date. */
async function seededStorage(kind: DbKind): Promise<StorageTarget> {
  const storage = await createStorage(kind === 'postgres' ? 'PostgreSQL' : 'SQLite')
  try {
    const seedDb = await storage.open()
    try {
      await seedSubmissions(seedDb, SEED_ROWS)
      await (kind === 'postgres' ? sql`vacuum analyze contact_submissions` : sql`analyze`).execute(seedDb.k)
    } finally {
      await seedDb.close()
    }
    return storage
  } catch (error) {
    await storage.remove()
    throw error
  }
}

/** Signs in as the office would, checks the session works, and returns the admin requests' headers. */
async function adminHeadersFor(server: RunningServer): Promise<Record<string, string>> {
  const cookie = await signIn(server.url, {
    password: ADMIN_PASSWORD,
    origin: ORIGIN,
    headers: { 'x-forwarded-for': '192.0.2.1' },
  })
  const check = await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })
  if (check.status !== 200) throw new Error(`signed-in GET /api/admin/submissions answered ${check.status}`)
  return {
    ...BROWSER_HEADERS,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd',
    cookie,
    'x-forwarded-for': '192.0.2.1',
  }
}

/** The i-th request of the mix: its kind from MIX, each kind taking its own turns. */
function mixRequests(pageList: string[], adminHeaders: Record<string, string>): (i: number) => LoadRequest {
  const pages = pageList.length
  let pageTurn = 0
  let adminTurn = 0
  let contactTurn = 0
  return (i) => {
    switch (MIX[i % 100]) {
      case 'contact': {
        const n = contactTurn++
        return {
          method: 'POST',
          path: '/api/contact',
          headers: {
            ...BROWSER_HEADERS,
            'content-type': 'application/json',
            accept: 'application/json',
            origin: ORIGIN,
            'x-forwarded-for': addressOf(n),
          },
          body: contactRequestBody(n),
        }
      }
      case 'admin list':
        return {
          method: 'GET',
          path: adminTurn++ % 4 === 3 ? '/api/admin/submissions?view=unread' : '/api/admin/submissions',
          headers: adminHeaders,
        }
      case 'admin counts':
        return { method: 'GET', path: '/api/admin/counts', headers: adminHeaders }
      default:
        return { method: 'GET', path: pageList[pageTurn++ % pages]!, headers: BROWSER_ENCODINGS }
    }
  }
}

/** Runs the mix against the server, keeping the first few failed answers as examples. */
async function loadMix(
  server: RunningServer,
  pageList: string[],
): Promise<{ load: LoadResult; cpu: Cpu; sampleFailures: string[] }> {
  const sampleFailures: string[] = []
  const makeRequest = mixRequests(pageList, await adminHeadersFor(server))
  const { load, cpu } = await measureLoad(
    {
      url: server.url,
      client,
      connections,
      durationMs: seconds * 1000,
      warmupMs: warmupSeconds * 1000,
      makeRequest,
      kindOf: (i) => MIX[i % 100] as string,
      onResponse: (i, status, body) => {
        if ((status < 200 || status >= 300) && sampleFailures.length < 5)
          sampleFailures.push(`${MIX[i % 100]} ${status} ${body.toString().slice(0, 160)}`)
      },
    },
    () => [server.pid],
  )
  return { load, cpu, sampleFailures }
}

/** The rows the run added to the seeded table. */
async function rowsAdded(storage: StorageTarget): Promise<number> {
  const db = await storage.open()
  try {
    return (await countSubmissions(db)) - SEED_ROWS
  } finally {
    await db.close()
  }
}

/** The contact requests answered 2xx, measured and in the warm-up. */
function contactTwoXx(load: LoadResult): MixRun['contact2xx'] {
  const contact = load.byKind?.contact
  const measured = contact ? sum2xx(contact) : 0
  const warmup = contact ? sum2xx(contact.warmup) : 0
  return { measured, warmup, total: measured + warmup }
}

/** The server's log lines by level, the expected warning that SMTP_URL is not set left out. */
function logLineCounts(lines: string[]): MixRun['serverLogLines'] {
  const serverLogLines = { warn: 0, error: 0, other: 0 }
  for (const line of lines) {
    if (line.includes('"msg":"SMTP_URL is not set')) continue
    const level = /"level":"(\w+)"/.exec(line)?.[1]
    if (level === 'warn' || level === 'error') serverLogLines[level]++
    else serverLogLines.other++
  }
  return serverLogLines
}

async function mixRun(kind: DbKind, pageList: string[]): Promise<MixRun> {
  const storage = await seededStorage(kind)
  try {
    const server = await startServer(
      { DATABASE_URL: storage.databaseUrl, TRUST_PROXY: '1', ADMIN_PASSWORD, PUBLIC_ORIGIN: ORIGIN, LOG_LEVEL: 'warn' },
      { nodeArgs: nodeArgs(`mix-${kind}`) },
    )
    const logsBefore = server.logs.length
    let run: Awaited<ReturnType<typeof loadMix>>
    try {
      run = await loadMix(server, pageList)
    } finally {
      await server.stop()
    }
    const storedRows = await rowsAdded(storage)
    const contact2xx = contactTwoXx(run.load)
    return {
      database: kind,
      seededRows: SEED_ROWS,
      load: run.load,
      cpu: run.cpu,
      contact2xx,
      storedRows,
      storedEqualsTwoXx: storedRows === contact2xx.total,
      sampleFailures: run.sampleFailures,
      serverLogLines: logLineCounts(server.logs.slice(logsBefore)),
    }
  } finally {
    await storage.remove()
  }
}

const DB_LABEL: Record<DbKind, string> = { sqlite: 'SQLite (file, WAL)', postgres: 'PostgreSQL (127.0.0.1:5432)' }

function printMix(r: MixRun): void {
  const { load } = r
  console.log(
    `\n  ${DB_LABEL[r.database]}, ${n0(r.seededRows)} requests seeded: ${connections} connections, ${seconds} s measured after ${warmupSeconds} s of warm-up`,
  )
  console.log(
    `  ${'kind'.padEnd(14)}${'share'.padStart(7)}${'req/s'.padStart(9)}${'p50'.padStart(7)}${'p90'.padStart(7)}${'p99'.padStart(8)}${'max'.padStart(8)}   statuses; errors`,
  )
  const line = (label: string, k: KindResult) =>
    console.log(
      `  ${label.padEnd(14)}${`${Math.round((k.count * 100) / Math.max(1, load.count))}%`.padStart(7)}${n1(k.requestsPerSecond).padStart(9)}${ms(k.latency.p50).padStart(7)}${ms(k.latency.p90).padStart(7)}${ms(k.latency.p99).padStart(8)}${ms(k.latency.max).padStart(8)}   ${counts(k.statusCounts)}; ${counts(k.errors)}`,
    )
  for (const [label, k] of Object.entries(load.byKind ?? {})) line(label, k)
  line('all', { ...load })
  const warmBad = { ...non2xx(load.warmup), ...load.warmup.errors }
  if (Object.keys(warmBad).length > 0) row('warm-up failures', counts(warmBad))
  for (const f of r.sampleFailures) row('e.g.', f)
  row(
    'contact 2xx',
    `${n0(r.contact2xx.measured)} measured + ${n0(r.contact2xx.warmup)} in warm-up = ${n0(r.contact2xx.total)}; rows added: ${n0(r.storedRows)}`,
  )
  console.log(
    `  2xx submissions = stored rows: ${r.storedEqualsTwoXx ? 'yes' : `NO (${n0(r.contact2xx.total)} 2xx, ${n0(r.storedRows)} rows)`}`,
  )
  row(
    'CPU (% of one core)',
    `server ${pct(r.cpu.server)}, load generator ${pct(r.cpu.loadGenerator)},${r.database === 'postgres' ? ` postgres ${pct(r.cpu.postgres)},` : ''} interrupts ${pct(r.cpu.interrupts)}, everything else ${pct(r.cpu.everythingElse)} (machine ${pct(r.cpu.machineBusy)} of ${r.cpu.cores * 100}%)`,
  )
  if ((r.cpu.everythingElse ?? 0) > BUSY_MACHINE_PERCENT)
    console.log(
      `  Warning: other processes used ${pct(r.cpu.everythingElse)} of a core meanwhile: these figures understate what the server can do.`,
    )
  if (r.serverLogLines.warn + r.serverLogLines.error + r.serverLogLines.other > 0)
    row('server log lines', counts(r.serverLogLines))
}

// ---- Main ----

const started = performance.now()
console.log(
  `Busy-day load benchmark: ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s per run; Node ${process.version}; ${availableParallelism()} cores; phases: ${[...phases].join(', ')}`,
)
let staticFigures: StaticPhase | undefined
if (phases.has('static')) staticFigures = await staticPhase()
const mixFigures: MixRun[] = []
if (phases.has('mix')) {
  const pageList = siteUrls().list
  console.log(
    `\nPhase 2: the busy-day mix on the Node server: 90% page views (browser Accept-Encoding), 7% contact requests, 3% admin reads (${SEED_ROWS.toLocaleString('en-US')} requests seeded)`,
  )
  for (const kind of databases) {
    const r = await mixRun(kind, pageList)
    printMix(r)
    mixFigures.push(r)
  }
}

console.log('\nSummary')
if (staticFigures) {
  const s = staticFigures
  if ('run' in s.nginx)
    console.log(
      `  static, nginx (gzip):   ${n1(s.nginx.run.load.requestsPerSecond).padStart(9)} req/s  p50 ${ms(s.nginx.run.load.latency.p50)}  p99 ${ms(s.nginx.run.load.latency.p99)} ms  errors ${n0(nErrors(s.nginx.run.load) + nNon2xx(s.nginx.run.load))}`,
    )
  console.log(
    `  static, Node (gzip):    ${n1(s.node.load.requestsPerSecond).padStart(9)} req/s  p50 ${ms(s.node.load.latency.p50)}  p99 ${ms(s.node.load.latency.p99)} ms  errors ${n0(nErrors(s.node.load) + nNon2xx(s.node.load))}`,
  )
  console.log(
    `  static, Node (br):      ${n1(s.nodeBrotli.load.requestsPerSecond).padStart(9)} req/s  p50 ${ms(s.nodeBrotli.load.latency.p50)}  p99 ${ms(s.nodeBrotli.load.latency.p99)} ms  errors ${n0(nErrors(s.nodeBrotli.load) + nNon2xx(s.nodeBrotli.load))}`,
  )
  console.log(`  ${s.verdict}`)
}
for (const r of mixFigures) {
  const bad = nErrors(r.load) + nNon2xx(r.load)
  console.log(
    `  mix on ${r.database.padEnd(8)}        ${n1(r.load.requestsPerSecond).padStart(9)} req/s  p50 ${ms(r.load.latency.p50)}  p99 ${ms(r.load.latency.p99)} ms  non-2xx + errors ${n0(bad)}; 2xx submissions = stored rows: ${r.storedEqualsTwoXx ? 'yes' : 'NO'}`,
  )
}
console.log(`  (run took ${((performance.now() - started) / 1000).toFixed(0)} s)`)

mkdirSync(path.dirname(REPORT_FILE), { recursive: true })
writeFileSync(
  REPORT_FILE,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cores: availableParallelism(), connections, seconds, warmupSeconds, goal: GOAL, static: staticFigures, mix: mixFigures }, null, 2)}\n`,
)
console.log(`Figures written to ${path.relative(process.cwd(), REPORT_FILE)}`)
if (args['cpu-prof']) console.log(`Server CPU profiles in ${path.relative(process.cwd(), PROFILE_DIR)}`)
if (mixFigures.some((r) => !r.storedEqualsTwoXx)) process.exitCode = 1
