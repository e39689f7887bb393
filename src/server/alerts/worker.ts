// The alert worker: fans the outbox's events out to the channels (src/server/alerts/channel.ts)
// and sends each delivery, outside any visitor's request. A failed delivery is retried with
// growing waits (never given up: a lost lead costs more than a late alert) while the other
// channels go on. Each row is taken under a lease, so with several instances on one PostgreSQL
// each delivery is sent by one of them; a few rows are sent at once, so a slow mail server does
// not hold up a push.
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Db } from '../db/client.ts'
import { claimNext, fanOut, markDone, releaseClaim, reschedule, type OutboxRow } from '../db/outbox.ts'
import { getSubmission, type Submission } from '../db/submissions.ts'
import type { ActivityEntry } from '../db/activity.ts'
import type { Logger } from '../log.ts'
import { isCustomerEvent, type AlertChannel, type AlertEvent } from '../../lead/alerts.ts'
import { TargetGone, type Channel, type Delivery } from './channel.ts'
import { countFailedDelivery } from '../metrics.ts'

export type WorkerOptions = {
  db: Db
  channels: Channel[]
  log: Logger
  /** The timeline's entries for an event as it is fanned out (an escalation says so), if any. */
  announce?: (event: AlertEvent, submission: Submission) => ActivityEntry[]
  /** How often an idle worker looks for due rows (rows queued by another instance, retries). */
  idlePollMs?: number
  /** How long a taken row stays ours; longer than a channel's worst-case timeouts. */
  leaseMs?: number
  retryBaseMs?: number
  retryMaxMs?: number
  /** How many rows are sent at once. */
  concurrency?: number
}

export type AlertWorker = {
  /** Look for work now (an event was just written). */
  kick(): void
  /** Handles one due row (fans an event out, or sends a delivery); false when none was due. */
  runOnce(): Promise<boolean>
  /** Finishes the sends in progress, then stops. */
  stop(): Promise<void>
}

/** The wait before the next attempt: base, doubling, capped, with ±20% jitter so instances spread out. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(plain * (0.8 + 0.4 * random()))
}

/** Why an event waits: no channel had a target for it. */
export const NOWHERE = 'no alert channel has anywhere to send it yet (no e-mail configured, no device subscribed)'

/** An escalation or a reminder is for a request nobody has read yet: once read, it is dropped. */
const stillDue = (event: AlertEvent, s: Submission) =>
  s.deleted_at === null && ((event !== 'escalation' && event !== 'reminder') || !s.is_read)

/** What the fan-out and the sends share: the database, the channels by name, the backoff. */
type Context = {
  db: Db
  channels: Channel[]
  byName: Map<AlertChannel, Channel>
  log: Logger
  announce: (event: AlertEvent, submission: Submission) => ActivityEntry[]
  backoff: (attempts: number) => number
}

/** An event fanned out into one delivery per channel and target, or left to wait when there is none. */
async function fan({ db, channels, announce, backoff }: Context, row: OutboxRow, submission: Submission | undefined) {
  const now = new Date().toISOString()
  if (!submission || !stillDue(row.event, submission)) {
    await fanOut(db, row, [], now)
    return
  }
  const deliveries = []
  for (const channel of channels)
    for (const target of await channel.targets(db.k, row.event, submission))
      deliveries.push({ channel: channel.name, target })
  // An alert with nowhere to go yet (no e-mail configured, no device subscribed) waits for one;
  // a status change nobody listens to is done, and so is a customer's e-mail with no address to
  // go to (unsubscribed, no mail server): it is never sent later, out of its time.
  if (deliveries.length === 0 && row.event !== 'status' && !isCustomerEvent(row.event)) {
    const retryAt = new Date(Date.now() + backoff(row.attempts)).toISOString()
    await reschedule(db, row.id, NOWHERE, retryAt, row.submissionId)
    return
  }
  await fanOut(db, row, deliveries, now, announce(row.event, submission))
}

/** One delivery sent, and its outcome on the request's timeline: sent, retried later, or never again. */
async function send(
  { db, byName, log, backoff }: Context,
  row: OutboxRow & { channel: AlertChannel },
  submission: Submission | undefined,
) {
  const channel = byName.get(row.channel)!
  const delivery: Delivery = { ...row }
  if (!submission) {
    log.warn('alert skipped: its request was deleted', { submissionId: row.submissionId, channel: row.channel })
    await markDone(db, row.id, new Date().toISOString(), row.submissionId)
    return
  }
  const what = `${channel.describe(delivery)}${row.attempts > 1 ? ` (attempt ${row.attempts})` : ''}`
  try {
    await channel.deliver(delivery, submission)
  } catch (error) {
    const message = (error as Error).message ?? String(error)
    const failed = { kind: 'notify_failed' as const, detail: `${what}: ${message.slice(0, 300)}` }
    countFailedDelivery(row.channel, error instanceof TargetGone ? 'gone' : 'retry')
    if (error instanceof TargetGone) {
      log.info('alert target gone; removed', { submissionId: row.submissionId, channel: row.channel, error: message })
      await markDone(db, row.id, new Date().toISOString(), row.submissionId, {
        ...failed,
        detail: `${failed.detail} (not retried)`,
      })
      return
    }
    const delay = backoff(row.attempts)
    log.warn('alert not sent; will retry', {
      submissionId: row.submissionId,
      channel: row.channel,
      attempts: row.attempts,
      retryInSeconds: Math.round(delay / 1000),
      error: message,
    })
    // On the request's timeline: the first failures, then one in ten, not every retry of an outage.
    const recorded = row.attempts <= 3 || row.attempts % 10 === 0
    const retryAt = new Date(Date.now() + delay).toISOString()
    await reschedule(db, row.id, message, retryAt, row.submissionId, recorded ? failed : undefined)
    return
  }
  await markDone(db, row.id, new Date().toISOString(), row.submissionId, { kind: 'notified', detail: what })
  log.info('alert sent', { submissionId: row.submissionId, channel: row.channel, attempts: row.attempts })
}

/** A wait that a kick ends early: the runners sleep in it when there is nothing to do. */
function wakeable() {
  const wakers = new Set<() => void>()
  let kicks = 0
  return {
    /** How many kicks so far: a runner notes it before looking for work, and does not sleep if it changed. */
    seen: () => kicks,
    kick() {
      kicks++
      for (const wake of [...wakers]) wake()
    },
    idle: (ms: number, seen: number, stopped: () => boolean) =>
      new Promise<void>((resolve) => {
        if (kicks !== seen || stopped()) return resolve()
        const timer = setTimeout(done, ms)
        function done() {
          clearTimeout(timer)
          wakers.delete(done)
          resolve()
        }
        wakers.add(done)
      }),
  }
}

export function startAlertWorker({
  db,
  channels,
  log,
  announce = () => [],
  idlePollMs = 5_000,
  leaseMs = 120_000,
  retryBaseMs = 10_000,
  retryMaxMs = 15 * 60_000,
  concurrency = 4,
}: WorkerOptions): AlertWorker {
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  const byName = new Map(channels.map((c) => [c.name, c]))
  const claim = { channels: [...byName.keys()], events: byName.size > 0 }
  const context: Context = {
    db,
    channels,
    byName,
    log,
    announce,
    backoff: (attempts) => retryDelay(attempts, retryBaseMs, retryMaxMs),
  }
  const wake = wakeable()
  let stopped = false

  async function runOnce(): Promise<boolean> {
    const now = Date.now()
    const row = await claimNext(db, workerId, new Date(now).toISOString(), new Date(now + leaseMs).toISOString(), claim)
    if (!row) return false
    try {
      const submission = await getSubmission(db, row.submissionId)
      if (row.channel === null) {
        await fan(context, row, submission)
        // Its deliveries are due now: every runner looks.
        wake.kick()
      } else await send(context, { ...row, channel: row.channel }, submission)
    } catch (error) {
      // Whatever failed once the row was claimed (a statement refused, a deadlock, a bug), the row
      // is due again after its backoff, not left leased for leaseMs: the lease is for a worker
      // that died, and this one is alive. (If the database is away, this fails too: the lease
      // then ends by itself.)
      const retryAt = new Date(Date.now() + context.backoff(row.attempts)).toISOString()
      await releaseClaim(db, row.id, workerId, retryAt).catch(() => undefined)
      throw error
    }
    return true
  }

  const runner = async () => {
    while (!stopped) {
      const seen = wake.seen()
      let worked = false
      try {
        worked = await runOnce()
      } catch (error) {
        const code = (error as { code?: unknown }).code
        if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
          // A foreign key: the request was erased or deleted while its alert was out.
          log.info('alert worker: the request was deleted while its alert was being sent', { code })
        else if (typeof code === 'string' && /^(?:22|23|42|SQLITE_CONSTRAINT|SQLITE_MISMATCH|SQLITE_ERROR$)/.test(code))
          // The statement itself was refused: the database is there, and saying otherwise misleads.
          log.warn('alert worker: a database statement was refused', { code, error: (error as Error).message })
        // The database is away (restart, network): wait, then try again.
        else log.warn('alert worker cannot reach the database', { error: (error as Error).message })
      }
      if (!worked) await wake.idle(idlePollMs, seen, () => stopped)
    }
  }
  const runners = Array.from({ length: Math.max(1, concurrency) }, runner)

  return {
    kick: () => wake.kick(),
    runOnce,
    async stop() {
      stopped = true
      wake.kick()
      await Promise.all(runners)
    },
  }
}
