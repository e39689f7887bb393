// The alerts as the configuration sets them up (docs/decisions/029-alert-channels.md, 033): each
// channel made from its settings (e-mail and the customer's confirmation with SMTP_URL and
// NOTIFY_EMAIL, webhooks with WEBHOOK_URLS and WEBHOOK_SECRET, push always), the worker that
// sends the outbox's alerts over them, and the periodic look for escalations, reminders and
// yesterday's spam digest. A channel added to ALERT_CHANNELS does not compile until CHANNELS
// below can make it.
import type { AlertChannel } from '../../lead/alerts.ts'
import type { BuildInfo } from '../build-info.ts'
import type { Db } from '../db/client.ts'
import { listSubscriptions } from '../db/push.ts'
import type { Config } from '../env.ts'
import type { Logger } from '../log.ts'
import { composeConfirmation } from '../mail/confirmation.ts'
import { composeReviewRequest, composeVisitReminder, type CustomerMailSettings } from '../mail/customer.ts'
import { unsubscribeHeaders, unsubscribeLinks } from '../mail/unsubscribe.ts'
import { enqueueVisitReminders, isSuppressed } from '../db/customer-mail.ts'
import type { Submission } from '../db/submissions.ts'
import { bookingLinks } from '../booking/links.ts'
import { bookingsOf } from '../db/bookings.ts'
import { composeNotification } from '../mail/notification.ts'
import { composeMissedTap, composeTestAlert } from '../mail/alert-test.ts'
import { senderAddress, smtpSender, type SendMail } from '../mail/transport.ts'
import type { OfficeClock } from '../office.ts'
import type { Channel } from './channel.ts'
import { confirmationChannel } from './confirmation.ts'
import { emailChannel } from './email.ts'
import { announceEscalation, enqueueDueAlerts } from './escalation.ts'
import { channelsInUse, reachesOffice } from './health.ts'
import { createPushSender, pushChannel, pushSubject, pushTestSender, type PushSender } from './push.ts'
import { runDailyTest, type TestSender } from './daily-test.ts'
import { composeSpamDigest, runSpamDigest } from './spam-digest.ts'
import { webhookChannel, webhookTestSender } from './webhook.ts'
import { startAlertWorker, type AlertWorker } from './worker.ts'

export type AlertsDeps = { config: Config; build: BuildInfo; db: Db; log: Logger; clock: OfficeClock }

/** The office's mail: the connection and the sender's address. */
type Mail = { send: SendMail; from: string; to: string; close(): void }

/** What every channel may be made from. */
type Parts = AlertsDeps & {
  mail: Mail | undefined
  push: PushSender
  /** The devices subscribed at start, so that the timeline names them from the first delivery. */
  devices: { id: number; device: string }[]
}

/** How each channel is made from the configuration, or undefined when it is not set up. */
const CHANNELS: { [Name in AlertChannel]: (parts: Parts) => Channel<Name> | undefined } = {
  email: ({ config, build, mail }) =>
    mail &&
    emailChannel({
      to: mail.to,
      escalateTo: config.escalateEmail,
      send: mail.send,
      compose: (submission, event, to = mail.to, change) =>
        composeNotification(
          submission,
          { company: build.business.name, publicOrigin: config.publicOrigin, from: mail.from, to },
          event,
          change,
        ),
    }),
  // The customer's e-mails, Reply-To the business: the confirmation (content/confirmation.yaml),
  // with the window booked, if any, its calendar file and the customer's link (docs/booking.md);
  // a completed job's review request and a client's visit reminder (decision 051). Each with
  // the one-click unsubscribe; none to an address that unsubscribed.
  confirmation: ({ config, build, db, mail }) => {
    if (!mail) return undefined
    const settings = {
      text: build.confirmation,
      office: build.office,
      replyTo: build.business.email,
      from: mail.from,
      publicOrigin: config.publicOrigin,
      ...(build.booking ? { booking: { rules: build.booking, business: build.business } } : {}),
    }
    const links = build.booking && bookingLinks(db, config.publicOrigin)
    const unsubscribe = unsubscribeLinks(db, config.publicOrigin)
    const { reviewUrl } = build.business
    const customer: CustomerMailSettings = {
      company: build.business.name,
      phone: build.business.phone.display,
      replyTo: build.business.email,
      from: mail.from,
      publicOrigin: config.publicOrigin,
      reviewUrl,
      booking: build.booking !== undefined,
    }
    /** The confirmation, as it is now: the window booked, none once cancelled (by the office, before the e-mail went). */
    const confirmation = async (submission: Submission, to: string) => {
      const booking = links && (await bookingsOf(db, [submission.id])).get(submission.id)
      if (!links || !booking || booking.status === 'cancelled') return composeConfirmation(submission, to, settings)
      const link = await links.url(submission.id, Date.now())
      return composeConfirmation(submission, to, settings, { booking, link })
    }
    return confirmationChannel({
      send: mail.send,
      compose: async (submission, to, event, detail) => {
        const url = await unsubscribe.url(to)
        if (event === 'review' && reviewUrl)
          return composeReviewRequest(submission, to, { ...customer, reviewUrl }, url)
        if (event === 'visit' && detail) return composeVisitReminder(submission, to, detail, customer, url)
        const mail = await confirmation(submission, to)
        return { ...mail, headers: { ...mail.headers, ...unsubscribeHeaders(url) } }
      },
      suppressed: (address) => isSuppressed(db.k, address),
      reviews: reviewUrl !== undefined,
    })
  },
  webhook: ({ config }) =>
    config.webhooks.length > 0 && config.webhookSecret
      ? webhookChannel({
          webhooks: config.webhooks,
          secret: config.webhookSecret,
          events: config.webhookEvents,
          publicOrigin: config.publicOrigin,
        })
      : undefined,
  // Web Push to the devices subscribed from the inbox (decision 030): always on; the VAPID keys
  // are made at the first start and kept in the database.
  push: ({ db, push, devices }) => pushChannel({ db, sender: push, devices }),
}

/** The daily test alert's part of each channel that tells the office (decision 047); not the customer's confirmation. */
function testSenders(parts: Parts): TestSender[] {
  const { config, db, mail, push } = parts
  const senders: TestSender[] = []
  if (mail) {
    const settings = mailSettings(parts, mail)
    senders.push({
      channel: 'email',
      async send({ day }) {
        const what = `E-mail to ${mail.to}`
        try {
          await mail.send(composeTestAlert(day, settings))
          return [{ what }]
        } catch (error) {
          return [{ what, error: (error as Error).message }]
        }
      },
    })
  }
  if (config.webhooks.length > 0 && config.webhookSecret)
    senders.push(
      webhookTestSender({ webhooks: config.webhooks, secret: config.webhookSecret, publicOrigin: config.publicOrigin }),
    )
  senders.push(pushTestSender({ db, sender: push }))
  return senders
}

export type Alerts = {
  /** The channels set up, in the order the worker fans out to them. */
  configured: AlertChannel[]
  push: PushSender
  worker: AlertWorker
  /** Writes the escalations and reminders due, and sends yesterday's spam digest and today's test alert when it is time. */
  sendDue(now: Date): Promise<void>
  /** Whether any channel in use tells the office of a new request now. */
  reachOffice(): Promise<boolean>
  stop(): Promise<void>
}

/** What the office's own e-mails (digest, test alert) are written with. */
const mailSettings = ({ config, build }: AlertsDeps, mail: Mail) => ({
  company: build.business.name,
  publicOrigin: config.publicOrigin,
  from: mail.from,
  to: mail.to,
})

function openMail({ config, build }: AlertsDeps): Mail | undefined {
  if (!config.smtpUrl || !config.notifyEmail) return undefined
  const smtp = smtpSender(config.smtpUrl)
  const from = senderAddress({
    mailFrom: config.mailFrom,
    smtpUrl: config.smtpUrl,
    notifyEmail: config.notifyEmail,
    company: build.business.name,
  })
  return { send: smtp.send, close: () => smtp.close(), from, to: config.notifyEmail }
}

export async function startAlerts(deps: AlertsDeps): Promise<Alerts> {
  const { config, build, db, log, clock } = deps
  const mail = openMail(deps)
  if (!mail)
    log.warn('SMTP_URL is not set: no alert e-mail; new requests are stored and wait in the outbox for a channel', {})
  const push = await createPushSender({
    db,
    subject: pushSubject(config.publicOrigin, config.notifyEmail),
    privateHosts: config.pushPrivateHosts,
  })
  const parts: Parts = { ...deps, mail, push, devices: await listSubscriptions(db) }
  const channels = (Object.keys(CHANNELS) as AlertChannel[])
    .map((name): Channel | undefined => CHANNELS[name](parts))
    .filter((channel) => channel !== undefined)
  const worker = startAlertWorker({ db, channels, log, announce: announceEscalation(config.escalateAfterMs) })
  const configured = channels.map((c) => c.name)
  const senders = config.dailyTestAlert ? testSenders(parts) : []

  /** Yesterday's spam digest, when it is due (decision 033); only with e-mail. */
  async function sendDigest(now: Date) {
    if (!mail) return
    const settings = mailSettings(deps, mail)
    const timeZone = build.office.timeZone
    const outcome = await runSpamDigest(db, {
      now,
      timeZone,
      send: mail.send,
      compose: (day, items) => composeSpamDigest(day, items, { ...settings, timeZone }),
    })
    if (outcome === 'sent') log.info('spam digest sent', {})
    if (outcome === 'failed') log.warn('spam digest not sent; will retry in 5 minutes', {})
  }

  /** Today's test alert, when it is due (decision 047), and the e-mail of a test push nobody tapped. */
  async function sendDailyTest(now: Date) {
    if (!config.dailyTestAlert) return
    const outcome = await runDailyTest(db, {
      now,
      office: build.office,
      senders,
      mailMissedTap: mail && ((test) => mail.send(composeMissedTap(test, mailSettings(deps, mail)))),
    })
    if (outcome === 'sent') log.info('daily test alert sent', {})
  }

  return {
    configured,
    push,
    worker,
    async sendDue(now) {
      const due = await enqueueDueAlerts(db, {
        now,
        escalateAfterMs: config.escalateAfterMs,
        businessMs: (from, to) => clock.businessMs(from, to),
      })
      if (due.escalations + due.reminders > 0) {
        log.info('unread requests alerted again', due)
        worker.kick()
      }
      // The clients' visit reminders due (decision 051): once per visit date.
      const visits = await enqueueVisitReminders(db, {
        today: clock.today(),
        daysBefore: config.visitReminderDays,
        now: now.toISOString(),
      })
      if (visits > 0) {
        log.info('visit reminders queued', { visits })
        worker.kick()
      }
      await sendDigest(now)
      await sendDailyTest(now)
    },
    reachOffice: async () => reachesOffice(await channelsInUse(db, configured)),
    async stop() {
      await worker.stop()
      mail?.close()
    },
  }
}
