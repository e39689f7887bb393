// The site editor's preview (issue 23, decision 060): the one page a record makes, rendered as a
// publish would render it (the pages' server build, the stylesheet inlined: page-html.ts) from a
// staged copy of the content folder with the drafts in it, and nothing written to the folder.
// Its scripts are left out: the editor shows it in a sandboxed frame where none would run.
// The staged copy is removed once the page is rendered.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { withRenderSettings } from '../../catalogue/render-settings.ts'
import { finishPageHtml } from '../page-html.ts'
import { loadRenderPage, serverEntryOf } from '../page-render.ts'

/** A script the page runs (not its JSON-LD, which is data): none runs in the preview's sandboxed frame. */
const RUN_SCRIPT = /<script(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g

/** An address the preview may be asked for: a page's path, as records write them. */
export const PREVIEW_PATH = /^\/[a-z0-9/-]{0,120}$/

/**
 * The HTML of the page at `urlPath` with the records of `texts` (id → YAML) in place of the
 * folder's; undefined when no page has that address. The page reads the staged copy as this
 * render's own folder (render-settings.ts): the pages served meanwhile keep reading the live one.
 */
export async function renderPreview({
  contentDir,
  builtDir,
  texts,
  urlPath,
}: {
  contentDir: string
  builtDir: string
  texts: Map<string, string>
  urlPath: string
}): Promise<string | undefined> {
  const root = mkdtempSync(path.join(tmpdir(), 'longbar-preview-'))
  const staged = path.join(root, 'content')
  cpSync(contentDir, staged, { recursive: true })
  for (const [id, text] of texts) {
    const file = path.join(staged, id)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, text)
  }
  try {
    const renderPage = await loadRenderPage(serverEntryOf(builtDir))
    const { httpResponse } = await withRenderSettings({ CONTENT_DIR: staged }, () =>
      renderPage({ urlOriginal: urlPath }),
    )
    if (httpResponse?.statusCode !== 200) return undefined
    const html = finishPageHtml(httpResponse.body, (href) => readFileSync(path.join(builtDir, href), 'utf8'))
    // The frame runs no script (its sandbox): the page is shown as it is before its scripts run,
    // which is how every page is built to look (decision 006).
    return html.replace(RUN_SCRIPT, '')
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
