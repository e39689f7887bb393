// Pushes by person (issue 26 step 3, decision 062), through the outbox and the alert worker, on
// SQLite and PostgreSQL, against a push service run by the test (scripts/lib/push-receiver.ts):
// a new request's push reaches the devices of everyone on duty and no one else's; an escalation
// reaches those on duty and every owner; with no one on duty, a new request still reaches the
// owners; a disabled account's devices get nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { triage } from '../../src/server/contact/triage.ts'
import { startAlertWorker, type AlertWorker } from '../../src/server/alerts/worker.ts'
import { createPushSender, pushChannel, type PushSender } from '../../src/server/alerts/push.ts'
import { enqueueEvent } from '../../src/server/db/outbox.ts'
import { saveSubscription } from '../../src/server/db/push.ts'
import { disableUser, insertUser, setOnDuty } from '../../src/server/db/users.ts'
import { createLogger } from '../../src/server/log.ts'
import { startPushReceiver, type PushReceiver } from '../../scripts/lib/push-receiver.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'

const quiet = createLogger('error', () => undefined)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
let clients = 0

describe.each(STORAGE_KINDS)('pushes by person on %s', (kind) => {
  let storage: StorageTarget
  let db: Db
  let receiver: PushReceiver
  let sender: PushSender
  let worker: AlertWorker | undefined
  const now = () => new Date().toISOString()

  beforeAll(async () => {
    storage = await createStorage(kind)
    db = await storage.open()
    receiver = await startPushReceiver()
    sender = await createPushSender({
      db,
      subject: 'mailto:office@longbar-hvac.example',
      agent: receiver.agent,
      privateHosts: ['127.0.0.1'],
    })
  })
  afterEach(async () => {
    await worker?.stop()
    worker = undefined
    receiver.received.length = 0
    for (const table of [
      'notification_outbox',
      'push_subscriptions',
      'submission_activity',
      'contact_submissions',
    ] as const)
      await db.k.deleteFrom(table).execute()
    await db.k.deleteFrom('users').execute()
  })
  afterAll(async () => {
    await receiver?.close()
    await db?.close()
    await storage?.remove()
  })

  /** An account with one device subscribed, as the inbox would subscribe it signed in as them. */
  const person = async (name: string, role: 'owner' | 'office', onDuty: boolean) => {
    const id = await insertUser(
      db,
      { name, email: `${name.toLowerCase()}.${kind}@example.com`, role, passwordHash: null },
      now(),
    )
    await setOnDuty(db, id, onDuty, now())
    const sub = receiver.subscribe(sender.publicKey)
    await saveSubscription(db, { endpoint: sub.endpoint, ...sub.keys, device: `${name}'s phone`, userId: id })
    return { id, device: sub.id }
  }
  const request = async (name: string, urgent = false) => {
    // A phone of its own: the same one within an hour folds into the earlier request, unannounced.
    const message = {
      name,
      phone: `41055501${String(clients % 100).padStart(2, '0')}`,
      service: 'heating-repair' as const,
      message: 'No heat since 6 am',
    }
    const stored = await storeContactRequest(db, {
      message,
      clientKey: `duty-${clients++}`,
      verdict: { ...triage(message, {}, {}, Date.now()), urgency: urgent ? 'No heat: “no heat”' : null },
    })
    if (!stored.stored) throw new Error('not stored')
    return stored.id
  }
  const start = () =>
    (worker = startAlertWorker({
      db,
      channels: [pushChannel({ db, sender })],
      log: quiet,
      idlePollMs: 50,
      retryBaseMs: 200,
      retryMaxMs: 400,
    }))
  /** The devices that got a push titled `title`, waiting for `count` of them (and a little more, for any extra). */
  const gotten = async (count: number, title: string) => {
    await receiver.waitFor(count)
    await sleep(400)
    return receiver.received
      .filter((r) => (r.payload as { title: string }).title === title)
      .map((r) => r.subscription)
      .sort()
  }

  it('sends a new request to the devices of those on duty, an escalation to them and every owner', async () => {
    const owner = await person('Olive', 'owner', false)
    const pat = await person('Pat', 'office', true)
    const sam = await person('Sam', 'office', true)
    const quinn = await person('Quinn', 'office', false)
    const id = await request('Dana Whitaker', true)
    start()
    // The urgent request's own push: those on duty only, not the owner off duty, not Quinn.
    expect(await gotten(2, 'Urgent: New request: Dana Whitaker')).toEqual([pat.device, sam.device].sort())

    await db.transact((trx) => enqueueEvent(trx, id, 'escalation', now()))
    receiver.received.length = 0
    expect(await gotten(3, 'Urgent, still unread: Dana Whitaker')).toEqual(
      [owner.device, pat.device, sam.device].sort(),
    )
    expect(receiver.received.map((r) => r.subscription)).not.toContain(quinn.device)
  })

  it('sends a new request to the owners when no one on duty has a device, and nothing to a disabled account', async () => {
    const owner = await person('Olive', 'owner', false)
    const quinn = await person('Quinn', 'office', false)
    const gone = await person('Gil', 'office', true)
    await disableUser(db, gone.id, now())
    await request('Lee Park')
    start()
    expect(await gotten(1, 'New request: Lee Park')).toEqual([owner.device])
    expect(receiver.received.map((r) => r.subscription)).not.toContain(quinn.device)

    // Quinn goes on duty: the next one is theirs alone.
    await setOnDuty(db, quinn.id, true, now())
    receiver.received.length = 0
    await request('Kim Lowe')
    expect(await gotten(1, 'New request: Kim Lowe')).toEqual([quinn.device])
  })
})
