// The server: `npm start` (node src/server/main.ts). Wiring only, top-down; each step says why it
// is there, and what it does lives in the module it names.
import { createServer } from 'node:http'
import { parseEnv } from './env.ts'
import { createLogger } from './log.ts'
import { loadStaticSite } from './static-site.ts'
import { liveSite } from './live-site.ts'
import { loadServedBuildInfo, replaceBuildInfo } from './build-info.ts'
import { pageRenderer, serverEntryOf } from './page-render.ts'
import { openStorage } from './storage.ts'
import { startAlerts } from './alerts/setup.ts'
import { officeClock } from './office.ts'
import { every } from './every.ts'
import { housekeeping, HOUSEKEEPING_EVERY_MS } from './housekeeping.ts'
import { applyRetention, RETENTION_EVERY_MS } from './retention.ts'
import { healthChecks } from './health.ts'
import { createApp } from './app.ts'
import { createRequestHandler } from './http-handler.ts'
import { clientAddress, isLoopback, reportUntrustedForwarding } from './request.ts'
import { adminSession } from './admin/session.ts'
import { contactApi } from './contact/api.ts'
import { contactSentPage } from './contact/sent.ts'
import { bookingDesk } from './contact/booking.ts'
import { bookingApi, bookingPage } from './contact/booking-api.ts'
import { contactPageRenderer } from './contact/page.ts'
import { bookingLinkPage } from './booking/page.ts'
import { unsubscribePage } from './unsubscribe.ts'
import { UNSUBSCRIBE_PATH, unsubscribeLinks } from './mail/unsubscribe.ts'
import { bookingLinks } from './booking/links.ts'
import { eventsApi } from './events/api.ts'
import { adminApi } from './admin/api.ts'
import { adminPage } from './admin/page.ts'
import { drainOnSignals } from './shutdown.ts'
import { metricsApi } from './metrics-api.ts'
import { replicate, restoreIfMissing } from './replica.ts'

/** How often an instance looks for a release another one published. */
const SITE_FOLLOW_MS = 3_000

// 1. Configuration: refuse to start on any bad variable, and name them all.
const env = parseEnv(process.env)
if (!env.ok) {
  process.stderr.write(
    `The server cannot start. Fix these environment variables:\n${env.errors.map((e) => `  - ${e}`).join('\n')}\n`,
  )
  process.exit(1)
}
const { config } = env
const log = createLogger(config.logLevel)
// Forwarded headers ignored because TRUST_PROXY is false: said loudly in the log at first sight.
if (config.trustProxy === 0) reportUntrustedForwarding(log)

// 2. The prerendered site, in memory: pages are answered without touching the disk (but /admin,
//    whose answer depends on the session). The build info carries the business facts and form
//    copy the API's answers use; pages that depend on a request are rendered from the build.
//    The build is stamped with PUBLIC_ORIGIN here, so one build serves any origin (decision 041);
//    with CONTENT_DIR the site is rendered from that folder first, so it serves any business
//    (decision 048), and a folder that fails the content checks stops the start. (Its code, sharp
//    and the catalogue's loader among it, is loaded only then.)
let siteDir = config.distDir
if (config.contentDir) {
  const { makeLive, renderSite } = await import('./site-render.ts')
  const rendered = await renderSite({
    contentDir: config.contentDir,
    builtDir: config.distDir,
    origin: config.publicOrigin,
    log,
  }).catch((error: unknown) => {
    log.error('the site cannot be rendered from CONTENT_DIR; not starting', { error })
    process.stderr.write(`The site cannot be rendered from ${config.contentDir}:\n${(error as Error).message}\n`)
    process.exit(1)
  })
  siteDir = rendered.dir
  makeLive(rendered)
}
const { build, builtOrigin } = loadServedBuildInfo(siteDir, config.publicOrigin)
// Served through one object the site editor's publish replaces in one step (live-site.ts).
const startSite = loadStaticSite(siteDir, {
  https: config.publicOrigin.startsWith('https:'),
  held: ['/admin'],
  origin: { built: builtOrigin, served: config.publicOrigin },
})
const site = liveSite(startSite)
const renderer = pageRenderer(site, serverEntryOf(config.distDir))
const clock = officeClock(build.office)

// 3. Storage, brought up to date before taking any request. With LITESTREAM_REPLICA_URL (SQLite),
//    a database that is not there is restored from the replica first (a new machine, an empty
//    volume), and every change is replicated while the server runs.
const replicated =
  config.replicaUrl && config.database.kind === 'sqlite' && config.database.file !== ':memory:'
    ? config.database.file
    : undefined
if (replicated)
  await restoreIfMissing(replicated, config.replicaUrl!, log).catch((error: unknown) => {
    log.error('the database cannot be restored from LITESTREAM_REPLICA_URL; not starting', { error })
    process.exit(1)
  })
const db = await openStorage(config, log)
if (!db) process.exit(1)
const replica = replicated ? replicate(replicated, config.replicaUrl!, log) : undefined

// 3b. The site editor, with a content folder: the database's newest release is served (another
//     instance may have published it), and followed while the server runs (decision 056).
const editor = config.contentDir
  ? (await import('./editor/releases.ts')).sitePublisher({
      db,
      log,
      contentDir: config.contentDir,
      builtDir: config.distDir,
      origin: config.publicOrigin,
      site,
      https: config.publicOrigin.startsWith('https:'),
      initial: { dir: siteDir, site: startSite },
      // The request-time pages, the contact API's words and the business facts follow the release.
      onLive: (dir) => replaceBuildInfo(build, loadServedBuildInfo(dir, config.publicOrigin).build),
    })
  : undefined
await editor?.start()
const following = editor && every(SITE_FOLLOW_MS, 'site release check', () => editor.follow(), log)

// 4. Alerts: a worker sends the outbox's alerts over the channels configured; with none, they wait.
const alerts = await startAlerts({ config, build, db, log, clock })

// 5. Periodic jobs: escalations, reminders and the spam digest; housekeeping; the retention the
//    privacy notice promises (RETENTION_MONTHS), at start and then daily.
const escalation = every(30_000, 'escalation check', () => alerts.sendDue(new Date()), log)
const limits = [...config.contactLimits, ...config.contactOverallLimits, ...config.loginLimits]
const tidy = every(HOUSEKEEPING_EVERY_MS, 'housekeeping', housekeeping({ db, log, limits }), log)
const retention = every(
  RETENTION_EVERY_MS,
  'retention',
  () => applyRetention({ db, log, months: config.retentionMonths, now: new Date(), today: clock.today() }),
  log,
)
void escalation.now()
await retention.now()

// 6. The HTTP surface: the fast path for files, the app for everything else.
const { trustProxy, publicOrigin } = config
const session = adminSession({ db, log, publicOrigin, trustProxy, loginLimits: config.loginLimits })
const app = createApp({
  config,
  log,
  site,
  mayReadHealth: async (c) => isLoopback(clientAddress(c, trustProxy)) || (await session.isSignedIn(c)),
  health: healthChecks(db, alerts),
  routes: (app) => {
    const onNotificationQueued = () => alerts.worker.kick()
    const booking = bookingDesk(build.booking, build.office.timeZone)
    app.route(
      '/api/contact',
      contactApi({
        db,
        log,
        site,
        renderer,
        build,
        trustProxy,
        publicOrigin,
        limits: config.contactLimits,
        overallLimits: config.contactOverallLimits,
        foldWindowMs: config.contactFoldMs,
        onNotificationQueued,
        booking,
      }),
    )
    if (booking) {
      app.route('/api/booking', bookingApi({ db, log, desk: booking }))
      const contactPage = contactPageRenderer({ renderer, pageData: build.contactPageData })
      app.route('/contact/book', bookingPage({ db, log, desk: booking, contactPage }))
      // The customer's link in the confirmation e-mail: move or cancel the visit (docs/booking.md).
      const links = bookingLinks(db, publicOrigin)
      const deps = { db, log, renderer, build, desk: booking, links, clock, publicOrigin }
      app.route('/booking', bookingLinkPage({ ...deps, onChange: onNotificationQueued }))
    }
    // The one-click unsubscribe of the customer's e-mails (decision 051).
    const unsubscribe = unsubscribeLinks(db, publicOrigin)
    app.route(UNSUBSCRIBE_PATH, unsubscribePage({ db, log, links: unsubscribe, business: build.business }))
    const knownPage = (path: string) => site.lookup(path)?.isHtml === true
    app.route('/api/events', eventsApi({ db, log, trustProxy, publicOrigin, today: () => clock.today(), knownPage }))
    app.route('/contact/sent', contactSentPage({ db, log, renderer, build, booking }))
    app.route(
      '/api/admin',
      adminApi({
        db,
        log,
        publicOrigin,
        trustProxy,
        office: build.office,
        clock,
        session,
        push: alerts.push,
        onNotificationQueued,
        alertChannels: alerts.configured,
        booking,
        reviews: build.business.reviewUrl !== undefined,
        googleAdsConversionName: config.googleAdsConversionName,
        editor,
      }),
    )
    app.route('/metrics', metricsApi({ db, trustProxy, token: config.metricsToken }))
    app.route(
      '/admin',
      adminPage({ log, site, renderer, pageData: build.adminPageData, publicOrigin, session, db, trustProxy }),
    )
  },
})
const server = createServer(
  { keepAliveTimeout: 5_000, requestTimeout: 30_000, headersTimeout: 20_000 },
  createRequestHandler({ site, app, log }),
)

// 7. Shutdown: on SIGTERM/SIGINT finish in-flight requests and the sends in progress, close the database.
drainOnSignals(server, log, async () => {
  for (const job of [escalation, tidy, retention, following]) job?.stop()
  await alerts.stop()
  await db.close()
  await replica?.stop()
})

server.listen(config.port, config.host, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const url = `http://${config.host}:${port}`
  log.info('listening', { url, publicOrigin, pages: site.fileCount, database: db.kind, pid: process.pid })
})
