// `npm run probe:replay [-- --db sqlite|postgres|both]`: replays the reproductions of issue 20 (the
// second black-box probe, docs/security.md "The second probe") against the server started here on
// a fresh database of each kind, and prints what each answers now, one line per finding. A script
// that prints, not a test (the tests are tests/integration/probe-round-two.test.ts and the others
// docs/security.md names). Needs `npm run build` first.
import net from 'node:net'
import { parseArgs } from 'node:util'
import { RateLimited, takeHit, type Window } from '../src/server/db/rate-limits.ts'
import { housekeeping } from '../src/server/housekeeping.ts'
import { parseRateLimits } from '../src/server/db/rate-limits.ts'
import { createLogger } from '../src/server/log.ts'
import { startServer, type RunningServer } from './lib/server.ts'
import { createStorage, type StorageTarget } from './lib/storage.ts'
import { startWebhookReceiver } from './lib/webhook-receiver.ts'
import { randomBytes } from 'node:crypto'

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'both' } } })
if (!['sqlite', 'postgres', 'both'].includes(args.db)) throw new Error('--db must be sqlite, postgres or both')
const kinds: StorageTarget['name'][] =
  args.db === 'both' ? ['SQLite', 'PostgreSQL'] : args.db === 'sqlite' ? ['SQLite'] : ['PostgreSQL']

const ORIGIN = 'http://localhost:3000'
const PASSWORD = 'probe replay password, long enough'
const SECRET = `whsec_${randomBytes(32).toString('base64')}`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const say = (finding: string, text: string) => console.log(`  ${finding.padEnd(4)} ${text}`)

let n = 0
const nextAddress = () => `10.${20 + (++n >> 16)}.${(n >> 8) & 255}.${n & 255}`
const post = (url: string, path: string, body: string, headers: Record<string, string>) =>
  fetch(url + path, { method: 'POST', headers, body, redirect: 'manual' })
const contact = (url: string, fields: Record<string, unknown>, from = nextAddress(), headers = {}) =>
  post(url, '/api/contact', JSON.stringify({ phone: '(410) 555-0199', elapsedMs: 9000, page: '/contact', ...fields }), {
    'content-type': 'application/json',
    'x-forwarded-for': from,
    ...headers,
  })
const login = (url: string, password: string, from: string, cookie?: string) =>
  post(url, '/api/admin/login', JSON.stringify({ password }), {
    'content-type': 'application/json',
    origin: ORIGIN,
    'x-forwarded-for': from,
    ...(cookie ? { cookie } : {}),
  })

/** A signed-in admin's call, with the session cookie. */
async function admin(url: string) {
  const res = await login(url, PASSWORD, '192.0.2.250')
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ')
  return (method: string, path: string, body?: unknown) =>
    fetch(url + path, {
      method,
      headers: {
        origin: ORIGIN,
        'x-forwarded-for': '192.0.2.250',
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
}

/** A chunked body cut off: the headers, half a chunk, the connection closed. */
async function cutMidBody(url: string, path: string, type: string) {
  const { hostname, port } = new URL(url)
  const socket = net.connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${type}\r\nOrigin: ${ORIGIN}\r\n` +
      `Transfer-Encoding: chunked\r\n\r\n40\r\n{"name":"Half`,
  )
  await sleep(100)
  socket.destroy()
}

async function replay(kind: StorageTarget['name']) {
  console.log(`\n${kind}`)
  const storage = await createStorage(kind)
  const db = await storage.open()
  const receiver = await startWebhookReceiver(SECRET)
  const servers: RunningServer[] = []
  const start = async (env: Record<string, string>) => {
    const server = await startServer({
      DATABASE_URL: storage.databaseUrl,
      ADMIN_PASSWORD: PASSWORD,
      PUBLIC_ORIGIN: ORIGIN,
      ...env,
    })
    servers.push(server)
    return server
  }
  try {
    // 2 and 3: TRUST_PROXY left false behind a proxy; bodies cut off by their clients.
    const untrusted = await start({ CONTACT_OVERALL_LIMIT: '60/1h' })
    await contact(untrusted.url, { name: 'Behind A Proxy' }, '203.0.113.5')
    const call = await admin(untrusted.url)
    const health = (await (await call('GET', '/api/admin/alert-health')).json()) as { problems: { kind: string }[] }
    const warned = untrusted.records().filter((r) => r.alert === 'untrusted-proxy')
    say(
      '2',
      `TRUST_PROXY=false with X-Forwarded-For: ${warned.length} warning (${String(warned[0]?.level)}); banner problems: ${health.problems.map((p) => p.kind).join(', ')}`,
    )
    for (const [path, type] of [
      ['/api/contact', 'application/json'],
      ['/api/events', 'text/plain'],
      ['/api/admin/login', 'application/json'],
      ['/admin', 'application/x-www-form-urlencoded'],
    ] as const)
      await cutMidBody(untrusted.url, path, type)
    await sleep(300)
    const aborts = untrusted.records().filter((r) => String(r.msg).startsWith('client closed'))
    const errors = untrusted.records().filter((r) => r.level === 'error')
    say(
      '3',
      `4 bodies cut mid-way: logged ${aborts.map((r) => `${String(r.path)}=${String(r.level)}`).join(', ')}; error lines: ${errors.length}`,
    )
    await untrusted.stop()

    // The rest behind one trusted proxy, with Slack and Teams hooks and an unreachable mail server.
    const server = await start({
      TRUST_PROXY: '1',
      CONTACT_OVERALL_LIMIT: '60/1h',
      SMTP_URL: 'smtp://127.0.0.1:9',
      NOTIFY_EMAIL: 'office@longbar-hvac.example',
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_URLS: `slack:${receiver.url}/slack,teams:${receiver.url}/teams`,
    })
    const url = server.url

    // 1: a name that pings the channel and plants a link.
    await contact(url, {
      name: '<!channel> <https://evil.example/admin|Open the inbox>',
      message: '[Open the inbox](https://evil.example/admin)',
    })
    const hooks = await receiver.waitFor(2)
    const slack = JSON.stringify(hooks.find((h) => h.path === '/slack')?.json)
    const teams = JSON.stringify(hooks.find((h) => h.path === '/teams')?.json)
    say('1', `Slack text: ${JSON.stringify((JSON.parse(slack) as { text: string }).text.split('\n')[0])}`)
    say(
      '1',
      `Teams: raw <!channel> ${teams.includes('<!channel>')}, Markdown link ${/\]\(https?:/.test(teams)}, evil.example as a host ${teams.includes('evil.example')}`,
    )

    // 4: a form posted from another site.
    const cross = await post(
      url,
      '/api/contact',
      new URLSearchParams({
        name: 'Cross Site',
        phone: '(410) 555-0199',
        email: 'victim@example.com',
        page: '/contact',
      }).toString(),
      {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
        'x-forwarded-for': nextAddress(),
      },
    )
    const crossRow = await db.k
      .selectFrom('contact_submissions')
      .select('suspicion')
      .where('name', '=', 'Cross Site')
      .executeTakeFirst()
    const beacon = await post(url, '/api/events', JSON.stringify({ type: 'call', page: '/contact' }), {
      'content-type': 'text/plain',
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
      'user-agent': 'Mozilla/5.0',
      'x-forwarded-for': nextAddress(),
    })
    say(
      '4',
      `cross-site form: ${cross.status}, stored as "${String(crossRow?.suspicion)}"; cross-site beacon: ${beacon.status}`,
    )

    // 6: ten requests naming one stranger's address.
    for (let i = 0; i < 10; i++) await contact(url, { name: `Names A Stranger ${i}`, email: 'stranger@example.com' })
    await sleep(1_500)
    const confirmations = await db.k
      .selectFrom('notification_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('channel', '=', 'confirmation')
      .where('target', '=', 'stranger@example.com')
      .executeTakeFirstOrThrow()
    say('6', `10 requests naming stranger@example.com: ${Number(confirmations.n)} confirmation(s) queued`)

    // 5: 600 beacons with new utm_source values; 300 leads at once.
    for (let i = 0; i < 600; i++)
      await post(
        url,
        '/api/events',
        JSON.stringify({ type: 'call', page: '/contact', utm_source: `CALL 1-900-SCAM NOW ${i}` }),
        {
          'content-type': 'text/plain',
          'user-agent': 'Mozilla/5.0',
          'x-forwarded-for': nextAddress(),
        },
      )
    const labels = await db.k.selectFrom('call_counts').select('source').distinct().execute()
    say(
      '5',
      `600 beacons, new utm_source each: ${labels.length} labels stored (${labels.some((l) => l.source === 'Other') ? 'with' : 'without'} "Other")`,
    )
    const before = await db.k
      .selectFrom('contact_submissions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    const started = performance.now()
    const statuses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => contact(url, { name: `Flood ${i}` }).then((r) => r.status)),
    )
    const floodMs = performance.now() - started
    await sleep(1_500)
    const flood = await db.k
      .selectFrom('contact_submissions')
      .select(['suspicion'])
      .where('name', 'like', 'Flood %')
      .execute()
    const announced = await db.k
      .selectFrom('notification_outbox')
      .innerJoin('contact_submissions', 'contact_submissions.id', 'notification_outbox.submission_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('contact_submissions.name', 'like', 'Flood %')
      .where('notification_outbox.channel', 'is', null)
      .executeTakeFirstOrThrow()
    say(
      '5',
      `300 leads in ${(floodMs / 1000).toFixed(2)} s: ${statuses.filter((s) => s === 201).length} stored (of ${Number(before.n) + 300} rows now), ${flood.filter((r) => r.suspicion?.includes('from everyone')).length} marked possible spam, ${Number(announced.n)} announced`,
    )
    const v6 = []
    for (let i = 0; i < 41; i++)
      v6.push((await contact(url, { name: 'IPv6' }, `2001:db8:48:${i.toString(16)}::1`)).status)
    say(
      '5',
      `41 requests from 41 /64s of one /48: the 41st answers ${v6[40]} (first 40: ${new Set(v6.slice(0, 40)).size === 1 ? v6[0] : v6.join(',')})`,
    )

    // 7: the sliding window at 5/20s: 5 guesses at a window's end, then one a second.
    const window: Window = { bucket: 'replay:20s', windowMs: 20_000, max: 5, sliding: true }
    const edge = 1_800_000_000_000 - (1_800_000_000_000 % 20_000)
    const passed: number[] = []
    const attempt = async (at: number) => {
      try {
        await db.transact((trx) => takeHit(trx, 'replay', [window], at))
        passed.push(at)
      } catch (error) {
        if (!(error instanceof RateLimited)) throw error
      }
    }
    for (let i = 0; i < 5; i++) await attempt(edge + 19_000)
    for (let at = edge + 20_000; at < edge + 110_000; at += 1_000) await attempt(at)
    const most = Math.max(...passed.map((t) => passed.filter((u) => u > t - 20_000 && u <= t).length))
    say('7', `LOGIN_RATE_LIMIT=5/20s, 5 guesses then one a second: at most ${most} checked in any 20 s`)

    // 8: 300 guesses from 300 addresses while the owner signs in from a device that signed in before.
    const first = await login(url, PASSWORD, '198.51.100.200')
    const device = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('longbar_device='))
      ?.split(';')[0]
    const guessStart = performance.now()
    const guesses = Promise.all(
      Array.from({ length: 300 }, (_, i) => login(url, `guess ${i}`, nextAddress()).then((r) => r.status)),
    )
    await sleep(1_000)
    const ownerStart = performance.now()
    const owner = await login(url, PASSWORD, '198.51.100.201', device)
    const ownerMs = performance.now() - ownerStart
    const guessed = await guesses
    const guessSeconds = (performance.now() - guessStart) / 1000
    const checked = guessed.filter((s) => s === 401).length
    say(
      '8',
      `300 guesses from 300 addresses: ${checked} checked, ${guessed.filter((s) => s === 429).length} answered busy or throttled, in ${guessSeconds.toFixed(1)} s (${(checked / guessSeconds).toFixed(1)} checks/s); the owner's device: ${owner.status} in ${(ownerMs / 1000).toFixed(2)} s`,
    )

    // 9: dates and a NUL the database would refuse.
    const call2 = await admin(url)
    const { id } = await db.k.selectFrom('contact_submissions').select('id').executeTakeFirstOrThrow()
    const dates = []
    for (const field of ['follow_up_on', 'client_since', 'next_delivery_date'])
      dates.push(`${field} ${(await call2('PATCH', `/api/admin/submissions/${id}`, { [field]: '0000-01-01' })).status}`)
    const period = (await call2('GET', '/api/admin/sources?from=0000-01-01&to=0000-01-31')).status
    const nul = (await call2('POST', '/api/admin/erase', { email: 'a\u0000@example.com' })).status
    say('9', `0000-01-01: ${dates.join(', ')}, Sources period ${period}; NUL in the e-mail to erase: ${nul}`)

    // 10: push endpoints inside the network.
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' }
    const push = []
    for (const endpoint of ['https://127.0.0.1:6379/x', 'https://10.0.0.5/x', 'https://[::1]:22/x'])
      push.push(`${endpoint} ${(await call2('POST', '/api/admin/push/subscriptions', { endpoint, keys })).status}`)
    say('10', `push subscriptions: ${push.join(', ')}`)

    // 11: CONTACT_RATE_LIMIT without a day window, then the housekeeping.
    const day = 86_400_000
    await db.k
      .insertInto('rate_limits')
      .values({ bucket: 'events:1d', key: '203.0.113.80', window_start: Math.floor(Date.now() / day) * day, count: 50 })
      .execute()
    await housekeeping({
      db,
      log: createLogger('error', () => undefined),
      limits: parseRateLimits('contact', '5/10m') as Window[],
    })()
    const kept = await db.k
      .selectFrom('rate_limits')
      .select('count')
      .where('bucket', '=', 'events:1d')
      .where('key', '=', '203.0.113.80')
      .execute()
    say(
      '11',
      `CONTACT_RATE_LIMIT=5/10m, housekeeping: the beacons' daily counter ${kept.length > 0 ? 'kept' : 'pruned'}`,
    )

    // 12: the smaller ones.
    const invisible = []
    for (const name of ['\u3164\u3164\u3164', '\u2800\u2800']) invisible.push((await contact(url, { name })).status)
    await contact(url, { name: 'Line\u2028Separator' })
    const stored = await db.k
      .selectFrom('contact_submissions')
      .select('name')
      .where('name', 'like', 'Line%')
      .executeTakeFirst()
    await contact(url, { name: 'Extension', phone: '410-555-0177 ext. 12' })
    const erased = (await (await call2('POST', '/api/admin/erase', { phone: '(410) 555-0177' })).json()) as {
      erased: number
    }
    const port = []
    for (let p = 1000; p < 1006; p++) port.push((await contact(url, { name: 'Port' }, `198.51.100.77:${p}`)).status)
    say(
      '12',
      `invisible names: ${invisible.join(', ')}; U+2028 stored as ${JSON.stringify(stored?.name)}; erase by phone, number with an extension: ${erased.erased} erased; 6 requests from 198.51.100.77:<port>: ${port.join(',')}`,
    )
    const cannotReach = server.records().filter((r) => r.msg === 'alert worker cannot reach the database').length
    say('12', `"cannot reach the database" lines: ${cannotReach}`)
  } finally {
    for (const s of servers) await s.stop().catch(() => undefined)
    await receiver.close()
    await db.close()
    await storage.remove()
  }
}

for (const kind of kinds) await replay(kind)
