// Escalations and reminders (docs/decisions/033-webhooks-and-escalation.md): a periodic look at
// the unread requests that writes an alert event for each one left too long. An urgent request
// nobody has contacted (urgent_open) and still unread after ESCALATE_AFTER_MINUTES escalates; any
// other request unread after two business hours gets a reminder. Each once per request (the
// outbox's unique index on events, so two instances looking together write one); the worker drops
// either if the request was read before it went out. Only requests of the last 7 days are looked
// at: a database adopted with years of unread rows does not send hundreds of reminders at once.
import type { Db } from '../db/client.ts'
import { enqueueEvent, unreadWithoutEvent } from '../db/outbox.ts'
import type { ActivityEntry } from '../db/activity.ts'
import type { AlertEvent } from '../../lead/alerts.ts'

/** A reminder is due after this much of the office's opening hours. */
const REMINDER_AFTER_BUSINESS_MS = 2 * 60 * 60_000
/** Requests older than this are not escalated or reminded of any more. */
const LOOK_BACK_MS = 7 * 24 * 60 * 60_000

export type DueAlertsOptions = {
  now: Date
  escalateAfterMs: number
  /** Milliseconds between two instants (ISO 8601) that fell within opening hours (the office clock). */
  businessMs: (from: string, to: string) => number
}

/** Writes the escalation and reminder events due at `now`; says how many of each it wrote. */
export async function enqueueDueAlerts(
  db: Db,
  { now, escalateAfterMs, businessMs }: DueAlertsOptions,
): Promise<{ escalations: number; reminders: number }> {
  const at = now.toISOString()
  const since = new Date(now.getTime() - LOOK_BACK_MS).toISOString()
  const write = async (ids: string[], event: AlertEvent) => {
    let written = 0
    for (const id of ids) if (await db.transact((trx) => enqueueEvent(trx, id, event, at))) written++
    return written
  }
  const urgent = await unreadWithoutEvent(
    db,
    'escalation',
    true,
    new Date(now.getTime() - escalateAfterMs).toISOString(),
    since,
  )
  // Two business hours are at least two hours: the query narrows, the office's clock decides.
  const others = await unreadWithoutEvent(
    db,
    'reminder',
    false,
    new Date(now.getTime() - REMINDER_AFTER_BUSINESS_MS).toISOString(),
    since,
  )
  const due = others.filter((r) => businessMs(r.createdAt, at) >= REMINDER_AFTER_BUSINESS_MS)
  return {
    escalations: await write(
      urgent.map((r) => r.id),
      'escalation',
    ),
    reminders: await write(
      due.map((r) => r.id),
      'reminder',
    ),
  }
}

/** The timeline's entry for an event as it goes out (the worker's `announce`): an escalation and a reminder say so. */
export function announceEscalation(escalateAfterMs: number) {
  const entries: Record<AlertEvent, ActivityEntry[]> = {
    new: [],
    escalation: [{ kind: 'escalated', detail: `urgent, unread after ${Math.round(escalateAfterMs / 60_000)} minutes` }],
    reminder: [{ kind: 'reminded', detail: 'unread after 2 business hours' }],
    status: [],
    booking: [],
    review: [],
    visit: [],
  }
  return (event: AlertEvent): ActivityEntry[] => entries[event]
}
