// "Visits due" (docs/admin-api.md "Visits due", decision 051): the clients whose next service
// visit is overdue, this month or next month, soonest first, for the office to call, text or
// e-mail. Mounted behind the session check.
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import type { Db } from '../db/client.ts'
import { visitsDue, type VisitDue } from '../db/customer-mail.ts'
import type { OfficeClock } from '../office.ts'

/** The first day of the month `n` months after the month of `day` (YYYY-MM-DD). */
function monthStart(day: string, n: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10)
}

/** The visits in their three groups, by the office's `today`. */
export function groupVisits(visits: VisitDue[], today: string) {
  const next = monthStart(today, 1)
  return {
    overdue: visits.filter((v) => v.date < today),
    thisMonth: visits.filter((v) => v.date >= today && v.date < next),
    nextMonth: visits.filter((v) => v.date >= next),
  }
}

export function visitsApi({ db, clock }: { db: Db; clock: OfficeClock }) {
  return new Hono<AppEnv>().get('/visits-due', async (c) => {
    const today = clock.today()
    // Up to the last day of next month.
    const until = new Date(Date.parse(`${monthStart(today, 2)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    return c.json({ success: true, today, ...groupVisits(await visitsDue(db, until), today) }, 200)
  })
}
