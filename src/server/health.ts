// What GET /healthz checks beyond the process answering: the database is there, and the alerts
// have somewhere to go (how many wait to be sent, since when, and whether any channel reaches
// the office). The details are shown to the owner and this machine only (src/server/app.ts).
import type { Alerts } from './alerts/setup.ts'
import type { Health } from './app.ts'
import type { Db } from './db/client.ts'
import { outboxBacklog } from './db/outbox.ts'

export function healthChecks(db: Db, alerts: Pick<Alerts, 'reachOffice'>): () => Promise<Health['checks']> {
  return async () => {
    try {
      const [backlog, reached] = await Promise.all([outboxBacklog(db), alerts.reachOffice()])
      return {
        database: { ok: true, detail: db.kind },
        notifications: {
          ok: true,
          detail: `${backlog.pending} waiting${reached ? '' : ' (no alert channel configured)'}${backlog.oldest ? `, oldest since ${backlog.oldest}` : ''}`,
        },
      }
    } catch (error) {
      return { database: { ok: false, detail: `${db.kind}: ${(error as Error).message}` } }
    }
  }
}
