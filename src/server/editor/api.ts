// /api/admin/site: the site editor's API (docs/admin-api.md "Site editor", issue 23), behind the
// session check and the Origin check of every admin change. GET /site/records lists what can be
// edited; GET /site/records/:id gives one record with its JSON Schema; POST /site/check checks
// drafts as `npm run content:check` would, each problem at its record and field. Only records of
// the content folder (CONTENT_DIR) are named; without one, the editor says what to set.
import { Hono, type MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app.ts'
import type { Logger } from '../log.ts'
import { fail, jsonInput } from '../admin/answers.ts'
import type { Checked } from '../admin/validate.ts'
import type { ContentRecords, Draft } from './records.ts'
import type { Publisher } from './releases.ts'
import { deviceName } from '../alerts/device-name.ts'
import { PREVIEW_PATH } from './preview.ts'
import { newTownDraft, type NewTownBody } from './new-town-draft.ts'

/** The largest body the editor takes: a few records' drafts (the largest record is about 6 KB of JSON). */
export const EDITOR_BODY_LIMIT = 256 * 1024
/** Drafts checked or published at once: a town and the county that links to it, and some room. */
const DRAFTS_MAX = 10

const NO_CONTENT_FOLDER =
  'The site editor works on a content folder: start the server with CONTENT_DIR (docs/content.md, “Editing from the inbox”).'
const NO_SUCH_RECORD = 'No such record in the content folder.'

export type EditorDeps = { log: Logger; editor?: Publisher | undefined }

/** Who publishes: the admin, on the device the session was opened with. */
const authorOf = (userAgent: string | undefined) => `admin (${deviceName(userAgent)})`

type PublishBody = { drafts: Draft[]; versions: Record<string, string>; message?: string }

/** A publish: the drafts, the version each existing record was opened at, and an optional message. */
function validatePublish(records: ContentRecords, body: unknown): Checked<PublishBody> {
  const drafts = validateDrafts(records, body)
  if (!drafts.ok) return drafts
  const { versions, message } = body as { versions?: unknown; message?: unknown }
  if (typeof versions !== 'object' || versions === null || Array.isArray(versions))
    return { ok: false, error: 'Send "versions": the version of each record as it was opened.' }
  if (Object.values(versions).some((v) => typeof v !== 'string'))
    return { ok: false, error: 'Each version is the text the record was opened with.' }
  if (message !== undefined && (typeof message !== 'string' || message.length > MESSAGE_MAX))
    return { ok: false, error: `The message is text of at most ${MESSAGE_MAX} characters.` }
  return {
    ok: true,
    value: { ...drafts.value, versions: versions as Record<string, string>, ...(message ? { message } : {}) },
  }
}
const MESSAGE_MAX = 200

/** A body `{ drafts: [{ id, data }] }`: records of the folder (or a new town's), each data a group of fields. */
function validateDrafts(records: ContentRecords, body: unknown): Checked<{ drafts: Draft[] }> {
  const drafts = (body as { drafts?: unknown } | null)?.drafts
  if (!Array.isArray(drafts) || drafts.length === 0 || drafts.length > DRAFTS_MAX)
    return { ok: false, error: `Send "drafts": a list of 1 to ${DRAFTS_MAX} records, each { id, data }.` }
  const seen = new Set<string>()
  for (const draft of drafts as unknown[]) {
    const { id, data } = (draft ?? {}) as { id?: unknown; data?: unknown }
    if (typeof id !== 'string' || !records.mayWrite(id)) return { ok: false, error: NO_SUCH_RECORD }
    if (seen.has(id)) return { ok: false, error: `The record ${id} is sent twice.` }
    seen.add(id)
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      return { ok: false, error: `The record ${id} must be a group of fields.` }
  }
  return { ok: true, value: { drafts: drafts as Draft[] } }
}

/** A preview: the drafts and the address of the page to render. */
function validatePreview(records: ContentRecords, body: unknown): Checked<{ drafts: Draft[]; path: string }> {
  const drafts = validateDrafts(records, body)
  if (!drafts.ok) return drafts
  const { path } = body as { path?: unknown }
  if (typeof path !== 'string' || !PREVIEW_PATH.test(path))
    return { ok: false, error: 'Send "path": the address of a page of the site, such as "/".' }
  return { ok: true, value: { ...drafts.value, path } }
}

/** A new town: its name and county. */
function validateNewTown(body: unknown): Checked<NewTownBody> {
  const { name, county } = (body ?? {}) as { name?: unknown; county?: unknown }
  if (typeof name !== 'string' || typeof county !== 'string')
    return { ok: false, error: 'Send the town’s "name" and its "county".' }
  return { ok: true, value: { name: name.trim(), county } }
}

export function siteEditorApi({ editor }: EditorDeps) {
  const folder = () => editor?.records
  const needsFolder: MiddlewareHandler<AppEnv> = async (c, next) =>
    folder() ? next() : fail(c, 409, NO_CONTENT_FOLDER)
  return new Hono<AppEnv>()
    .get('/site/records', (c) => {
      const records = folder()
      if (!records) return fail(c, 409, NO_CONTENT_FOLDER)
      return c.json({ success: true as const, records: records.list() }, 200)
    })
    .get('/site/records/:id{.+}', (c) => {
      const records = folder()
      if (!records) return fail(c, 409, NO_CONTENT_FOLDER)
      const record = records.read(c.req.param('id'))
      if (!record) return fail(c, 404, NO_SUCH_RECORD)
      return c.json({ success: true as const, record }, 200)
    })
    .post(
      '/site/check',
      needsFolder,
      jsonInput<{ drafts: Draft[] }>()((body) => validateDrafts(folder()!, body)),
      (c) => {
        const { problems } = folder()!.check(c.req.valid('json').drafts)
        return c.json({ success: true as const, ok: problems.length === 0, problems }, 200)
      },
    )
    .post(
      '/site/preview',
      needsFolder,
      jsonInput<{ drafts: Draft[]; path: string }>()((body) => validatePreview(folder()!, body)),
      async (c) => {
        const { drafts, path } = c.req.valid('json')
        const result = await editor!.preview(drafts, path)
        if (!result.ok)
          return c.json({ success: false as const, error: 'The page cannot be shown.', problems: result.problems }, 422)
        return c.json({ success: true as const, html: result.html }, 200)
      },
    )
    .post('/site/new-town', needsFolder, jsonInput<NewTownBody>()(validateNewTown), (c) => {
      const made = newTownDraft(folder()!, c.req.valid('json'))
      if (!made.ok) return fail(c, made.status, made.error)
      return c.json({ success: true as const, draft: made.draft }, 200)
    })
    .post(
      '/site/publish',
      needsFolder,
      jsonInput<PublishBody>()((body) => validatePublish(folder()!, body)),
      async (c) => {
        const { drafts, versions, message } = c.req.valid('json')
        const result = await editor!.publish({
          drafts,
          versions,
          message,
          author: authorOf(c.req.header('user-agent')),
        })
        if (!result.ok)
          return c.json(
            { success: false as const, error: 'Nothing was published.', ...result },
            result.changedOnDisk ? 409 : 422,
          )
        return c.json({ success: true as const, release: result.release }, 200)
      },
    )
    .post('/site/undo', needsFolder, async (c) => {
      const result = await editor!.undo(authorOf(c.req.header('user-agent')))
      if (!result.ok) return c.json({ success: false as const, error: 'Nothing was undone.', ...result }, 409)
      return c.json({ success: true as const, release: result.release }, 200)
    })
    .get('/site/progress', needsFolder, (c) =>
      c.json({ success: true as const, progress: editor!.progress() ?? null }, 200),
    )
    .get('/site/history', needsFolder, async (c) =>
      c.json({ success: true as const, live: editor!.live().id, releases: await editor!.history() }, 200),
    )
}
