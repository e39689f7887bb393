// Whether alerts reach the office (decision 033), for the inbox's banner: no channel configured;
// a channel's deliveries failing (waiting for a retry, with an error); alerts waiting longer than
// five minutes. Two small queries over the rows not yet sent (the outbox's due index).
import type { AlertHealth, AlertProblem } from '../../lead/alert-health.ts'
import { WAITING_MS } from '../../lead/alert-health.ts'
import type { Db } from '../db/client.ts'
import { toIso } from '../db/schema.ts'
import { countSubscriptions } from '../db/push.ts'

export async function alertHealth(db: Db, configured: string[], now: Date): Promise<AlertHealth> {
  const problems: AlertProblem[] = []
  // Push is always on, but reaches someone only once a device is subscribed.
  const devices = configured.includes('push') ? await countSubscriptions(db) : 0
  const channels = configured.filter((name) => name !== 'push' || devices > 0)
  // The customer's confirmation tells the office nothing.
  if (channels.filter((name) => name !== 'confirmation').length === 0) problems.push({ kind: 'none' })
  const failing = await db.k
    .selectFrom('notification_outbox')
    .select((eb) => [
      'channel',
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('created_at').as('since'),
      eb.fn.max('last_error').as('error'),
    ])
    .where('sent_at', 'is', null)
    .where('channel', 'is not', null)
    .where('last_error', 'is not', null)
    .groupBy('channel')
    .orderBy('channel')
    .execute()
  for (const row of failing)
    problems.push({
      kind: 'failing',
      channel: row.channel!,
      count: Number(row.count),
      error: String(row.error ?? '').slice(0, 300),
      since: toIso(row.since),
    })
  const waiting = await db.k
    .selectFrom('notification_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .where('created_at', '<=', new Date(now.getTime() - WAITING_MS).toISOString())
    .executeTakeFirstOrThrow()
  if (Number(waiting.count) > 0 && waiting.oldest !== null)
    problems.push({ kind: 'waiting', count: Number(waiting.count), oldest: toIso(waiting.oldest) })
  return { ok: problems.length === 0, channels, problems }
}
