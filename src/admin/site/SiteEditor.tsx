// "Site" (issue 23, decision 060), opened from the header's Menu and loaded on demand in a chunk
// of its own: the owner edits the site's records from the phone. The list of what can be edited
// (by kind), "Add a town", a record's form made from its JSON Schema (SchemaForm.tsx) checked by
// the server as content:check checks it ~300 ms after each change (each problem at its field),
// the page it makes previewed at phone or desktop width, Publish (disabled while a problem stands)
// with its progress, then the history of publishes with their changes and "Undo".
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, Monitor, Plus, Smartphone, Undo2 } from 'lucide-react'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { Panel } from '../Panel.tsx'
import { btn, control, fieldProblem, label } from '../ui.ts'
import { fieldPaths, SchemaForm } from './SchemaForm.tsx'
import { site, SiteError, type EditorRecord, type Problem, type RecordEntry, type RecordKind } from './site-api.ts'

const W = {
  heading: 'Site',
  hint: 'Change what the website says. Each change is checked as you type; publish when no problem is left. Every publish can be undone.',
  close: 'Close',
  back: 'All records',
  loading: 'Loading…',
  kinds: {
    business: 'The business',
    site: 'The whole site',
    reviews: 'Reviews',
    urgency: 'Urgency phrases',
    confirmation: 'Confirmation to customers',
    booking: 'Booking',
    page: 'Pages',
    service: 'Services',
    town: 'Towns',
    county: 'Counties',
    state: 'States',
  } satisfies Record<RecordKind, string>,
  references:
    'Words in braces are filled in on every page from the business record: {company}, {shortName}, {phone}, {email}. Write them as they are, braces included.',
  checking: 'Checking…',
  noProblems: 'No problems found.',
  problems: (n: number) =>
    n === 1 ? '1 problem to fix before publishing:' : `${n} problems to fix before publishing:`,
  elsewhere: (id: string, field: string) => `${id}${field ? `, ${field}` : ''}:`,
  preview: 'Preview',
  phone: 'Phone',
  desktop: 'Desktop',
  previewTitle: (name: string) => `Preview of the page of ${name}`,
  previewStale: 'The preview shows the last version without problems.',
  publish: 'Publish',
  publishing: 'Publishing…',
  unchanged: 'Nothing changed yet.',
  steps: {
    checking: 'Checking the records',
    rendering: 'Making every page',
    'checking pages': 'Checking the pages',
    writing: 'Saving the records',
    switching: 'Switching the site over',
  } as Record<string, string>,
  published: (at: string, ms: number, pages: number) =>
    `Published at ${at}, in ${(ms / 1000).toFixed(1)} s (${pages} pages).`,
  history: 'History',
  historyHint: 'Each publish: who, when, which records, and what changed.',
  noHistory: 'Nothing has been published from here yet.',
  changes: 'What changed',
  undo: 'Undo the last publish',
  undoHeading: 'Undo the last publish?',
  undoText: (message: string) =>
    `The site goes back to what it was before “${message}”. This is a publish too, and can be undone.`,
  undoConfirm: 'Undo',
  undoCancel: 'Keep it',
  undone: (at: string) => `Undone at ${at}: the site is as it was before.`,
  addTown: 'Add a town',
  townHint:
    'A new page for a town you now serve. It starts from the same text as every new town page; write its own words before it can be published.',
  townName: 'Town name',
  county: 'County',
  zips: 'ZIP codes',
  zipsHint: 'Five digits each, separated by spaces or commas.',
  ownWords: 'A few lines about this town',
  ownWordsHint: 'Its neighborhoods, its homes, what people there call us for. One paragraph per line.',
  makeTown: 'Start the town page',
  cancel: 'Cancel',
}

const time = (date: Date) => date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit', second: '2-digit' })

/** The page a record makes: its own, or the home page for what is shown on every page. */
const pageOf = (record: RecordEntry) => record.path ?? (record.kind === 'confirmation' ? '/contact/sent' : '/')

/** Where the checks report a town page that is mostly another's words (src/server/editor/records.ts). */
const NEAR_COPY_FIELD = 'intro.paragraphs'

type Opened = { record: EditorRecord; isNew: boolean }

export function SiteEditor({ onClose }: { onClose: () => void }) {
  const [opened, setOpened] = useState<Opened | null>(null)
  const [addingTown, setAddingTown] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  const queryClient = useQueryClient()
  const openRecord = async (entryId: string) => {
    const record = await queryClient.fetchQuery({
      queryKey: ['site', 'record', entryId],
      queryFn: () => site.record(entryId),
      staleTime: 0,
    })
    setOpened({ record, isNew: false })
  }
  return (
    <Panel heading={W.heading} hint={W.hint} close={W.close} onClose={onClose} data-site-editor="">
      {note && (
        <p
          role="status"
          className="mt-3 rounded-lg bg-green-50 p-2 text-sm font-semibold text-green-900"
          data-site-note=""
        >
          {note}
        </p>
      )}
      {opened ? (
        <RecordEditor
          key={`${opened.record.id} ${opened.record.version}`}
          opened={opened}
          onBack={() => setOpened(null)}
          onPublished={async (entryId, message) => {
            setNote(message)
            void queryClient.invalidateQueries({ queryKey: ['site'] })
            await openRecord(entryId)
          }}
        />
      ) : addingTown ? (
        <AddTown
          onCancel={() => setAddingTown(false)}
          onMade={(record) => {
            setAddingTown(false)
            setOpened({ record, isNew: true })
          }}
        />
      ) : (
        <>
          <button type="button" className={`${btn('secondary')} mt-3`} onClick={() => setAddingTown(true)}>
            <Plus className="size-5" aria-hidden="true" focusable="false" />
            {W.addTown}
          </button>
          <RecordList onOpen={(entryId) => void openRecord(entryId)} />
          <History onUndone={(message) => setNote(message)} />
        </>
      )}
    </Panel>
  )
}

function RecordList({ onOpen }: { onOpen: (id: string) => void }) {
  const records = useQuery({ queryKey: ['site', 'records'], queryFn: site.records })
  if (records.error)
    return (
      <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
        {records.error.message}
      </p>
    )
  if (!records.data) return <p className="mt-3 text-sm text-slate-600">{W.loading}</p>
  const kinds = [...new Set(records.data.map((r) => r.kind))]
  return (
    <div className="mt-3 grid gap-2" data-site-records="">
      {kinds.map((kind) => {
        const list = records.data.filter((r) => r.kind === kind)
        const items = (
          <ul className="grid gap-1">
            {list.map((record) => (
              <li key={record.id}>
                <button
                  type="button"
                  className={`${btn('quiet', 'sm')} w-full justify-start text-left`}
                  onClick={() => onOpen(record.id)}
                >
                  <span className="min-w-0 truncate">{list.length === 1 ? W.kinds[kind] : record.name}</span>
                  {record.path && (
                    <span className="ml-auto shrink-0 text-xs font-normal text-slate-600">{record.path}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )
        return list.length === 1 ? (
          <div key={kind}>{items}</div>
        ) : (
          <details key={kind} className="rounded-lg border border-slate-200 px-2 py-1">
            <summary className="min-h-9 cursor-pointer py-1.5 font-semibold text-brand-900">
              {W.kinds[kind]} ({list.length})
            </summary>
            {items}
          </details>
        )
      })}
    </div>
  )
}

function RecordEditor({
  opened,
  onBack,
  onPublished,
}: {
  opened: Opened
  onBack: () => void
  onPublished: (id: string, message: string) => Promise<void>
}) {
  const { record, isNew } = opened
  const [draft, setDraft] = useState<unknown>(record.data)
  const [problems, setProblems] = useState<Problem[]>([])
  const [checking, setChecking] = useState(true)
  const [html, setHtml] = useState<string | null>(null)
  const [stale, setStale] = useState(false)
  const [width, setWidth] = useState<'phone' | 'desktop'>('phone')
  const drafts = [{ id: record.id, data: draft }]
  const changed = isNew || JSON.stringify(draft) !== JSON.stringify(record.data)

  // ~300 ms after the last change: the server's checks, then the page as it would be published.
  useEffect(() => {
    const abort = new AbortController()
    const timer = setTimeout(() => {
      const sent = [{ id: record.id, data: draft }]
      site
        .check(sent, abort.signal)
        .then(({ problems: found }) => {
          setProblems(found)
          setChecking(false)
          // A page with a problem cannot be made, except a town's near-copy (reported at its
          // introduction, decision 056): that page is shown, and refused at publishing.
          const showable = found.every((p) => p.id === record.id && p.field === NEAR_COPY_FIELD)
          if (!showable) return setStale(true)
          return site.preview(sent, pageOf(record), abort.signal).then((page) => {
            setHtml(page)
            setStale(false)
          })
        })
        .catch((error: unknown) => {
          if (abort.signal.aborted) return
          setChecking(false)
          if (error instanceof SiteError && error.problems.length > 0) setStale(true)
          else setProblems([{ id: '', field: '', message: (error as Error).message }])
        })
    }, 300)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [draft, record])

  const publish = useMutation({
    mutationFn: () => site.publish(drafts, isNew ? {} : { [record.id]: record.version }),
    onSuccess: (release) => onPublished(record.id, W.published(time(new Date()), release.ms, release.pages)),
    onError: (error) => {
      if (error instanceof SiteError && error.problems.length > 0) setProblems(error.problems)
      else setProblems([{ id: '', field: '', message: error.message }])
    },
  })
  const progress = useQuery({
    queryKey: ['site', 'progress'],
    queryFn: site.progress,
    enabled: publish.isPending,
    refetchInterval: 250,
  })

  const atFields = new Map<string, string[]>()
  const shown = fieldPaths(record.schema, draft)
  const other: Problem[] = []
  for (const problem of problems) {
    if (problem.id === record.id && shown.has(problem.field))
      atFields.set(problem.field, [...(atFields.get(problem.field) ?? []), problem.message])
    else other.push(problem)
  }
  const step = publish.isPending && progress.data ? W.steps[progress.data.step] : undefined

  return (
    <div className="mt-3" data-record={record.id}>
      <button type="button" className={btn('outline', 'sm')} onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden="true" focusable="false" />
        {W.back}
      </button>
      <h3 className="mt-3 text-lg font-bold text-brand-900">
        {record.kind in W.kinds && !record.path ? W.kinds[record.kind] : record.name}
        {record.path && <span className="ml-2 text-sm font-normal text-slate-600">{record.path}</span>}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{W.references}</p>

      <div className="mt-3 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start lg:gap-5">
        <form className="min-w-0" onSubmit={(event) => event.preventDefault()} noValidate>
          <SchemaForm
            schema={record.schema}
            value={draft}
            problems={atFields}
            onChange={(next) => {
              setDraft(next)
              setChecking(true)
            }}
          />
        </form>
        <div className="mt-4 min-w-0 lg:sticky lg:top-2 lg:mt-0">
          <Preview html={html} stale={stale} width={width} onWidth={setWidth} name={record.name} />
        </div>
      </div>

      <div
        className="sticky bottom-0 z-10 -mx-3 mt-4 border-t border-slate-200 bg-white/95 px-3 py-2 sm:-mx-5 sm:px-5"
        data-publish-bar=""
      >
        <div aria-live="polite" className="text-sm">
          {checking ? (
            <p className="text-slate-600">{W.checking}</p>
          ) : problems.length > 0 ? (
            <>
              <p className={fieldProblem}>{W.problems(problems.length)}</p>
              {other.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-red-800" data-other-problems="">
                  {other.map((p, i) => (
                    <li key={i}>
                      {p.id && <span className="font-semibold">{W.elsewhere(p.id, p.field)} </span>}
                      {p.message}
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : changed ? (
            <p className="text-green-800">{W.noProblems}</p>
          ) : (
            <p className="text-slate-600">{W.unchanged}</p>
          )}
          {step && (
            <p role="status" className="mt-1 font-semibold text-brand-900" data-progress="">
              {W.publishing} {step}
            </p>
          )}
        </div>
        <button
          type="button"
          className={`${btn('primary')} mt-2 w-full sm:w-auto`}
          disabled={checking || problems.length > 0 || !changed || publish.isPending}
          onClick={() => publish.mutate()}
        >
          {publish.isPending ? W.publishing : W.publish}
        </button>
      </div>
    </div>
  )
}

const WIDTHS = { phone: 390, desktop: 1280 }
const HEIGHT = 760

/** The page in a sandboxed frame (no script runs in it), at a phone's or a desktop's width, scaled to fit. */
function Preview({
  html,
  stale,
  width,
  onWidth,
  name,
}: {
  html: string | null
  stale: boolean
  width: 'phone' | 'desktop'
  onWidth: (width: 'phone' | 'desktop') => void
  name: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const [room, setRoom] = useState(0)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const observer = new ResizeObserver(() => setRoom(element.clientWidth))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const pixels = WIDTHS[width]
  const scale = room > 0 ? Math.min(1, room / pixels) : 1
  return (
    <section aria-label={W.preview} data-preview="">
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-bold text-brand-900">{W.preview}</h4>
        <div className="flex gap-1" role="group" aria-label={W.preview}>
          {(['phone', 'desktop'] as const).map((w) => (
            <button
              key={w}
              type="button"
              className={btn(width === w ? 'secondary' : 'outline', 'sm')}
              aria-pressed={width === w}
              onClick={() => onWidth(w)}
            >
              {w === 'phone' ? (
                <Smartphone className="size-4" aria-hidden="true" focusable="false" />
              ) : (
                <Monitor className="size-4" aria-hidden="true" focusable="false" />
              )}
              {w === 'phone' ? W.phone : W.desktop}
            </button>
          ))}
        </div>
      </div>
      {stale && <p className="mt-1 text-sm text-slate-600">{W.previewStale}</p>}
      <div ref={box} className="mt-2 overflow-hidden rounded-lg border border-slate-300 bg-slate-100">
        {html === null ? (
          <p className="p-3 text-sm text-slate-600">{W.loading}</p>
        ) : (
          <div style={{ height: HEIGHT * scale }}>
            <iframe
              title={W.previewTitle(name)}
              sandbox="allow-same-origin"
              srcDoc={html}
              width={pixels}
              height={HEIGHT}
              className="origin-top-left border-0 bg-white"
              style={{ transform: `scale(${scale})` }}
              data-preview-frame={width}
            />
          </div>
        )}
      </div>
    </section>
  )
}

function History({ onUndone }: { onUndone: (message: string) => void }) {
  const queryClient = useQueryClient()
  const history = useQuery({ queryKey: ['site', 'history'], queryFn: site.history })
  const [asking, setAsking] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const releases = history.data?.releases ?? []
  const last = releases[0]
  const canUndo = last !== undefined && releases.length > 1
  return (
    <section className="mt-5" aria-label={W.history} data-site-history="">
      <h3 className="text-lg font-bold text-brand-900">{W.history}</h3>
      <p className="mt-1 text-sm text-slate-600">{W.historyHint}</p>
      {failure && (
        <p role="alert" className={fieldProblem}>
          {failure}
        </p>
      )}
      {canUndo && (
        <button type="button" className={`${btn('danger', 'sm')} mt-2`} onClick={() => setAsking(true)}>
          <Undo2 className="size-4" aria-hidden="true" focusable="false" />
          {W.undo}
        </button>
      )}
      <ConfirmDialog
        open={asking}
        heading={W.undoHeading}
        text={W.undoText(last?.message ?? '')}
        confirm={W.undoConfirm}
        cancel={W.undoCancel}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          try {
            await site.undo()
            setFailure(null)
            onUndone(W.undone(time(new Date())))
          } catch (error) {
            setFailure((error as Error).message)
          }
          await queryClient.invalidateQueries({ queryKey: ['site'] })
          return true
        }}
      />
      {history.error ? (
        <p role="alert" className={fieldProblem}>
          {history.error.message}
        </p>
      ) : releases.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{history.isPending ? W.loading : W.noHistory}</p>
      ) : (
        <ol className="mt-2 grid gap-2">
          {releases.map((release) => (
            <li key={release.id} className="rounded-lg border border-slate-200 p-2 text-sm" data-release={release.id}>
              <p className="font-semibold text-slate-900">{release.message}</p>
              <p className="text-slate-600">
                {new Date(release.created_at).toLocaleString()} · {release.author}
                {release.records.length > 0 && <> · {release.records.join(', ')}</>}
              </p>
              {release.diff && <Diff text={release.diff} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** A publish's change, line by line, behind a button. */
function Diff({ text }: { text: string }) {
  const id = useId()
  const [shown, setShown] = useState(false)
  return (
    <div className="mt-1">
      <button
        type="button"
        className={btn('quiet', 'sm')}
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((was) => !was)}
      >
        {W.changes}
      </button>
      <pre
        id={id}
        hidden={!shown}
        className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap"
      >
        {text}
      </pre>
    </div>
  )
}

function AddTown({ onCancel, onMade }: { onCancel: () => void; onMade: (record: EditorRecord) => void }) {
  const id = useId()
  const records = useQuery({ queryKey: ['site', 'records'], queryFn: site.records })
  const counties = (records.data ?? []).filter((r) => r.kind === 'county').map((r) => r.name)
  const make = useMutation({
    mutationFn: async (form: { name: string; county: string; zips: string[]; lines: string[] }) => {
      const made = await site.newTown(form.name, form.county)
      const data: Record<string, unknown> = { ...made.data }
      if (form.zips.length > 0) data.zips = form.zips
      if (form.lines.length > 0) data.intro = { ...(data.intro as object), paragraphs: form.lines }
      const record: EditorRecord = { ...made, data, kind: 'town', name: form.name, version: '' }
      return record
    },
    onSuccess: onMade,
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (field: string) => {
      const value = form.get(field)
      return typeof value === 'string' ? value : ''
    }
    make.mutate({
      name: text('name').trim(),
      county: text('county'),
      zips: text('zips')
        .split(/[\s,]+/)
        .filter(Boolean),
      lines: text('lines')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    })
  }
  return (
    <form className="mt-3 grid gap-3" onSubmit={submit} data-add-town="">
      <h3 className="text-lg font-bold text-brand-900">{W.addTown}</h3>
      <p className="text-sm text-slate-600">{W.townHint}</p>
      <div>
        <label htmlFor={`${id}-name`} className={label}>
          {W.townName}
        </label>
        <input id={`${id}-name`} name="name" className={`${control} mt-1`} required autoComplete="off" />
      </div>
      <div>
        <label htmlFor={`${id}-county`} className={label}>
          {W.county}
        </label>
        <select id={`${id}-county`} name="county" className={`${control} mt-1`} required>
          {counties.map((county) => (
            <option key={county}>{county}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-zips`} className={label}>
          {W.zips}
        </label>
        <input
          id={`${id}-zips`}
          name="zips"
          className={`${control} mt-1`}
          inputMode="numeric"
          autoComplete="off"
          aria-describedby={`${id}-zips-hint`}
        />
        <p id={`${id}-zips-hint`} className="mt-1 text-sm text-slate-600">
          {W.zipsHint}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-lines`} className={label}>
          {W.ownWords}
        </label>
        <textarea
          id={`${id}-lines`}
          name="lines"
          rows={4}
          className={`${control} mt-1`}
          aria-describedby={`${id}-lines-hint`}
        />
        <p id={`${id}-lines-hint`} className="mt-1 text-sm text-slate-600">
          {W.ownWordsHint}
        </p>
      </div>
      {make.error && (
        <p role="alert" className={fieldProblem}>
          {make.error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={btn('primary')} disabled={make.isPending}>
          {W.makeTown}
        </button>
        <button type="button" className={btn('outline')} onClick={onCancel}>
          {W.cancel}
        </button>
      </div>
    </form>
  )
}
