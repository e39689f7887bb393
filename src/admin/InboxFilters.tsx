// Search and filters over the inbox's list (status, service, source, "Mine"; on a phone behind a
// "Filters" button unless one is in use), "Mark all as read" for the view shown, and the CSV of
// what is shown. The search applies a moment after typing stops, or at once with Enter.
import { useEffect, useState, type ReactNode } from 'react'
import { CheckCheck, Download, Search, SlidersHorizontal } from 'lucide-react'
import { SERVICE_OPTIONS } from '../lead/message.ts'
import { csvUrl } from './api.ts'
import { T } from './messages.ts'
import { useHydrated } from './hydrated.ts'
import { useMarkAllRead } from './mutations.ts'
import { useSourceNames } from './sources.ts'
import { StatusOptions } from './StatusOptions.tsx'
import type { ListQuery, Status } from './types.ts'
import { btn, card, control, label } from './ui.ts'

const SEARCH_DELAY_MS = 300
const SEARCH_MAX = 100

type SetQuery = (change: (old: ListQuery) => ListQuery) => void

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
  const hydrated = useHydrated()
  return (
    <div>
      {/* From 1024 px the filters stand in one row: each select's first option says what it filters. */}
      <label htmlFor={id} className={`${label} lg:sr-only`}>
        {text}
      </label>
      <select
        id={id}
        className={`${control} mt-1 lg:mt-0`}
        value={value}
        disabled={!hydrated}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  )
}

function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  // What is typed before the app runs would never be searched for (hydrated.ts).
  const hydrated = useHydrated()
  return (
    <div className="sm:col-span-2 lg:col-span-1">
      <label htmlFor="inbox-search" className={`${label} sr-only sm:not-sr-only lg:sr-only`}>
        {T.inbox.search}
      </label>
      <div className="relative sm:mt-1 lg:mt-0">
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
          value={value}
          disabled={!hydrated}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  )
}

function Filters({ query, setQuery, shown }: { query: ListQuery; setQuery: SetQuery; shown: boolean }) {
  const sourceNames = useSourceNames(query.source)
  return (
    <div id="inbox-filters" className={`${shown ? 'grid' : 'hidden'} col-span-2 grid-cols-2 gap-2 sm:contents`}>
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
      <FilterSelect
        id="inbox-mine"
        label={T.inbox.assigned}
        value={query.mine ? '1' : ''}
        onChange={(mine) => setQuery((old) => ({ ...old, mine: mine === '1' }))}
      >
        <option value="">{T.inbox.anyone}</option>
        <option value="1">{T.inbox.mine}</option>
      </FilterSelect>
    </div>
  )
}

const bulk = `${btn('outline', 'narrow')} flex-1 text-sm whitespace-nowrap sm:flex-none sm:text-base`

export function InboxFilters({ query, setQuery }: { query: ListQuery; setQuery: SetQuery }) {
  const [search, setSearch] = useState('')
  const [showFilters, setShowFilters] = useState(false)
  const hydrated = useHydrated()
  const markAll = useMarkAllRead()
  const filtersShown =
    showFilters || query.status !== '' || query.service !== '' || query.source !== '' || query.mine === true
  const unreadShown = query.view !== 'spam' && query.view !== 'trash'

  useEffect(() => {
    const q = search.trim()
    if (q === query.q) return
    const timer = window.setTimeout(() => setQuery((old) => ({ ...old, q })), SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [search, query.q, setQuery])

  return (
    <form
      role="search"
      aria-label={T.inbox.filters}
      className={`${card} grid grid-cols-[minmax(0,1fr)_auto] gap-2 p-2.5 sm:grid-cols-2 sm:gap-x-4 sm:gap-y-3 sm:p-4 lg:p-3 lg:gap-x-3 lg:grid-cols-[minmax(0,1.5fr)_repeat(3,minmax(0,1fr))_auto_auto_auto] lg:items-end`}
      onSubmit={(event) => {
        event.preventDefault()
        setQuery((old) => ({ ...old, q: search.trim() }))
      }}
    >
      <SearchField value={search} onChange={setSearch} />
      {/* On a phone the two filters wait behind a button, unless one is in use. */}
      <button
        type="button"
        className={`${btn('outline', 'narrow')} sm:hidden`}
        aria-expanded={filtersShown}
        aria-controls="inbox-filters inbox-bulk"
        disabled={!hydrated}
        onClick={() => setShowFilters((open) => !open)}
      >
        <SlidersHorizontal className="size-5" aria-hidden="true" focusable="false" />
        {T.inbox.filtersButton}
      </button>
      <Filters query={query} setQuery={setQuery} shown={filtersShown} />
      {/* On a phone "Mark all as read" and the CSV wait behind "Filters" too: the first card comes first. */}
      <div
        id="inbox-bulk"
        className={`${filtersShown ? 'flex' : 'hidden'} col-span-2 gap-2 sm:col-span-2 sm:flex lg:col-span-2`}
      >
        {unreadShown && (
          <button type="button" className={bulk} disabled={markAll.isPending} onClick={() => markAll.mutate(query)}>
            <CheckCheck className="size-5" aria-hidden="true" focusable="false" />
            {T.inbox.markAllRead}
          </button>
        )}
        <a href={csvUrl(query)} download className={bulk}>
          <Download className="size-5" aria-hidden="true" focusable="false" />
          {T.inbox.exportCsv}
        </a>
      </div>
    </form>
  )
}
