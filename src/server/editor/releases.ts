// Publishing from the site editor (issue 23, docs/decisions/056-site-editor.md). A publish checks
// the drafts (content:check's rules, the near-copy rule), refuses a record changed on disk since it
// was opened, renders the whole site from a staged copy of the folder with the drafts in it (the
// server's own renderer, src/server/site-render.ts: no build tools), checks the pages (links,
// budgets), and only then writes the records (each by an atomic rename), commits them when the
// folder is in a Git work tree, stores the release in the database and switches the live site in
// one step. An undo brings back the release the live one replaced. The last KEEP rendered releases
// stay on disk, so an undo to one of them is a switch, not a render. Every instance follows the
// database's newest release (follow()), so two instances serve the same site.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Db } from '../db/client.ts'
import {
  insertSiteRelease,
  newestSiteRelease,
  siteRelease,
  siteReleaseHistory,
  type SiteRelease,
} from '../db/site-releases.ts'
import type { LiveSite } from '../live-site.ts'
import type { Logger } from '../log.ts'
import { makeLive, renderSite } from '../site-render.ts'
import { loadStaticSite, type StaticSite } from '../static-site.ts'
import { ContentError } from '../../catalogue/problems.ts'
import { MANIFEST_ENV } from '../../catalogue/images.ts'
import type { RenderSettings } from '../../catalogue/render-settings.ts'
import { releaseDiff } from './diff.ts'
import { checkRelease } from './release-checks.ts'
import { renderPreview } from './preview.ts'
import { contentRecords, type ContentRecords, type Draft, type EditorProblem } from './records.ts'

/** Rendered releases kept on disk for an undo without a render. */
export const KEEP = 10

export type PublishStep = 'checking' | 'rendering' | 'checking pages' | 'writing' | 'switching'
export type Progress = { step: PublishStep; startedAt: string } | undefined

export type PublishResult =
  | { ok: true; release: { id: number; ms: number; pages: number; records: string[] } }
  | { ok: false; problems: EditorProblem[]; changedOnDisk?: string[] }

/** A release rendered and checked, loaded to be served: its folders removed when it is no longer kept. */
type Rendered = {
  hash: string
  folders: string[]
  dir: string
  /** What its request-time pages read once it is live (render-settings.ts). */
  settings: Required<RenderSettings>
  pages: number
  site: StaticSite
}

export type PublisherDeps = {
  db: Db
  log: Logger
  contentDir: string
  builtDir: string
  origin: string
  site: LiveSite
  https: boolean
  /** The site rendered at start from the folder (main.ts), kept as the first release: an undo to it is a switch. */
  initial?: { dir: string; site: StaticSite } | undefined
  /** Told the folder of the site that went live (its build-info.json beside it), after the switch. */
  onLive?: ((siteDir: string) => void) | undefined
}

const hashOf = (content: Record<string, string>) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(content).sort(([a], [b]) => a.localeCompare(b))))
    .digest('hex')

/** Writes `text` to `file` in one step: a file beside it, renamed over it. */
function writeAtomically(file: string, text: string) {
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, text)
  renameSync(temporary, file)
}

/** Commits `files` (paths under `dir`) when `dir` is in a Git work tree; what Git said when it could not. */
function commitToGit(dir: string, files: string[], message: string, author: string, log: Logger) {
  const git = (...args: string[]) =>
    spawnSync('git', ['-C', dir, ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: author,
        GIT_AUTHOR_EMAIL: 'site-editor@localhost',
        GIT_COMMITTER_NAME: 'Site editor',
        GIT_COMMITTER_EMAIL: 'site-editor@localhost',
      },
    })
  if (git('rev-parse', '--is-inside-work-tree').stdout?.trim() !== 'true') return
  const add = git('add', '--all', '--', ...files)
  const commit = add.status === 0 ? git('commit', '--quiet', '-m', message, '--', ...files) : add
  if (commit.status !== 0) log.warn('site editor: the publish is not committed', { git: commit.stderr.trim() })
}

export type Publisher = ReturnType<typeof sitePublisher>

export function sitePublisher(deps: PublisherDeps) {
  const { db, log, contentDir, builtDir, origin, site } = deps
  const records: ContentRecords = contentRecords(contentDir)
  const rendered: Rendered[] = []
  let live: { id: number | null; hash: string } = { id: null, hash: hashOf(folderContent()) }
  if (deps.initial) {
    const settings = {
      CONTENT_DIR: contentDir,
      PUBLIC_ORIGIN: origin,
      [MANIFEST_ENV]: path.join(deps.initial.dir, 'images', 'manifest.json'),
    }
    rendered.push({ ...deps.initial, hash: live.hash, folders: [], settings, pages: 0 })
  }
  let progress: Progress
  let queue: Promise<unknown> = Promise.resolve()
  /** One publish, undo or follow at a time in this process. */
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }

  /** Every record of the folder, by id, as its text. */
  function folderContent(): Record<string, string> {
    return Object.fromEntries(records.list().map((e) => [e.id, readFileSync(path.join(contentDir, e.id), 'utf8')]))
  }

  /**
   * The site of `content` rendered and checked (or the kept render of it): the folder copied
   * (pictures and all) with the records of `content` in it.
   */
  async function render(content: Record<string, string>): Promise<Rendered | { problems: string[] }> {
    const hash = hashOf(content)
    const kept = rendered.find((r) => r.hash === hash)
    if (kept) return kept
    const root = mkdtempSync(path.join(tmpdir(), 'longbar-release-'))
    const staged = path.join(root, 'content')
    cpSync(contentDir, staged, { recursive: true, filter: (source) => !/\.ya?ml$/.test(source) })
    for (const [id, text] of Object.entries(content)) {
      const file = path.join(staged, id)
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, text)
    }
    try {
      progress = { step: 'rendering', startedAt: progress?.startedAt ?? new Date().toISOString() }
      const site = await renderSite({ contentDir: staged, builtDir, origin, log })
      progress = { ...progress, step: 'checking pages' }
      const problems = checkRelease(site.dir)
      if (problems.length > 0) throw Object.assign(new Error('checks'), { problems })
      const siteRoot = path.dirname(site.dir)
      const built = JSON.parse(readFileSync(path.join(siteRoot, 'build-info.json'), 'utf8')) as { publicOrigin: string }
      const loaded = loadStaticSite(site.dir, {
        https: deps.https,
        held: ['/admin'],
        origin: { built: built.publicOrigin, served: origin },
      })
      const release = {
        hash,
        folders: [root, siteRoot],
        dir: site.dir,
        settings: site.settings,
        pages: site.pages,
        site: loaded,
      }
      rendered.push(release)
      return release
    } catch (error) {
      rmSync(root, { recursive: true, force: true })
      if (error instanceof ContentError)
        return { problems: error.problems.map((p) => `${p.file} ${p.field}: ${p.message}`) }
      const problems = (error as { problems?: string[] }).problems
      if (problems) return { problems }
      throw error
    }
  }

  /** Serves `release`: the static site replaced in one step, request-time pages rendered from its folder. */
  function switchTo(release: Rendered, id: number) {
    progress = progress && { ...progress, step: 'switching' }
    site.replace(release.site)
    makeLive(release)
    deps.onLive?.(release.dir)
    live = { id, hash: release.hash }
    // The oldest renders beyond KEEP go (never the live one).
    while (rendered.length > KEEP) {
      const oldest = rendered.findIndex((r) => r !== release)
      const [gone] = rendered.splice(oldest, 1)
      for (const folder of gone!.folders) rmSync(folder, { recursive: true, force: true })
    }
  }

  /** The folder made to hold `content`: records written or removed where they differ. */
  function writeFolder(content: Record<string, string>): string[] {
    const now = folderContent()
    const changed: string[] = []
    for (const [id, text] of Object.entries(content)) {
      if (now[id] === text || !records.mayWrite(id)) continue
      writeAtomically(path.join(contentDir, id), text)
      changed.push(id)
    }
    for (const id of Object.keys(now))
      if (!(id in content) && records.exists(id)) {
        unlinkSync(path.join(contentDir, id))
        changed.push(id)
      }
    return changed
  }

  /** Records a release (the site before the first publish first, so that it can be undone to). */
  async function store(release: Omit<SiteRelease, 'id' | 'created_at' | 'based_on'>, before: Record<string, string>) {
    let basedOn = live.id
    if (basedOn === null) {
      const baseline = await insertSiteRelease(db, {
        author: 'site editor',
        message: 'The site as it was before the first publish',
        records: [],
        diff: '',
        content: before,
        content_hash: hashOf(before),
        based_on: null,
      })
      basedOn = baseline.id
    }
    return insertSiteRelease(db, { ...release, based_on: basedOn })
  }

  async function publish({
    drafts,
    versions,
    author,
    message,
  }: {
    drafts: Draft[]
    versions: Record<string, string>
    author: string
    message?: string | undefined
  }): Promise<PublishResult> {
    return serially(async () => {
      const started = performance.now()
      progress = { step: 'checking', startedAt: new Date().toISOString() }
      try {
        const { problems, texts } = records.check(drafts)
        if (problems.length > 0) return { ok: false, problems }
        const changedOnDisk = drafts
          .filter((d) => records.exists(d.id) && records.versionOf(records.textOf(d.id)!) !== versions[d.id])
          .map((d) => d.id)
        if (changedOnDisk.length > 0)
          return {
            ok: false,
            changedOnDisk,
            problems: changedOnDisk.map((id) => ({
              id,
              field: '',
              message: `changed on disk since it was opened here. Nothing was published: open it again to see the change, then make yours.`,
            })),
          }
        const before = folderContent()
        const content = { ...before, ...Object.fromEntries(texts) }
        const changed = Object.keys(content).filter((id) => before[id] !== content[id])
        if (changed.length === 0)
          return {
            ok: false,
            problems: [{ id: '', field: '', message: 'Nothing changed: there is nothing to publish.' }],
          }
        const release = await render(content)
        if ('problems' in release)
          return { ok: false, problems: release.problems.map((message) => ({ id: '', field: '', message })) }
        progress = { ...progress, step: 'writing' }
        writeFolder(content)
        const words = message?.trim() || `Site editor: ${changed.join(', ')}`
        commitToGit(contentDir, changed, words, author, log)
        const stored = await store(
          {
            author,
            message: words,
            records: changed,
            diff: releaseDiff(before, content),
            content,
            content_hash: release.hash,
          },
          before,
        )
        switchTo(release, stored.id)
        const ms = Math.round(performance.now() - started)
        log.info('site published', { release: stored.id, records: changed, ms, pages: release.pages })
        return { ok: true, release: { id: stored.id, ms, pages: release.pages, records: changed } }
      } finally {
        progress = undefined
      }
    })
  }

  /** Brings back the release the live one replaced, as a new release (so it can be undone too). */
  async function undo(author: string): Promise<PublishResult> {
    return serially(async () => {
      const started = performance.now()
      progress = { step: 'checking', startedAt: new Date().toISOString() }
      try {
        const current = live.id === null ? undefined : await siteRelease(db, live.id)
        const target = current?.based_on == null ? undefined : await siteRelease(db, current.based_on)
        if (!current || !target)
          return { ok: false, problems: [{ id: '', field: '', message: 'There is no earlier release to go back to.' }] }
        const release = await render(target.content)
        if ('problems' in release)
          return { ok: false, problems: release.problems.map((message) => ({ id: '', field: '', message })) }
        progress = { ...progress, step: 'writing' }
        const before = folderContent()
        const changed = writeFolder(target.content)
        const words = `Undo: back to the site of release ${target.id}, before “${current.message}”`
        commitToGit(contentDir, changed, words, author, log)
        const stored = await insertSiteRelease(db, {
          author,
          message: words,
          records: changed,
          diff: releaseDiff(before, target.content),
          content: target.content,
          content_hash: target.content_hash,
          based_on: target.based_on,
        })
        switchTo(release, stored.id)
        const ms = Math.round(performance.now() - started)
        log.info('site publish undone', { release: stored.id, back_to: target.id, ms })
        return { ok: true, release: { id: stored.id, ms, pages: release.pages, records: changed } }
      } finally {
        progress = undefined
      }
    })
  }

  /**
   * Serves the database's newest release when it is not the live one (another instance published
   * it, or this one restarted): rendered from its records, and the folder brought to it.
   */
  async function follow(): Promise<void> {
    return serially(async () => {
      const newest = await newestSiteRelease(db)
      if (!newest || newest.id === live.id) return
      if (newest.content_hash === live.hash) {
        live = { id: newest.id, hash: newest.content_hash }
        return
      }
      const release = await siteRelease(db, newest.id)
      const rendered = await render(release!.content)
      if ('problems' in rendered) {
        log.error('site editor: the newest release cannot be served here', {
          release: newest.id,
          problems: rendered.problems,
        })
        return
      }
      writeFolder(release!.content)
      switchTo(rendered, newest.id)
      log.info('site release followed', { release: newest.id })
    })
  }

  /**
   * At start: the folder as served (main.ts rendered it) is the live release when the database
   * has none, or the same. When they differ, the newer wins: a folder changed on disk after the
   * newest release (a developer's edit, a `git pull`) is recorded as a release of its own, so the
   * other instances follow it; else the database's release is served and written to the folder.
   */
  async function start(): Promise<void> {
    const newest = await newestSiteRelease(db)
    if (!newest) return
    if (newest.content_hash === live.hash) {
      live = { id: newest.id, hash: live.hash }
      return
    }
    const release = (await siteRelease(db, newest.id))!
    const changedAt = Math.max(...records.list().map((e) => statSync(path.join(contentDir, e.id)).mtimeMs))
    if (changedAt <= Date.parse(release.created_at)) return follow()
    const content = folderContent()
    const stored = await insertSiteRelease(db, {
      author: 'the content folder',
      message: 'Changed on disk, found at start',
      records: Object.keys({ ...content, ...release.content }).filter((id) => content[id] !== release.content[id]),
      diff: releaseDiff(release.content, content),
      content,
      content_hash: live.hash,
      based_on: release.id,
    })
    live = { id: stored.id, hash: live.hash }
    log.warn(
      'site editor: the content folder changed on disk since the last publish; served and recorded as a release',
      {
        release: stored.id,
      },
    )
  }

  /**
   * The page at `urlPath` as the drafts would publish it, nothing written (preview.ts); the
   * drafts' problems instead when they fail the checks. In turn with publishes: both point the
   * pages' code at a folder of their own while they render.
   */
  async function preview(
    drafts: Draft[],
    urlPath: string,
  ): Promise<{ ok: true; html: string } | { ok: false; problems: EditorProblem[] }> {
    const { problems, texts } = records.check(drafts, { nearCopy: false })
    if (problems.length > 0) return { ok: false, problems }
    const html = await serially(() => renderPreview({ contentDir, builtDir, texts, urlPath }))
    if (html === undefined)
      return { ok: false, problems: [{ id: '', field: 'path', message: `${urlPath} is not a page of the site.` }] }
    return { ok: true, html }
  }

  return {
    records,
    start,
    preview,
    publish,
    undo,
    follow,
    history: (limit = 30) => siteReleaseHistory(db, limit),
    progress: () => progress,
    live: () => live,
  }
}
