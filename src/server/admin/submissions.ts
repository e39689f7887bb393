// The requests in the inbox (docs/admin-api.md "Submissions"), as two sub-apps mounted behind the
// session check. `viewsApi`: the counts and response times, whether alerts get through, a page of
// a view (or of "Mine": the requests assigned to the signed-in account), the CSV of a view, and
// "mark all as read". `submissionApi`: one request, its change, its assignment, a call or text from
// the inbox, a note, its timeline, the trash and back.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app.ts'
import type { AlertChannel } from '../../lead/alerts.ts'
import { alertHealth } from '../alerts/health.ts'
import { activityOf, listActivity } from '../db/activity.ts'
import {
  addNote,
  AssigneeRefused,
  assignSubmission,
  markAllRead,
  undoMarkAllRead,
  recordCallOutcome,
  recordContact,
  setTrashed,
  TRASHED,
  updateSubmission,
} from '../db/changes.ts'
import type { Db } from '../db/client.ts'
import {
  allSubmissions,
  getSubmission,
  latestSubmissionAt,
  listSubmissions,
  responseTime,
  submissionExists,
} from '../db/submissions.ts'
import { viewCounts } from '../db/views.ts'
import type { Logger } from '../log.ts'
import type { Office, OfficeClock } from '../office.ts'
import { fail, jsonInput, NOT_FOUND, queryInput, submissionId } from './answers.ts'
import { csvExport } from './csv.ts'
import { withBookings } from './bookings.ts'
import {
  encodeCursor,
  validateAssignee,
  validateChannel,
  validateOutcome,
  validateBatch,
  validateChanges,
  validateFilters,
  validateListQuery,
  validateNote,
  type FiltersInput,
  type ListInput,
} from './validate.ts'
import type { CallOutcome, ContactChannel } from '../../lead/activity.ts'
import type { SubmissionChanges } from '../../lead/submission.ts'

export type SubmissionsDeps = {
  db: Db
  log: Logger
  office: Office
  clock: OfficeClock
  /** Called when a request taken out of spam gets its notification queued. */
  onNotificationQueued?: () => void
  /** Whether a job marked completed gets its review request e-mail (business.yaml has a review link, decision 051). */
  reviews?: boolean
  /** The alert channels configured (for GET /alert-health); none when omitted. */
  alertChannels?: readonly AlertChannel[]
}

const listQuery = queryInput<ListInput>()(validateListQuery)

/** Checked filters with "Mine" made the signed-in account's: only the requests assigned to it. */
function mineOf<F extends { mine?: true }>(c: Context<AppEnv>, { mine, ...filters }: F) {
  return mine ? { ...filters, assignedTo: c.get('user')!.id } : filters
}

/** The views of the inbox: their counts, a page of one, its CSV, all of it read at once. */
export function viewsApi({ db, log, office, clock, alertChannels = [] }: SubmissionsDeps) {
  const counts = () => viewCounts(db, clock.today())
  return (
    new Hono<AppEnv>()
      .get('/counts', async (c) => {
        const [all, latest] = await Promise.all([counts(), latestSubmissionAt(db)])
        return c.json({ success: true, counts: all, latest }, 200)
      })
      // Whether alerts reach the office: the inbox's banner (decision 033).
      .get('/alert-health', async (c) =>
        c.json({ success: true, ...(await alertHealth(db, alertChannels, clock.now())) }, 200),
      )
      .get('/response-times', async (c) => {
        const now = clock.now()
        const periods = await Promise.all([responseTime(db, 7, now), responseTime(db, 30, now)])
        return c.json({ success: true, periods }, 200)
      })
      .get('/submissions', listQuery, async (c) => {
        const [page, all] = await Promise.all([listSubmissions(db, mineOf(c, c.req.valid('query'))), counts()])
        return c.json(
          {
            success: true,
            items: await withBookings(db, page.items),
            nextCursor: page.nextCursor ? encodeCursor(page.nextCursor) : null,
            counts: all,
          },
          200,
        )
      })
      .get('/submissions.csv', listQuery, (c) => {
        const { cursor: _cursor, limit: _limit, ...filters } = mineOf(c, c.req.valid('query'))
        const day = clock.today()
        return new Response(
          csvExport(allSubmissions(db, filters), office.timeZone, (ids) => activityOf(db, ids)),
          {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `attachment; filename="longbar-requests-${filters.view}-${day}.csv"`,
              'cache-control': 'no-store',
            },
          },
        )
      })
      .post('/submissions/mark-read', jsonInput<FiltersInput>()(validateFilters), async (c) => {
        const filters = mineOf(c, c.req.valid('json'))
        const { marked, batch } = await markAllRead(db, filters, clock)
        log.info('marked all as read', { view: filters.view, marked })
        return c.json({ success: true, marked, batch, counts: await counts() }, 200)
      })
      // The toast's Undo: the requests that one "Mark all as read" marked are unread again.
      .post('/submissions/mark-read/undo', jsonInput<{ batch: string }>()(validateBatch), async (c) => {
        const unmarked = await undoMarkAllRead(db, c.req.valid('json').batch, clock)
        log.info('mark all as read undone', { unmarked })
        return c.json({ success: true, unmarked, counts: await counts() }, 200)
      })
  )
}

/** One request: read, changed, called, noted, trashed and restored. */
export function submissionApi({ db, log, clock, onNotificationQueued, reviews = false }: SubmissionsDeps) {
  /** Answers a changed request with its new state and the counts; 404 when there was none, 409 in the trash. */
  const changed = async (c: Context<AppEnv, string, object>, item: Awaited<ReturnType<typeof updateSubmission>>) =>
    item === TRASHED
      ? fail(c, 409, 'This request is in the trash. Restore it first.')
      : item
        ? c.json(
            { success: true, item: (await withBookings(db, [item]))[0]!, counts: await viewCounts(db, clock.today()) },
            200,
          )
        : fail(c, 404, NOT_FOUND)

  return (
    new Hono<AppEnv>()
      .patch('/submissions/:id', submissionId, jsonInput<SubmissionChanges>()(validateChanges), async (c) => {
        const changes = c.req.valid('json')
        const item = await updateSubmission(db, c.req.valid('param').id, changes, clock, { reviews })
        if (item && item !== TRASHED && (changes.is_spam === false || changes.status !== undefined))
          onNotificationQueued?.()
        return changed(c, item)
      })
      .post(
        '/submissions/:id/contacts',
        submissionId,
        jsonInput<{ channel: ContactChannel }>()(validateChannel),
        async (c) => changed(c, await recordContact(db, c.req.valid('param').id, c.req.valid('json').channel, clock)),
      )
      .post(
        '/submissions/:id/outcome',
        submissionId,
        jsonInput<{ outcome: CallOutcome }>()(validateOutcome),
        async (c) => {
          const item = await recordCallOutcome(db, c.req.valid('param').id, c.req.valid('json').outcome, clock)
          if (item && item !== TRASHED && item.status === 'contacted') onNotificationQueued?.()
          return changed(c, item)
        },
      )
      // Assigned to a person, or to no one (decision 062); an unknown or disabled account is refused.
      .patch(
        '/submissions/:id/assignee',
        submissionId,
        jsonInput<{ assigned_to: number | null }>()(validateAssignee),
        async (c) => {
          try {
            const { id } = c.req.valid('param')
            return await changed(c, await assignSubmission(db, id, c.req.valid('json').assigned_to, clock))
          } catch (error) {
            if (!(error instanceof AssigneeRefused)) throw error
            return fail(c, 400, error.message, { assigned_to: error.message })
          }
        },
      )
      .post('/submissions/:id/notes', submissionId, jsonInput<{ text: string }>()(validateNote), async (c) =>
        changed(c, await addNote(db, c.req.valid('param').id, c.req.valid('json').text, clock)),
      )
      // One request, for the inbox's deep link (/admin?request=<id>: a tapped push notification).
      .get('/submissions/:id', submissionId, async (c) => {
        const item = await getSubmission(db, c.req.valid('param').id)
        return item
          ? c.json({ success: true, item: (await withBookings(db, [item]))[0]! }, 200)
          : fail(c, 404, NOT_FOUND)
      })
      .get('/submissions/:id/activity', submissionId, async (c) => {
        const { id } = c.req.valid('param')
        const [items, exists] = await Promise.all([listActivity(db, id), submissionExists(db, id)])
        return exists ? c.json({ success: true, items }, 200) : fail(c, 404, NOT_FOUND)
      })
      // Delete moves to the trash (restorable until purged); restore brings it back.
      .delete('/submissions/:id', submissionId, async (c) => {
        const { id } = c.req.valid('param')
        const item = await setTrashed(db, id, true, clock)
        if (item) log.info('submission moved to the trash', { id })
        return changed(c, item)
      })
      .post('/submissions/:id/restore', submissionId, async (c) =>
        changed(c, await setTrashed(db, c.req.valid('param').id, false, clock)),
      )
  )
}
