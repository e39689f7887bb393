// The server's housekeeping, run every quarter of an hour by src/server/main.ts: rate-limit
// counters and ended sessions that can no longer matter, and requests left in the trash for
// TRASH_DAYS, deleted for good.
import { TRASH_DAYS } from '../lead/submission.ts'
import { pruneSessions } from './auth/sessions.ts'
import { purgeTrash } from './db/changes.ts'
import type { Db } from './db/client.ts'
import { pruneRateLimits, type Window } from './db/rate-limits.ts'
import type { Logger } from './log.ts'
import { EVENT_LIMITS } from './events/api.ts'

export const HOUSEKEEPING_EVERY_MS = 15 * 60_000

export function housekeeping({ db, log, limits }: { db: Db; log: Logger; limits: readonly Window[] }) {
  // A sliding window also reads the window before the current one, so counters live two of the
  // longest windows: of the limits given and of the beacons' own (a day), which CONTACT_RATE_LIMIT
  // without a day-long window would otherwise prune early (issue 20, finding 11).
  const rateLimitKeepMs = 2 * Math.max(...[...limits, ...EVENT_LIMITS].map((w) => w.windowMs))
  return async () => {
    await Promise.all([pruneRateLimits(db.k, Date.now() - rateLimitKeepMs), pruneSessions(db)])
    const purged = await purgeTrash(db, new Date(Date.now() - TRASH_DAYS * 24 * 60 * 60_000).toISOString())
    if (purged > 0) log.info('trash purged', { requests: purged, olderThanDays: TRASH_DAYS })
  }
}
