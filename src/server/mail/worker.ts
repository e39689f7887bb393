// The mail worker: sends the outbox's notifications one at a time, in order, outside any
// visitor's request. A failed send is retried with growing waits (never given up: a lost lead
// costs more than a late e-mail). Each row is taken under a lease, so with several instances on
// one PostgreSQL each notification is sent by one of them.
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Db } from '../db/client.ts'
import { claimNextNotification, markNotificationSent, rescheduleNotification } from '../db/outbox.ts'
import { getSubmission, type Submission } from '../db/submissions.ts'
import type { Logger } from '../log.ts'
import type { Notification } from './notification.ts'
import type { SendMail } from './transport.ts'

export type WorkerOptions = {
  db: Db
  send: SendMail
  compose: (submission: Submission) => Notification
  log: Logger
  /** How often an idle worker looks for due rows (rows queued by another instance, retries). */
  idlePollMs?: number
  /** How long a taken row stays ours; longer than the mail server's worst-case timeouts. */
  leaseMs?: number
  retryBaseMs?: number
  retryMaxMs?: number
}

export type OutboxWorker = {
  /** Look for work now (a request was just stored). */
  kick(): void
  /** Sends one due notification; false when none was due. */
  runOnce(): Promise<boolean>
  /** Finishes the send in progress, then stops. */
  stop(): Promise<void>
}

/** The wait before the next attempt: base, doubling, capped, with ±20% jitter so instances spread out. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(plain * (0.8 + 0.4 * random()))
}

export function startOutboxWorker({
  db,
  send,
  compose,
  log,
  idlePollMs = 5_000,
  leaseMs = 120_000,
  retryBaseMs = 10_000,
  retryMaxMs = 15 * 60_000,
}: WorkerOptions): OutboxWorker {
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  let stopped = false
  let wake: (() => void) | undefined
  let kicked = false

  async function runOnce(): Promise<boolean> {
    const now = Date.now()
    const row = await claimNextNotification(
      db,
      workerId,
      new Date(now).toISOString(),
      new Date(now + leaseMs).toISOString(),
    )
    if (!row) return false
    const submission = await getSubmission(db, row.submissionId)
    if (!submission) {
      log.warn('notification skipped: its request was deleted', { submissionId: row.submissionId })
      await markNotificationSent(db, row.id, new Date().toISOString())
      return true
    }
    const mail = compose(submission)
    const attempt = row.attempts > 1 ? ` (attempt ${row.attempts})` : ''
    try {
      await send(mail)
    } catch (error) {
      const delay = retryDelay(row.attempts, retryBaseMs, retryMaxMs)
      const message = (error as Error).message ?? String(error)
      log.warn('notification not sent; will retry', {
        submissionId: row.submissionId,
        attempts: row.attempts,
        retryInSeconds: Math.round(delay / 1000),
        error: message,
      })
      // On the request's timeline: the first failures, then one in ten, not every retry of an outage.
      const recorded = row.attempts <= 3 || row.attempts % 10 === 0
      await rescheduleNotification(db, row.id, message, new Date(Date.now() + delay).toISOString(), {
        submissionId: row.submissionId,
        ...(recorded
          ? {
              entry: {
                kind: 'notify_failed' as const,
                detail: `E-mail to ${mail.to}${attempt}: ${message.slice(0, 300)}`,
              },
            }
          : {}),
      })
      return true
    }
    await markNotificationSent(db, row.id, new Date().toISOString(), {
      submissionId: row.submissionId,
      entry: { kind: 'notified', detail: `E-mail to ${mail.to}${attempt}` },
    })
    log.info('notification sent', { submissionId: row.submissionId, attempts: row.attempts })
    return true
  }

  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      if (kicked || stopped) return resolve()
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      wake = done
    })

  const loop = (async () => {
    while (!stopped) {
      kicked = false
      let worked = false
      try {
        worked = await runOnce()
      } catch (error) {
        // The database is away (restart, network): wait, then try again.
        log.warn('mail worker cannot reach the database', { error: (error as Error).message })
      }
      if (!worked) await idle(idlePollMs)
    }
  })()

  return {
    kick() {
      kicked = true
      wake?.()
    },
    runOnce,
    async stop() {
      stopped = true
      wake?.()
      await loop
    },
  }
}
