// Whether alerts reach the office (decision 033), for the inbox's banner and /healthz: no channel
// that tells the office anything; a channel's deliveries failing (waiting for a retry, with an
// error); alerts waiting longer than five minutes; the daily test alert's push not tapped (decision
// 047). One rule per channel says when it is in use and
// whether it tells the office; two small queries read the rows not yet sent (src/server/db/outbox.ts).
import {
  ALERT_CHANNELS,
  WAITING_MS,
  type AlertChannel,
  type AlertHealth,
  type AlertProblem,
} from '../../lead/alerts.ts'
import type { Db } from '../db/client.ts'
import { alertsWaiting, failingDeliveries } from '../db/outbox.ts'
import { countSubscriptions } from '../db/push.ts'
import { untrustedForwardingSince } from '../request.ts'
import { unconfirmedTest } from './daily-test.ts'

const always = () => Promise.resolve(true)

/** When a configured channel is in use, and whether what it sends reaches the office. */
const RULES: Record<AlertChannel, { inUse: (db: Db) => Promise<boolean>; tellsOffice: boolean }> = {
  email: { inUse: always, tellsOffice: true },
  webhook: { inUse: always, tellsOffice: true },
  // Push is always on, but reaches someone only once a device is subscribed.
  push: { inUse: async (db) => (await countSubscriptions(db)) > 0, tellsOffice: true },
  // The customer's confirmation tells the office nothing.
  confirmation: { inUse: always, tellsOffice: false },
}

/** The configured channels that are in use now, in the channels' order. */
export async function channelsInUse(db: Db, configured: readonly AlertChannel[]): Promise<AlertChannel[]> {
  const used = await Promise.all(
    ALERT_CHANNELS.map((name) => (configured.includes(name) ? RULES[name].inUse(db) : Promise.resolve(false))),
  )
  return ALERT_CHANNELS.filter((_, i) => used[i])
}

/** Whether any of these channels tells the office of a new request. */
export const reachesOffice = (inUse: readonly AlertChannel[]) => inUse.some((name) => RULES[name].tellsOffice)

export async function alertHealth(db: Db, configured: readonly AlertChannel[], now: Date): Promise<AlertHealth> {
  const problems: AlertProblem[] = []
  const channels = await channelsInUse(db, configured)
  if (!reachesOffice(channels)) problems.push({ kind: 'none' })
  for (const row of await failingDeliveries(db)) problems.push({ kind: 'failing', ...row })
  const waiting = await alertsWaiting(db, new Date(now.getTime() - WAITING_MS).toISOString())
  if (waiting) problems.push({ kind: 'waiting', ...waiting })
  const proxySince = untrustedForwardingSince()
  if (proxySince) problems.push({ kind: 'untrusted-proxy', since: proxySince })
  const unconfirmed = await unconfirmedTest(db, now)
  if (unconfirmed) problems.push({ kind: 'test-unconfirmed', day: unconfirmed.day, since: unconfirmed.createdAt })
  return { ok: problems.length === 0, channels, problems }
}
