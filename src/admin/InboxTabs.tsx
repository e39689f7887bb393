// The inbox's tabs (All Submissions, Unread, Clients, Follow-ups, Spam, Trash), each with its
// count; arrow keys move between them and select (the APG tabs pattern, automatic activation).
import { useRef, type KeyboardEvent } from 'react'
import { useHydrated } from './hydrated.ts'
import { T } from './messages.ts'
import { VIEW_COUNTS, VIEWS, type Counts, type View } from './types.ts'

function tabLabel(view: View, counts: Counts | undefined): string {
  const n = counts === undefined || view === 'all' ? null : counts[VIEW_COUNTS[view]]
  return n === null ? T.inbox.tabs[view] : `${T.inbox.tabs[view]} (${n})`
}

export function InboxTabs({
  view,
  counts,
  onSelect,
}: {
  view: View
  counts: Counts | undefined
  onSelect: (view: View) => void
}) {
  const refs = useRef<Partial<Record<View, HTMLButtonElement | null>>>({})
  // A tab taken before the app runs would do nothing (hydrated.ts).
  const hydrated = useHydrated()
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
    // On a phone the tabs wrap to a second row (SPEC's three first), so none is out of sight
    // sideways (decision 042).
    <div>
      <div
        role="tablist"
        aria-label={T.inbox.tabsLabel}
        className="inline-grid grid-cols-[repeat(3,auto)] gap-1 rounded-xl bg-slate-200 p-1 sm:inline-flex"
      >
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
            disabled={!hydrated}
            aria-controls="inbox-panel"
            tabIndex={v === view ? 0 : -1}
            className={`min-h-10 rounded-lg px-2 text-sm font-semibold whitespace-nowrap sm:min-h-11 sm:px-3 sm:text-base ${
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
