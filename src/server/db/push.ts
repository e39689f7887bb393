// Web Push's tables (docs/decisions/030-web-push.md): the server's VAPID key pair, made once and
// shared by every instance, and the devices subscribed to pushes, each its account's (decision 053),
// and which of them a push goes to (decision 062).
import type { Db } from './client.ts'
import { toBool, toIso } from './schema.ts'

export type VapidKeys = { publicKey: string; privateKey: string }

/**
 * The VAPID key pair, made by `generate` at the first start. Two instances starting together
 * each try to insert theirs; the first one written wins and both read it back.
 */
export async function vapidKeys(db: Db, generate: () => VapidKeys, now = new Date().toISOString()): Promise<VapidKeys> {
  const read = () =>
    db.k.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst()
  let row = await read()
  if (!row) {
    const made = generate()
    await db.k
      .insertInto('push_keys')
      .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute()
    row = await read()
    if (!row) throw new Error('the VAPID keys could not be stored')
  }
  return { publicKey: row.public_key, privateKey: row.private_key }
}

export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string }

/** A device subscribed to pushes, with what the last pushes to it gave. */
export type StoredSubscription = PushSubscriptionKeys & {
  id: number
  /** "Chrome on Android", from its User-Agent. */
  device: string
  createdAt: string
  lastSuccessAt: string | null
  lastFailureAt: string | null
  lastError: string | null
}

const COLUMNS = [
  'id',
  'endpoint',
  'p256dh',
  'auth',
  'device',
  'created_at',
  'last_success_at',
  'last_failure_at',
  'last_error',
] as const

type Row = {
  id: number
  endpoint: string
  p256dh: string
  auth: string
  device: string
  created_at: string | Date
  last_success_at: string | Date | null
  last_failure_at: string | Date | null
  last_error: string | null
}

const toSubscription = (r: Row): StoredSubscription => ({
  id: Number(r.id),
  endpoint: r.endpoint,
  p256dh: r.p256dh,
  auth: r.auth,
  device: r.device,
  createdAt: toIso(r.created_at),
  lastSuccessAt: toIso(r.last_success_at),
  lastFailureAt: toIso(r.last_failure_at),
  lastError: r.last_error,
})

/** Subscribes a device; the same endpoint again (a new key after the browser renewed it) updates its row. */
export async function saveSubscription(
  db: Db,
  { userId = null, ...sub }: PushSubscriptionKeys & { device: string; userId?: number | null },
  now = new Date().toISOString(),
): Promise<StoredSubscription> {
  const row = await db.k
    .insertInto('push_subscriptions')
    .values({ ...sub, user_id: userId, created_at: now })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        p256dh: sub.p256dh,
        auth: sub.auth,
        device: sub.device,
        // The device is whoever subscribed it last.
        user_id: userId,
        last_failure_at: null,
        last_error: null,
      }),
    )
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
  return toSubscription(row)
}

/** The devices subscribed, oldest first. */
export async function listSubscriptions(db: Db | { k: Db['k'] }): Promise<StoredSubscription[]> {
  const rows = await db.k.selectFrom('push_subscriptions').select(COLUMNS).orderBy('id').execute()
  return rows.map(toSubscription)
}

/**
 * The devices a push goes to (decision 062): those of the accounts on duty, and for an escalation
 * those of every owner too; when no device of anyone on duty is subscribed, the owners' (a new
 * request is never announced to no one). A device that names no account (none since migration
 * 031) gets every push, as before there were accounts. Disabled accounts have no devices left.
 */
export async function pushTargets(
  db: { k: Db['k'] },
  { escalation }: { escalation: boolean },
): Promise<StoredSubscription[]> {
  const rows = await db.k
    .selectFrom('push_subscriptions as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .select([...COLUMNS.map((c) => `p.${c}` as const), 'p.user_id', 'u.role', 'u.on_duty', 'u.disabled'])
    .orderBy('p.id')
    .execute()
  const enabled = rows.filter((r) => r.user_id === null || (r.disabled !== null && !toBool(r.disabled)))
  const onDuty = enabled.filter((r) => r.user_id !== null && r.on_duty !== null && toBool(r.on_duty))
  const chosen = enabled.filter(
    (r) =>
      r.user_id === null ||
      (r.on_duty !== null && toBool(r.on_duty)) ||
      (r.role === 'owner' && (escalation || onDuty.length === 0)),
  )
  return chosen.map(toSubscription)
}

export async function getSubscription(db: Db, id: number): Promise<StoredSubscription | undefined> {
  const row = await db.k.selectFrom('push_subscriptions').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  return row && toSubscription(row)
}

export async function findSubscription(db: Db, endpoint: string): Promise<StoredSubscription | undefined> {
  const row = await db.k
    .selectFrom('push_subscriptions')
    .select(COLUMNS)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst()
  return row && toSubscription(row)
}

/** Unsubscribes a device (by its id or its endpoint); true when there was one. */
export async function deleteSubscription(db: Db, which: { id: number } | { endpoint: string }): Promise<boolean> {
  const query = db.k.deleteFrom('push_subscriptions')
  const result = await (
    'id' in which ? query.where('id', '=', which.id) : query.where('endpoint', '=', which.endpoint)
  ).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** What the push service answered this device last: shown in the inbox's list of devices. */
export async function recordPushResult(
  db: Db,
  id: number,
  result: { ok: true } | { ok: false; error: string },
  now = new Date().toISOString(),
): Promise<void> {
  await db.k
    .updateTable('push_subscriptions')
    .set(
      result.ok
        ? { last_success_at: now, last_error: null }
        : { last_failure_at: now, last_error: result.error.slice(0, 300) },
    )
    .where('id', '=', id)
    .execute()
}

/** How many devices are subscribed. */
export async function countSubscriptions(db: Db): Promise<number> {
  const row = await db.k
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
