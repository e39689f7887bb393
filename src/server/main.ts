// The server: `npm start` (node src/server/main.ts). Each step says why it is there.
import { createServer } from 'node:http'
import { parseEnv } from './env.ts'
import { createLogger } from './log.ts'
import { loadStaticSite } from './static-site.ts'
import { loadBuildInfo } from './build-info.ts'
import { createApp } from './app.ts'
import { createRequestHandler } from './http-handler.ts'
import { drainOnSignals } from './shutdown.ts'
import { openDatabase } from './db/client.ts'
import { migrate } from './db/migrations.ts'
import { outboxBacklog } from './db/outbox.ts'
import { pruneRateLimits } from './db/rate-limits.ts'
import { contactApi } from './contact/api.ts'
import { adminApi } from './admin/api.ts'
import { adminPage } from './admin/page.ts'
import { adminSession } from './admin/session.ts'
import { pageRenderer } from './page-render.ts'
import { officeClock } from './office.ts'
import { contactSentPage } from './contact/sent.ts'
import { purgeTrash } from './db/changes.ts'
import { TRASH_DAYS } from '../lead/submission.ts'
import { applyAdminPasswordFromEnv } from './auth/password.ts'
import { pruneSessions } from './auth/sessions.ts'
import { composeNotification } from './mail/notification.ts'
import { senderAddress, smtpSender } from './mail/transport.ts'
import { startAlertWorker } from './alerts/worker.ts'
import { emailChannel } from './alerts/email.ts'
import { webhookChannel } from './alerts/webhook.ts'
import { confirmationChannel } from './alerts/confirmation.ts'
import { composeConfirmation } from './mail/confirmation.ts'
import { announceEscalation, enqueueDueAlerts } from './alerts/escalation.ts'
import { createPushSender, pushChannel, pushSubject } from './alerts/push.ts'
import { countSubscriptions, listSubscriptions } from './db/push.ts'
import { composeSpamDigest, runSpamDigest, type DigestOutcome } from './alerts/spam-digest.ts'
import type { Channel } from './alerts/channel.ts'
import { clientAddress, isLoopback } from './request.ts'
import { eventsApi } from './events/api.ts'
import { applyRetention, RETENTION_EVERY_MS } from './retention.ts'

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

// 2. The prerendered site, in memory: pages are answered without touching the disk (but /admin,
//    whose answer depends on the session). The build info carries the business facts and form
//    copy the API's answers use; pages that depend on a request are rendered from the build.
const site = loadStaticSite(config.distDir, { https: config.publicOrigin.startsWith('https:'), held: ['/admin'] })
const build = loadBuildInfo(config.distDir)
const renderer = pageRenderer(site)

// 3. Storage: open it and bring its tables up to date before taking any request.
const db = openDatabase(config.database)
try {
  const { results = [], viewIndexes } = await migrate(db)
  for (const m of results) log.info('migration applied', { name: m.migrationName, status: m.status })
  for (const name of viewIndexes.created) log.info('inbox view index built', { name })
  for (const name of viewIndexes.dropped) log.info('inbox view index dropped', { name })
  // The admin password: ADMIN_PASSWORD (hashed; never stored in clear) or the one stored before.
  const password = await applyAdminPasswordFromEnv(db, config.adminPassword)
  if (password === 'set') log.info('admin password set from ADMIN_PASSWORD', {})
  if (password === 'missing')
    log.warn(
      'no admin password yet: set ADMIN_PASSWORD or run `npm run admin:password`; /admin refuses every login until then',
      {},
    )
} catch (error) {
  log.error('the database cannot be prepared', { database: config.database.kind, error })
  await db.close().catch(() => undefined)
  process.exit(1)
}

// 4. Alerts (docs/decisions/029-alert-channels.md): a worker fans the outbox's events out to the
//    channels configured and sends each delivery. With no channel at all, the events wait.
const channels: Channel[] = []
let mailer: ReturnType<typeof smtpSender> | undefined
/** Yesterday's spam digest, when it is due (decision 033); only with e-mail. */
let spamDigest: ((now: Date) => Promise<DigestOutcome>) | undefined
if (config.smtpUrl && config.notifyEmail) {
  mailer = smtpSender(config.smtpUrl)
  const from = senderAddress({
    mailFrom: config.mailFrom,
    smtpUrl: config.smtpUrl,
    notifyEmail: config.notifyEmail,
    company: build.business.name,
  })
  channels.push(
    emailChannel({
      to: config.notifyEmail,
      escalateTo: config.escalateEmail,
      send: mailer.send,
      compose: (submission, event, to = config.notifyEmail!) =>
        composeNotification(
          submission,
          { company: build.business.name, publicOrigin: config.publicOrigin, from, to },
          event,
        ),
    }),
  )
  const send = mailer.send
  const digestSettings = {
    company: build.business.name,
    publicOrigin: config.publicOrigin,
    from,
    to: config.notifyEmail,
    timeZone: build.office.timeZone,
  }
  spamDigest = (now) =>
    runSpamDigest(db, {
      now,
      timeZone: build.office.timeZone,
      send,
      compose: (day, items) => composeSpamDigest(day, items, digestSettings),
    })
  // The customer's confirmation (content/confirmation.yaml), Reply-To the business.
  channels.push(
    confirmationChannel({
      send: mailer.send,
      compose: (submission, to) =>
        composeConfirmation(submission, to, {
          text: build.confirmation,
          office: build.office,
          replyTo: build.business.email,
          from,
          publicOrigin: config.publicOrigin,
        }),
    }),
  )
} else {
  log.warn('SMTP_URL is not set: no alert e-mail; new requests are stored and wait in the outbox for a channel', {})
}
if (config.webhooks.length > 0 && config.webhookSecret)
  channels.push(
    webhookChannel({
      webhooks: config.webhooks,
      secret: config.webhookSecret,
      events: config.webhookEvents,
      publicOrigin: config.publicOrigin,
    }),
  )
// Web Push to the devices subscribed from the inbox (docs/decisions/030-web-push.md): always on;
// the VAPID keys are made at the first start and kept in the database.
const push = await createPushSender({ db, subject: pushSubject(config.publicOrigin, config.notifyEmail) })
channels.push(pushChannel({ db, sender: push, devices: await listSubscriptions(db) }))
const worker = startAlertWorker({ db, channels, log, announce: announceEscalation(config.escalateAfterMs) })

// 5. Housekeeping: old rate-limit windows and ended sessions are of no use. A sliding window
// also reads the window before the current one, so counters live two of the longest windows.
const rateLimitKeepMs = 2 * Math.max(...[...config.contactLimits, ...config.loginLimits].map((w) => w.windowMs))
// Requests in the trash for TRASH_DAYS are deleted for good.
const clock = officeClock(build.office)
const housekeeping = async () => {
  await Promise.all([pruneRateLimits(db.k, Date.now() - rateLimitKeepMs), pruneSessions(db)])
  const purged = await purgeTrash(db, new Date(Date.now() - TRASH_DAYS * 24 * 60 * 60_000).toISOString())
  if (purged > 0) log.info('trash purged', { requests: purged, olderThanDays: TRASH_DAYS })
}
const prune = setInterval(() => {
  housekeeping().catch((error: unknown) => log.warn('housekeeping failed', { error: (error as Error).message }))
}, 15 * 60_000)
prune.unref()
// Escalations and reminders (decision 033): at start, then every 30 s, the unread requests left
// too long get their alert event (once each, whichever instance looks first); and after 7:00
// office time, yesterday's spam digest, once.
const escalate = async () => {
  const due = await enqueueDueAlerts(db, {
    now: new Date(),
    escalateAfterMs: config.escalateAfterMs,
    businessMs: (from, to) => clock.businessMs(from, to),
  })
  if (due.escalations + due.reminders > 0) {
    log.info('unread requests alerted again', due)
    worker.kick()
  }
  const digest = await spamDigest?.(new Date())
  if (digest === 'sent') log.info('spam digest sent', {})
  if (digest === 'failed') log.warn('spam digest not sent; will retry in 5 minutes', {})
}
const escalation = setInterval(() => {
  escalate().catch((error: unknown) => log.warn('escalation check failed', { error: (error as Error).message }))
}, 30_000)
escalation.unref()
escalate().catch((error: unknown) => log.warn('escalation check failed', { error: (error as Error).message }))
// The privacy notice's promise (RETENTION_MONTHS): old requests and old call totals go, at start
// and then daily.
const retention = () =>
  applyRetention({ db, log, months: config.retentionMonths, now: new Date(), today: clock.today() }).catch(
    (error: unknown) => log.warn('retention failed', { error: (error as Error).message }),
  )
await retention()
const retentionTimer = setInterval(() => void retention(), RETENTION_EVERY_MS)
retentionTimer.unref()

// 6. The HTTP surface: fast path for files, the app for everything else.
const session = adminSession({
  db,
  log,
  publicOrigin: config.publicOrigin,
  trustProxy: config.trustProxy,
  loginLimits: config.loginLimits,
})
const app = createApp({
  config,
  log,
  site,
  mayReadHealth: async (c) => isLoopback(clientAddress(c, config.trustProxy)) || (await session.isSignedIn(c)),
  health: async () => {
    try {
      // Is the database there, what waits to be sent, and is there anywhere to send it.
      const [backlog, devices] = await Promise.all([outboxBacklog(db), countSubscriptions(db)])
      const configured = devices > 0 || channels.some((c) => c.name !== 'push')
      return {
        database: { ok: true, detail: db.kind },
        notifications: {
          ok: true,
          detail: `${backlog.pending} waiting${configured ? '' : ' (no alert channel configured)'}${backlog.oldest ? `, oldest since ${backlog.oldest}` : ''}`,
        },
      }
    } catch (error) {
      return { database: { ok: false, detail: `${db.kind}: ${(error as Error).message}` } }
    }
  },
  routes: (app) => {
    app.route(
      '/api/contact',
      contactApi({
        db,
        log,
        site,
        renderer,
        build,
        trustProxy: config.trustProxy,
        limits: config.contactLimits,
        onNotificationQueued: () => worker.kick(),
      }),
    )
    app.route(
      '/api/events',
      eventsApi({
        db,
        log,
        trustProxy: config.trustProxy,
        today: () => clock.today(),
        knownPage: (path) => site.lookup(path)?.isHtml === true,
      }),
    )
    app.route('/contact/sent', contactSentPage({ db, log, renderer, build }))
    app.route(
      '/api/admin',
      adminApi({
        db,
        log,
        publicOrigin: config.publicOrigin,
        trustProxy: config.trustProxy,
        office: build.office,
        clock,
        session,
        push,
        onNotificationQueued: () => worker.kick(),
        alertChannels: channels.map((c) => c.name),
      }),
    )
    app.route(
      '/admin',
      adminPage({ log, site, renderer, pageData: build.adminPageData, publicOrigin: config.publicOrigin, session }),
    )
  },
})
const server = createServer(
  { keepAliveTimeout: 5_000, requestTimeout: 30_000, headersTimeout: 20_000 },
  createRequestHandler({ site, app, log }),
)

// 7. Shutdown: on SIGTERM/SIGINT finish in-flight requests, let the worker finish its send, close the database.
drainOnSignals(server, log, async () => {
  clearInterval(prune)
  clearInterval(escalation)
  await worker.stop()
  clearInterval(retentionTimer)
  mailer?.close()
  await db.close()
})

server.listen(config.port, config.host, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  log.info('listening', {
    url: `http://${config.host}:${port}`,
    publicOrigin: config.publicOrigin,
    pages: site.fileCount,
    database: db.kind,
    pid: process.pid,
  })
})
