// The inbox (SPEC §2 "Admin dashboard" and PRODUCT.md "Admin", "The lead desk"): the counts and the
// median first response, the tabs (All Submissions, Unread, Clients, Follow-ups, Spam, Trash),
// search and filters, "Mark all as read", the CSV of what is shown, and the cards, one column on
// a phone and two from a laptop's width, page by page.
import {
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { BarChart3, CheckCheck, Download, LogOut, Search, SlidersHorizontal } from 'lucide-react'
import { SERVICE_OPTIONS } from '../lead/message.ts'
import { api, csvUrl } from './api.ts'
import { useRun } from './actions.ts'
import { BusyButton } from './BusyButton.tsx'
import { DeleteDialog } from './DeleteDialog.tsx'
import { formatDuration } from './format.ts'
import { T, TOASTS } from './messages.ts'
import { AlertBanner } from './AlertBanner.tsx'
import {
  FIRST_VIEW,
  useApplyChange,
  useCounts,
  useRefreshLists,
  useResponseTimes,
  useSubmission,
  useSubmissions,
} from './queries.ts'
import { NotificationsSwitch } from './NotificationsSwitch.tsx'
import { useSourceNames } from './sources.ts'
import { SourcesReport } from './SourcesReport.tsx'
import { StatusOptions } from './StatusOptions.tsx'
import { SubmissionCard } from './SubmissionCard.tsx'
import { useNotify } from './Toasts.tsx'
import { VIEW_COUNTS, VIEWS, type Counts, type ListQuery, type Status, type Submission, type View } from './types.ts'
import { btn, button, card, control, label } from './ui.ts'

const SEARCH_DELAY_MS = 300
const SEARCH_MAX = 100

function tabLabel(view: View, counts: Counts | undefined): string {
  const n = counts === undefined || view === 'all' ? null : counts[VIEW_COUNTS[view]]
  return n === null ? T.inbox.tabs[view] : `${T.inbox.tabs[view]} (${n})`
}

function CountsSummary({ counts }: { counts: Counts | undefined }) {
  const items = [
    [T.inbox.counts.total, counts?.total],
    [T.inbox.counts.unread, counts?.unread],
    [T.inbox.counts.clients, counts?.clients],
    [T.inbox.counts.due, counts?.due],
  ] as const
  return (
    <dl className="grid grid-cols-4 gap-1.5 sm:flex sm:gap-3">
      {items.map(([name, value]) => (
        <div key={name} className="rounded-lg bg-white/10 px-2 py-1.5 sm:min-w-28 sm:px-4 sm:py-2">
          <dt className="text-xs leading-tight font-semibold text-brand-100 sm:text-sm">{name}</dt>
          <dd className="text-xl font-extrabold tabular-nums sm:text-2xl">{value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  )
}

function ResponseTimes({ ready }: { ready: boolean }) {
  const { data } = useResponseTimes(ready)
  if (!data) return null
  return (
    <p className="mt-2 text-sm text-brand-100">
      <span className="font-semibold text-white">{T.inbox.response}</span> <span>({T.inbox.responseHint})</span>
      {data.map((p) => (
        <span key={p.days} className="whitespace-nowrap">
          {' · '}
          {T.inbox.responseDays(p.days)}:{' '}
          <span className="font-bold text-white">
            {p.medianMs === null ? T.inbox.responseNone : formatDuration(p.medianMs)}
          </span>
        </span>
      ))}
    </p>
  )
}

function Tabs({ view, counts, onSelect }: { view: View; counts: Counts | undefined; onSelect: (view: View) => void }) {
  const refs = useRef<Partial<Record<View, HTMLButtonElement | null>>>({})
  // Arrow keys move between tabs and select (the APG tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent) => {
    const at = VIEWS.indexOf(view)
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: VIEWS.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const target = VIEWS[(next + VIEWS.length) % VIEWS.length]!
    onSelect(target)
    refs.current[target]?.focus()
  }
  return (
    // On a phone the tabs scroll sideways in one row rather than taking three.
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <div role="tablist" aria-label={T.inbox.tabsLabel} className="inline-flex gap-1 rounded-xl bg-slate-200 p-1">
        {VIEWS.map((v) => (
          <button
            key={v}
            ref={(el) => {
              refs.current[v] = el
            }}
            id={`tab-${v}`}
            type="button"
            role="tab"
            aria-selected={v === view}
            aria-controls="inbox-panel"
            tabIndex={v === view ? 0 : -1}
            className={`min-h-11 rounded-lg px-3 font-semibold whitespace-nowrap ${
              v === view ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-700 hover:bg-white/60'
            }`}
            onClick={() => onSelect(v)}
            onKeyDown={onKeyDown}
          >
            {tabLabel(v, counts)}
          </button>
        ))}
      </div>
    </div>
  )
}

/** The cards drawn in the first frame; the rest follow right after, so that the list appears
 * without waiting for fifty cards to be drawn (a phone shows two or three at a time). */
const FIRST_CARDS = 8

function CardList({
  items,
  dimmed,
  onAskDelete,
}: {
  items: Submission[]
  dimmed: boolean
  onAskDelete: (item: Submission, opener: HTMLElement) => void
}) {
  // On mount: the first cards at once, all of them in a background render. Later changes wait
  // for their background render with the current cards on screen.
  const shown = useDeferredValue(items, items.slice(0, FIRST_CARDS))
  return (
    <ul className={`grid items-start gap-2 sm:gap-3 lg:grid-cols-2 ${dimmed ? 'opacity-60' : ''}`}>
      {shown.map((item) => (
        <li key={item.id} className="h-full">
          <SubmissionCard item={item} onAskDelete={onAskDelete} />
        </li>
      ))}
    </ul>
  )
}

function FilterSelect({
  id,
  label: text,
  value,
  onChange,
  children,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} className={`${control} mt-1`} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  )
}

/**
 * The request a link opens (/admin?request=<id>: a tapped notification, docs/decisions/030-web-push.md),
 * from the address at load, or from the service worker when the inbox was open already.
 */
function useOpenedRequest(): [string | null, () => void] {
  const id = useSyncExternalStore(
    subscribeToAddress,
    () => new URLSearchParams(window.location.search).get('request'),
    () => null,
  )
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null
      if (data?.type !== 'open' || typeof data.url !== 'string') return
      const url = new URL(data.url, window.location.origin)
      if (url.origin === window.location.origin) goTo(`${url.pathname}${url.search}`, 'push')
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [])
  return [id, () => goTo(window.location.pathname, 'replace')]
}

/** The address's changes: back and forward, and goTo's. */
function subscribeToAddress(onChange: () => void) {
  window.addEventListener('popstate', onChange)
  window.addEventListener(ADDRESS_CHANGED, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(ADDRESS_CHANGED, onChange)
  }
}
const ADDRESS_CHANGED = 'inbox:address'
function goTo(path: string, how: 'push' | 'replace') {
  if (how === 'push') window.history.pushState(null, '', path)
  else window.history.replaceState(null, '', path)
  window.dispatchEvent(new Event(ADDRESS_CHANGED))
}

/** The request a notification opened, on top of the inbox and in view. */
function OpenedRequest({
  id,
  onClose,
  onAskDelete,
}: {
  id: string
  onClose: () => void
  onAskDelete: (item: Submission, opener: HTMLElement) => void
}) {
  const { data, isError } = useSubmission(id)
  const section = useRef<HTMLElement>(null)
  const shown = data !== undefined || isError
  useEffect(() => {
    if (!shown) return
    section.current?.scrollIntoView({ block: 'start' })
    section.current?.focus({ preventScroll: true })
  }, [shown, id])
  if (!shown) return null
  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-labelledby="opened-heading"
      data-opened={id}
      className="-mx-1.5 mb-3 scroll-mt-20 rounded-xl bg-accent-50 p-1.5 ring-2 ring-accent-600 focus:outline-none sm:mx-0 sm:p-3"
    >
      <div className="mb-1.5 flex items-center justify-between gap-2 pl-1.5">
        <h2 id="opened-heading" className="font-bold text-accent-800">
          {T.opened.heading}
        </h2>
        <button type="button" className={btn('quiet', 'sm')} onClick={onClose}>
          {T.opened.close}
        </button>
      </div>
      {data ? (
        <SubmissionCard item={data} onAskDelete={onAskDelete} />
      ) : (
        <p className={`${card} p-4 font-semibold text-slate-700`}>{T.opened.missing}</p>
      )}
    </section>
  )
}

/** The loading skeleton: exactly 3 placeholder blocks (SPEC §2, §9). */
function Skeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        {T.inbox.loading}
      </p>
      <ul className="grid gap-3 lg:grid-cols-2" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={`${card} p-3 sm:p-4`} data-skeleton="">
            <div className="motion-safe:animate-pulse">
              <div className="h-6 w-48 max-w-full rounded bg-slate-200" />
              <div className="mt-2 h-4 w-64 max-w-full rounded bg-slate-200" />
              <div className="mt-3 h-12 rounded bg-slate-100" />
              <div className="mt-3 h-11 rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function Inbox({ title, onLogout }: { title: string; onLogout: () => Promise<void> }) {
  const [query, setQuery] = useState<ListQuery>(FIRST_VIEW)
  const [search, setSearch] = useState('')
  const list = useSubmissions(query)
  const counts = useCounts()
  const run = useRun()
  const notify = useNotify()
  const apply = useApplyChange()
  const refresh = useRefreshLists()
  const [deleting, setDeleting] = useState<{ item: Submission; opener: HTMLElement } | null>(null)
  const [opened, closeOpened] = useOpenedRequest()
  const [markingAll, setMarkingAll] = useState(false)
  const [showFilters, setShowFilters] = useState(false)
  const [showSources, setShowSources] = useState(false)
  const sourceNames = useSourceNames(query.source)
  const filtersShown = showFilters || query.status !== '' || query.service !== '' || query.source !== ''
  const panel = useRef<HTMLDivElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  // Just signed in: the login form is gone, the focus starts at the top of the inbox.
  useEffect(() => heading.current?.focus(), [])

  // The tab's title counts the unread requests: "(3) Admin | Longbar Heating & Cooling"; plain again once signed out.
  useEffect(() => {
    document.title = counts?.unread ? `(${counts.unread}) ${title}` : title
    return () => {
      document.title = title
    }
  }, [counts?.unread, title])

  // The search applies a moment after typing stops (or at once with Enter).
  useEffect(() => {
    const q = search.trim()
    if (q === query.q) return
    const timer = window.setTimeout(() => setQuery((old) => ({ ...old, q })), SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [search, query.q])

  // A failed first page (after its retries) is worth a toast; a lost session goes back to the login form.
  const failedOnce = useRef<unknown>(null)
  useEffect(() => {
    if (list.error && failedOnce.current !== list.error) {
      failedOnce.current = list.error
      void run(() => Promise.reject(list.error), null, TOASTS.fetchFailed)
    }
  }, [list.error, run])

  const remove = async (item: Submission): Promise<boolean> => {
    const answer = await run(() => api.trash(item.id), TOASTS.deleted, TOASTS.deleteFailed)
    if (answer instanceof Error) return false
    apply(answer, { drop: true })
    return true
  }

  const markAll = async () => {
    setMarkingAll(true)
    const answer = await run(() => api.markAllRead(query), null, TOASTS.allReadFailed)
    setMarkingAll(false)
    if (answer instanceof Error) return
    apply(answer)
    notify(TOASTS.allRead(answer.marked))
    await refresh()
  }

  const closeDialog = () => {
    const opener = deleting?.opener
    setDeleting(null)
    // Back to the Delete button; if its card is gone, to the list.
    if (opener?.isConnected) opener.focus()
    else panel.current?.focus()
  }

  const items = list.data?.pages.flatMap((p) => p.items) ?? []
  const phase = list.data ? 'ready' : list.isError ? 'failed' : 'loading'
  // A new view or filter is on its way while the old list stays on screen.
  const refreshing = list.isPlaceholderData
  const unreadShown = query.view !== 'spam' && query.view !== 'trash'
  return (
    <div className="bg-slate-50">
      <section className="bg-brand-900 text-white" aria-labelledby="page-title">
        <div className="container-page py-3 sm:py-6">
          <div className="flex items-center justify-between gap-4">
            <h1
              id="page-title"
              ref={heading}
              tabIndex={-1}
              className="text-2xl font-extrabold focus:outline-none sm:text-4xl"
            >
              {T.inbox.heading}
            </h1>
            <div className="flex gap-2">
              <button
                type="button"
                className={button.onDark}
                aria-expanded={showSources}
                onClick={() => setShowSources((open) => !open)}
              >
                <BarChart3 className="size-5" aria-hidden="true" focusable="false" />
                {/* On a phone the icon alone, so "Log out" keeps one line; the name stays for assistive technology. */}
                <span className="sr-only sm:not-sr-only">{T.inbox.sources}</span>
              </button>
              <BusyButton className={button.onDark} onClick={onLogout}>
                <LogOut className="size-5" aria-hidden="true" focusable="false" />
                {T.inbox.logout}
              </BusyButton>
            </div>
          </div>
          <div className="mt-2 sm:mt-3">
            <CountsSummary counts={counts} />
          </div>
          <ResponseTimes ready={list.isSuccess} />
          <NotificationsSwitch />
        </div>
      </section>

      <div className="container-page py-3 sm:py-6">
        <AlertBanner ready={list.isSuccess} />
        {showSources && (
          <SourcesReport
            onClose={() => setShowSources(false)}
            onPick={(source) => {
              setShowSources(false)
              setQuery((old) => ({ ...old, view: 'all', source }))
              panel.current?.focus()
            }}
          />
        )}
        {opened && (
          <OpenedRequest
            id={opened}
            onClose={closeOpened}
            onAskDelete={(it, opener) => setDeleting({ item: it, opener })}
          />
        )}
        <Tabs view={query.view} counts={counts} onSelect={(view) => setQuery((old) => ({ ...old, view }))} />

        <div
          id="inbox-panel"
          role="tabpanel"
          aria-labelledby={`tab-${query.view}`}
          ref={panel}
          tabIndex={-1}
          className="mt-3 focus:outline-none"
        >
          <form
            role="search"
            aria-label={T.inbox.filters}
            className={`${card} grid grid-cols-[minmax(0,1fr)_auto] gap-2 p-2.5 sm:grid-cols-2 sm:gap-x-4 sm:gap-y-3 sm:p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto_auto] lg:items-end`}
            onSubmit={(event) => {
              event.preventDefault()
              setQuery((old) => ({ ...old, q: search.trim() }))
            }}
          >
            <div className="sm:col-span-2 lg:col-span-1">
              <label htmlFor="inbox-search" className={`${label} sr-only sm:not-sr-only`}>
                {T.inbox.search}
              </label>
              <div className="relative sm:mt-1">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
                  aria-hidden="true"
                  focusable="false"
                />
                <input
                  id="inbox-search"
                  type="search"
                  className={`${control} pl-10`}
                  placeholder={T.inbox.searchHint}
                  maxLength={SEARCH_MAX}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
            </div>
            {/* On a phone the two filters wait behind a button, unless one is in use. */}
            <button
              type="button"
              className={`${btn('outline', 'narrow')} sm:hidden`}
              aria-expanded={filtersShown}
              aria-controls="inbox-filters"
              onClick={() => setShowFilters((open) => !open)}
            >
              <SlidersHorizontal className="size-5" aria-hidden="true" focusable="false" />
              {T.inbox.filtersButton}
            </button>
            <div
              id="inbox-filters"
              className={`${filtersShown ? 'grid' : 'hidden'} col-span-2 grid-cols-2 gap-2 sm:contents`}
            >
              <FilterSelect
                id="inbox-status"
                label={T.inbox.status}
                value={query.status}
                onChange={(status) => setQuery((old) => ({ ...old, status: status as Status | '' }))}
              >
                <option value="">{T.inbox.anyStatus}</option>
                <StatusOptions />
              </FilterSelect>
              <FilterSelect
                id="inbox-service"
                label={T.inbox.service}
                value={query.service}
                onChange={(service) => setQuery((old) => ({ ...old, service }))}
              >
                <option value="">{T.inbox.anyService}</option>
                {SERVICE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
                <option value="none">{T.inbox.noService}</option>
              </FilterSelect>
              <div className="col-span-2 sm:col-span-1">
                <FilterSelect
                  id="inbox-source"
                  label={T.inbox.source}
                  value={query.source}
                  onChange={(source) => setQuery((old) => ({ ...old, source }))}
                >
                  <option value="">{T.inbox.anySource}</option>
                  {sourceNames.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </FilterSelect>
              </div>
            </div>
            <div className="col-span-2 flex gap-2 sm:col-span-2 lg:col-span-2">
              {unreadShown && (
                <button
                  type="button"
                  className={`${btn('outline', 'narrow')} flex-1 text-sm whitespace-nowrap sm:flex-none sm:text-base`}
                  disabled={markingAll}
                  onClick={markAll}
                >
                  <CheckCheck className="size-5" aria-hidden="true" focusable="false" />
                  {T.inbox.markAllRead}
                </button>
              )}
              <a
                href={csvUrl(query)}
                download
                className={`${btn('outline', 'narrow')} flex-1 text-sm whitespace-nowrap sm:flex-none sm:text-base`}
              >
                <Download className="size-5" aria-hidden="true" focusable="false" />
                {T.inbox.exportCsv}
              </a>
            </div>
          </form>

          <div className="mt-3" aria-busy={phase === 'loading' || refreshing}>
            <noscript>
              <p className="mb-3 font-semibold text-red-800">{T.needsScript}</p>
            </noscript>
            {phase === 'loading' && <Skeleton />}
            {phase === 'failed' && (
              <div className={`${card} p-6 text-center`}>
                <p className="font-semibold text-slate-900">{T.inbox.failed}</p>
                <button type="button" className={`${button.secondary} mt-4`} onClick={() => void list.refetch()}>
                  {T.inbox.retry}
                </button>
              </div>
            )}
            {phase === 'ready' && (
              <>
                <p role="status" className="mb-2 text-sm text-slate-600">
                  {items.length > 0 ? T.inbox.shown(items.length, list.hasNextPage) : ''}
                </p>
                {items.length === 0 ? (
                  <p className={`${card} p-8 text-center text-lg font-semibold text-slate-700`}>{T.inbox.empty}</p>
                ) : (
                  <CardList
                    items={items}
                    dimmed={refreshing}
                    onAskDelete={(it, opener) => setDeleting({ item: it, opener })}
                  />
                )}
                {list.hasNextPage && (
                  <div className="mt-6 flex justify-center">
                    <button
                      type="button"
                      className={button.secondary}
                      disabled={list.isFetchingNextPage}
                      onClick={() => void list.fetchNextPage()}
                    >
                      {list.isFetchingNextPage ? T.inbox.loadingMore : T.inbox.loadMore}
                    </button>
                  </div>
                )}
              </>
            )}
          </div>
        </div>
      </div>
      <DeleteDialog item={deleting?.item ?? null} onConfirm={remove} onClose={closeDialog} />
    </div>
  )
}
