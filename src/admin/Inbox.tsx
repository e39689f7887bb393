// The inbox (SPEC §2 "Admin dashboard" and PRODUCT.md "Admin"): counts, the tabs All / Unread /
// Clients / Spam, search and filters, the cards page by page, CSV export of what is shown.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Download, LogOut, Search } from 'lucide-react'
import { SERVICE_OPTIONS } from '../contact/message.ts'
import { csvUrl } from './api.ts'
import { DeleteDialog } from './DeleteDialog.tsx'
import { T } from './messages.ts'
import { StatusOptions } from './StatusOptions.tsx'
import { SubmissionCard, type CardActions } from './SubmissionCard.tsx'
import { useNotify } from './Toasts.tsx'
import { VIEWS, type Counts, type ListQuery, type Status, type Submission, type View } from './types.ts'
import { button, card, control, label } from './ui.ts'
import { useInbox } from './useInbox.ts'

const SEARCH_DELAY_MS = 300
const SEARCH_MAX = 100

function tabLabel(view: View, counts: Counts | null): string {
  const n = counts === null ? null : { all: null, unread: counts.unread, clients: counts.clients, spam: counts.spam }[view]
  return n === null ? T.inbox.tabs[view] : `${T.inbox.tabs[view]} (${n})`
}

function CountsSummary({ counts }: { counts: Counts | null }) {
  const items = [
    [T.inbox.counts.total, counts?.total],
    [T.inbox.counts.unread, counts?.unread],
    [T.inbox.counts.clients, counts?.clients],
  ] as const
  return (
    <dl className="grid grid-cols-3 gap-2 sm:flex sm:gap-3">
      {items.map(([name, value]) => (
        <div key={name} className="rounded-lg bg-white/10 px-3 py-2 sm:min-w-28 sm:px-4">
          <dt className="text-sm font-semibold text-brand-100">{name}</dt>
          <dd className="text-2xl font-extrabold tabular-nums">{value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  )
}

function Tabs({ view, counts, onSelect }: { view: View; counts: Counts | null; onSelect: (view: View) => void }) {
  const refs = useRef<Partial<Record<View, HTMLButtonElement | null>>>({})
  // Arrow keys move between tabs and select (the APG tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent) => {
    const at = VIEWS.indexOf(view)
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: VIEWS.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const target = VIEWS[(next + VIEWS.length) % VIEWS.length] as View
    onSelect(target)
    refs.current[target]?.focus()
  }
  return (
    <div role="tablist" aria-label={T.inbox.tabsLabel} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-200 p-1 sm:inline-flex" onKeyDown={onKeyDown}>
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
          className={`min-h-11 rounded-lg px-4 font-semibold whitespace-nowrap ${v === view ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-700 hover:bg-white/60'}`}
          onClick={() => onSelect(v)}
        >
          {tabLabel(v, counts)}
        </button>
      ))}
    </div>
  )
}

/** The loading skeleton: exactly 3 placeholder blocks (SPEC §2, §9). */
function Skeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        {T.inbox.loading}
      </p>
      <ul className="space-y-4" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={`${card} p-4 sm:p-6`} data-skeleton="">
            <div className="motion-safe:animate-pulse">
              <div className="h-6 w-48 max-w-full rounded bg-slate-200" />
              <div className="mt-2 h-4 w-64 max-w-full rounded bg-slate-200" />
              <div className="mt-5 grid gap-3 sm:grid-cols-4">
                <div className="h-10 rounded bg-slate-100" />
                <div className="h-10 rounded bg-slate-100" />
                <div className="h-10 rounded bg-slate-100" />
                <div className="h-10 rounded bg-slate-100" />
              </div>
              <div className="mt-4 h-12 rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function Inbox({ title, onSignedOut, onLogout }: { title: string; onSignedOut: () => void; onLogout: () => Promise<void> }) {
  const notify = useNotify()
  const [query, setQuery] = useState<ListQuery>({ view: 'all', q: '', status: '', service: '' })
  const [search, setSearch] = useState('')
  const { list, counts, loadMore, retry, actions } = useInbox({ query, notify, onSignedOut })
  const [deleting, setDeleting] = useState<{ item: Submission; opener: HTMLElement } | null>(null)
  const [loggingOut, setLoggingOut] = useState(false)
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

  const cardActions: CardActions = {
    ...actions,
    askDelete: (item, opener) => setDeleting({ item, opener }),
  }

  const closeDialog = () => {
    const opener = deleting?.opener
    setDeleting(null)
    // Back to the Delete button; if its card is gone, to the list.
    if (opener?.isConnected) opener.focus()
    else panel.current?.focus()
  }

  const { items, phase, nextCursor } = list
  return (
    <div className="bg-slate-50">
      <section className="bg-brand-900 text-white" aria-labelledby="page-title">
        <div className="container-page py-6 sm:py-8">
          <div className="flex items-center justify-between gap-4">
            <h1 id="page-title" ref={heading} tabIndex={-1} className="text-3xl font-extrabold focus:outline-none sm:text-4xl">
              {T.inbox.heading}
            </h1>
            <button
              type="button"
              className={button.onDark}
              disabled={loggingOut}
              onClick={async () => {
                setLoggingOut(true)
                await onLogout()
                setLoggingOut(false)
              }}
            >
              <LogOut className="size-5" aria-hidden="true" focusable="false" />
              {T.inbox.logout}
            </button>
          </div>
          <div className="mt-4">
            <CountsSummary counts={counts} />
          </div>
        </div>
      </section>

      <div className="container-page py-6 sm:py-8">
        <Tabs view={query.view} counts={counts} onSelect={(view) => setQuery((old) => ({ ...old, view }))} />

        <div id="inbox-panel" role="tabpanel" aria-labelledby={`tab-${query.view}`} ref={panel} tabIndex={-1} className="mt-5 focus:outline-none">
          <form
            role="search"
            aria-label={T.inbox.filters}
            className={`${card} grid grid-cols-2 gap-x-3 gap-y-4 p-4 sm:gap-x-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end`}
            onSubmit={(event) => {
              event.preventDefault()
              setQuery((old) => ({ ...old, q: search.trim() }))
            }}
          >
            <div className="col-span-2 lg:col-span-1">
              <label htmlFor="inbox-search" className={label}>
                {T.inbox.search}
              </label>
              <div className="relative mt-1">
                <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" focusable="false" />
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
            <div>
              <label htmlFor="inbox-status" className={label}>
                {T.inbox.status}
              </label>
              <select
                id="inbox-status"
                className={`${control} mt-1`}
                value={query.status}
                onChange={(event) => setQuery((old) => ({ ...old, status: event.target.value as Status | '' }))}
              >
                <option value="">{T.inbox.anyStatus}</option>
                <StatusOptions />
              </select>
            </div>
            <div>
              <label htmlFor="inbox-service" className={label}>
                {T.inbox.service}
              </label>
              <select id="inbox-service" className={`${control} mt-1`} value={query.service} onChange={(event) => setQuery((old) => ({ ...old, service: event.target.value }))}>
                <option value="">{T.inbox.anyService}</option>
                {SERVICE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
                <option value="none">{T.inbox.noService}</option>
              </select>
            </div>
            <a href={csvUrl(query)} download className={`${button.secondary} col-span-2 lg:col-span-1`}>
              <Download className="size-5" aria-hidden="true" focusable="false" />
              {T.inbox.exportCsv}
            </a>
          </form>

          <div className="mt-5" aria-busy={phase === 'loading' || list.refreshing}>
            {phase === 'loading' && <Skeleton />}
            {phase === 'failed' && (
              <div className={`${card} p-6 text-center`}>
                <p className="font-semibold text-slate-900">{T.inbox.failed}</p>
                <button type="button" className={`${button.secondary} mt-4`} onClick={retry}>
                  {T.inbox.retry}
                </button>
              </div>
            )}
            {phase === 'ready' && (
              <>
                <p role="status" className="mb-3 text-sm text-slate-600">
                  {items.length > 0 ? T.inbox.shown(items.length, nextCursor !== null) : ''}
                </p>
                {items.length === 0 ? (
                  <p className={`${card} p-8 text-center text-lg font-semibold text-slate-700`}>{T.inbox.empty}</p>
                ) : (
                  <ul className={`space-y-4 ${list.refreshing ? 'opacity-60' : ''}`}>
                    {items.map((item) => (
                      <li key={item.id}>
                        <SubmissionCard item={item} actions={cardActions} />
                      </li>
                    ))}
                  </ul>
                )}
                {nextCursor !== null && (
                  <div className="mt-6 flex justify-center">
                    <button type="button" className={button.secondary} disabled={list.loadingMore} onClick={loadMore}>
                      {list.loadingMore ? T.inbox.loadingMore : T.inbox.loadMore}
                    </button>
                  </div>
                )}
              </>
            )}
          </div>
        </div>
      </div>
      <DeleteDialog item={deleting?.item ?? null} onConfirm={actions.remove} onClose={closeDialog} />
    </div>
  )
}
