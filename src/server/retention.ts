// The retention the privacy notice promises, run at start and then daily by the server
// (src/server/main.ts): requests older than RETENTION_MONTHS go with their activity, and the
// calls' daily totals older than CALL_COUNT_MONTHS, the site's speed counts older than VITALS_MONTHS,
// the account activity (the audit log) older than AUDIT_MONTHS.
// Each deletion is a log line.
import { AUDIT_MONTHS, pruneAuditLog } from './db/audit.ts'
import { CALL_COUNT_MONTHS, monthsBefore, pruneCallCounts } from './db/calls.ts'
import type { Db } from './db/client.ts'
import { deleteRequestsBefore, monthsAgo } from './db/privacy.ts'
import type { Logger } from './log.ts'
import { pruneVitals, VITALS_MONTHS } from './db/vitals.ts'

export const RETENTION_EVERY_MS = 24 * 60 * 60_000

export async function applyRetention({
  db,
  log,
  months,
  now,
  today,
}: {
  db: Db
  log: Logger
  months: number
  now: Date
  /** The office's date (YYYY-MM-DD). */
  today: string
}): Promise<{ requests: number; callDays: number }> {
  const before = monthsAgo(now, months).toISOString()
  const requests = await deleteRequestsBefore(db, before)
  if (requests > 0) log.info('retention: old requests deleted', { requests, before, retentionMonths: months })
  const keepFrom = monthsBefore(today, CALL_COUNT_MONTHS)
  const callDays = await pruneCallCounts(db, keepFrom)
  if (callDays > 0) log.info('retention: old call totals deleted', { rows: callDays, before: keepFrom })
  const speedFrom = monthsBefore(today, VITALS_MONTHS)
  const speedRows = await pruneVitals(db, speedFrom)
  if (speedRows > 0) log.info('retention: old site speed counts deleted', { rows: speedRows, before: speedFrom })
  const auditBefore = monthsAgo(now, AUDIT_MONTHS).toISOString()
  const auditRows = await pruneAuditLog(db, auditBefore)
  if (auditRows > 0) log.info('retention: old account activity deleted', { rows: auditRows, before: auditBefore })
  return { requests, callDays }
}
