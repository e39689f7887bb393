// /api/admin/site: the site editor's API (docs/admin-api.md "Site editor", issue 23), behind the
// session check and the Origin check of every admin change. GET /site/records lists what can be
// edited; GET /site/records/:id gives one record with its JSON Schema; POST /site/check checks
// drafts as `npm run content:check` would, each problem at its record and field. Only records of
// the content folder (CONTENT_DIR) are named; without one, the editor says what to set.
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import type { Logger } from '../log.ts'
import { fail, jsonInput } from '../admin/answers.ts'
import type { Checked } from '../admin/validate.ts'
import { contentRecords, type ContentRecords, type Draft } from './records.ts'

/** The largest body the editor takes: a few records' drafts (the largest record is about 6 KB of JSON). */
export const EDITOR_BODY_LIMIT = 256 * 1024
/** Drafts checked or published at once: a town and the county that links to it, and some room. */
const DRAFTS_MAX = 10

const NO_CONTENT_FOLDER =
  'The site editor works on a content folder: start the server with CONTENT_DIR (docs/content.md, “Editing from the inbox”).'
const NO_SUCH_RECORD = 'No such record in the content folder.'

export type EditorDeps = { log: Logger; contentDir?: string | undefined }

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

export function siteEditorApi({ contentDir }: EditorDeps) {
  let records: ContentRecords | undefined
  const folder = () => (contentDir ? (records ??= contentRecords(contentDir)) : undefined)
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
      async (c, next) => (folder() ? next() : fail(c, 409, NO_CONTENT_FOLDER)),
      jsonInput<{ drafts: Draft[] }>()((body) => validateDrafts(folder()!, body)),
      (c) => {
        const { problems } = folder()!.check(c.req.valid('json').drafts)
        return c.json({ success: true as const, ok: problems.length === 0, problems }, 200)
      },
    )
}
