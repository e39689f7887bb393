// The requests in the inbox (docs/admin-api.md "Submissions"): the counts and response times, a
// page of a view, the CSV of a view, a change to one request, a call or text from the inbox, a
// note, its timeline, the trash and back, and "mark all as read". Mounted behind the session check.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app.ts'
import type { AlertChannel } from '../../lead/alerts.ts'
import { alertHealth } from '../alerts/health.ts'
import { listActivity } from '../db/activity.ts'
import { addNote, markAllRead, recordContact, setTrashed, TRASHED, updateSubmission } from '../db/changes.ts'
import type { Db } from '../db/client.ts'
import { allSubmissions, getSubmission, latestSubmissionAt, listSubmissions, responseTime } from '../db/submissions.ts'
import { viewCounts } from '../db/views.ts'
import type { Logger } from '../log.ts'
import type { Office, OfficeClock } from '../office.ts'
import { fail, jsonBody } from './answers.ts'
import { csvExport } from './csv.ts'
import {
  encodeCursor,
  isSubmissionId,
  validateChannel,
  validateChanges,
  validateFilters,
  validateListQuery,
  validateNote,
  type Refusal,
} from './validate.ts'

export type SubmissionsDeps = {
  db: Db
  log: Logger
  office: Office
  clock: OfficeClock
  /** Called when a request taken out of spam gets its notification queued. */
  onNotificationQueued?: () => void
  /** The alert channels configured (for GET /alert-health); none when omitted. */
  alertChannels?: readonly AlertChannel[]
}

const NOT_FOUND = 'Submission not found'

export function submissionsApi({
  db,
  log,
  office,
  clock,
  onNotificationQueued,
  alertChannels = [],
}: SubmissionsDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>()
  const counts = () => viewCounts(db, clock.today())
  /** The request's id from the path, or the 404 answer for one that cannot be. */
  const idOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? ''
    return isSubmissionId(id) ? id : undefined
  }
  /** Answers a changed request with its new state and the counts; 404 when there was none, 409 in the trash. */
  const changed = async (c: Context<AppEnv>, item: Awaited<ReturnType<typeof updateSubmission>>) =>
    item === TRASHED
      ? fail(c, 409, 'This request is in the trash. Restore it first.')
      : item
        ? c.json({ success: true, item, counts: await counts() })
        : fail(c, 404, NOT_FOUND)

  api.get('/counts', async (c) => {
    const [all, latest] = await Promise.all([counts(), latestSubmissionAt(db)])
    return c.json({ success: true, counts: all, latest })
  })

  // Whether alerts reach the office: the inbox's banner (decision 033).
  api.get('/alert-health', async (c) =>
    c.json({ success: true, ...(await alertHealth(db, alertChannels, clock.now())) }),
  )

  api.get('/response-times', async (c) => {
    const now = clock.now()
    const periods = await Promise.all([responseTime(db, 7, now), responseTime(db, 30, now)])
    return c.json({ success: true, periods })
  })

  api.get('/submissions', async (c) => {
    const checked = validateListQuery((name) => c.req.query(name))
    if (!checked.ok) return fail(c, 400, checked.error)
    const [page, all] = await Promise.all([listSubmissions(db, checked.query), counts()])
    return c.json({
      success: true,
      items: page.items,
      nextCursor: page.nextCursor ? encodeCursor(page.nextCursor) : null,
      counts: all,
    })
  })

  api.get('/submissions.csv', (c) => {
    const checked = validateListQuery((name) => c.req.query(name))
    if (!checked.ok) return fail(c, 400, checked.error)
    const { cursor: _cursor, limit: _limit, ...filters } = checked.query
    const day = clock.today()
    return new Response(csvExport(allSubmissions(db, filters), office.timeZone), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="longbar-requests-${filters.view}-${day}.csv"`,
        'cache-control': 'no-store',
      },
    })
  })

  api.post('/submissions/mark-read', async (c) => {
    const parsed = await jsonBody(c)
    if (!parsed.ok) return parsed.response
    const checked = validateFilters(parsed.body)
    if (!checked.ok) return fail(c, 400, checked.error)
    const marked = await markAllRead(db, checked.filters, clock)
    log.info('marked all as read', { view: checked.filters.view, marked })
    return c.json({ success: true, marked, counts: await counts() })
  })

  /** A change to the request of the path: its id and its JSON body checked by `validate`, or the answer that refuses them. */
  async function input<T extends { ok: true }>(
    c: Context<AppEnv>,
    validate: (body: unknown) => T | Refusal,
  ): Promise<{ id: string; checked: T } | { refused: Response }> {
    const id = idOf(c)
    if (!id) return { refused: fail(c, 404, NOT_FOUND) }
    const parsed = await jsonBody(c)
    if (!parsed.ok) return { refused: parsed.response }
    const checked = validate(parsed.body)
    if (!checked.ok) return { refused: fail(c, 400, checked.error, checked.fields ? { fields: checked.fields } : {}) }
    return { id, checked }
  }

  api.patch('/submissions/:id', async (c) => {
    const got = await input(c, validateChanges)
    if ('refused' in got) return got.refused
    const { changes } = got.checked
    const item = await updateSubmission(db, got.id, changes, clock)
    if (item && item !== TRASHED && (changes.is_spam === false || changes.status !== undefined))
      onNotificationQueued?.()
    return changed(c, item)
  })

  api.post('/submissions/:id/contacts', async (c) => {
    const got = await input(c, validateChannel)
    if ('refused' in got) return got.refused
    return changed(c, await recordContact(db, got.id, got.checked.channel, clock))
  })

  api.post('/submissions/:id/notes', async (c) => {
    const got = await input(c, validateNote)
    if ('refused' in got) return got.refused
    return changed(c, await addNote(db, got.id, got.checked.text, clock))
  })

  // One request, for the inbox's deep link (/admin?request=<id>: a tapped push notification).
  api.get('/submissions/:id', async (c) => {
    const id = idOf(c)
    const item = id && (await getSubmission(db, id))
    return item ? c.json({ success: true, item }) : fail(c, 404, NOT_FOUND)
  })

  api.get('/submissions/:id/activity', async (c) => {
    const id = idOf(c)
    if (!id) return fail(c, 404, NOT_FOUND)
    const [items, exists] = await Promise.all([
      listActivity(db, id),
      db.k.selectFrom('contact_submissions').select('id').where('id', '=', id).executeTakeFirst(),
    ])
    if (!exists) return fail(c, 404, NOT_FOUND)
    return c.json({ success: true, items })
  })

  // Delete moves to the trash (restorable until purged); restore brings it back.
  api.delete('/submissions/:id', async (c) => {
    const id = idOf(c)
    if (!id) return fail(c, 404, NOT_FOUND)
    const item = await setTrashed(db, id, true, clock)
    if (item) log.info('submission moved to the trash', { id })
    return changed(c, item)
  })

  api.post('/submissions/:id/restore', async (c) => {
    const id = idOf(c)
    if (!id) return fail(c, 404, NOT_FOUND)
    return changed(c, await setTrashed(db, id, false, clock))
  })

  return api
}
