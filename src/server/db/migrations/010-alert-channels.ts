// 010: alerts on every channel (docs/decisions/029-alert-channels.md): an outbox row is an event
// (channel null: a new request, an escalation, a reminder, a status change) or one delivery of it
// (channel and target set), fanned out by the alert worker. The rows waiting from before are
// events. An escalation or a reminder is written at most once per request.
import { sql } from 'kysely'
import { addColumns, type KindMigration } from './shared.ts'

export const alertChannels: KindMigration = {
  name: '010_alert_channels',
  async up(db, kind) {
    await addColumns(db, kind, 'notification_outbox', [
      ['channel', 'text'],
      ['target', 'text'],
      ['event', "text not null default 'new'"],
    ])
    await sql`create unique index notification_outbox_once on notification_outbox (submission_id, event)
          where channel is null and event in ('new', 'escalation', 'reminder')`.execute(db)
  },
}
