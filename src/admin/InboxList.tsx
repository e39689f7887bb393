// The inbox's list under its tabs and filters: the loading skeleton (exactly 3 placeholder blocks,
// SPEC §2, §9), the failure with its retry, how many are shown, the cards (one column on a phone,
// two from a laptop's width) and "Load more".
import { useDeferredValue } from 'react'
import { T } from './messages.ts'
import type { useSubmissions } from './queries.ts'
import { SubmissionCard } from './SubmissionCard.tsx'
import type { Submission } from './types.ts'
import { button, card } from './ui.ts'

type AskDelete = (item: Submission, opener: HTMLElement) => void

function Skeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        {T.inbox.loading}
      </p>
      <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-hidden="true">
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

/** The cards drawn in the first frame; the rest follow right after, so that the list appears
 * without waiting for fifty cards to be drawn (a phone shows two or three at a time). */
const FIRST_CARDS = 8

function CardList({ items, dimmed, onAskDelete }: { items: Submission[]; dimmed: boolean; onAskDelete: AskDelete }) {
  // On mount: the first cards at once, all of them in a background render. Later changes wait
  // for their background render with the current cards on screen.
  const shown = useDeferredValue(items, items.slice(0, FIRST_CARDS))
  return (
    // One column of the list's own width (minmax(0, 1fr)), never the widest card's: a long word in a
    // card (a landing page's address with its query) wraps inside it instead of widening the page.
    <ul className={`grid grid-cols-1 items-start gap-2 sm:gap-3 lg:grid-cols-2 ${dimmed ? 'opacity-60' : ''}`}>
      {shown.map((item) => (
        <li key={item.id} className="h-full min-w-0">
          <SubmissionCard item={item} onAskDelete={onAskDelete} />
        </li>
      ))}
    </ul>
  )
}

export function InboxList({ list, onAskDelete }: { list: ReturnType<typeof useSubmissions>; onAskDelete: AskDelete }) {
  const items = list.data?.pages.flatMap((p) => p.items) ?? []
  const phase = list.data ? 'ready' : list.isError ? 'failed' : 'loading'
  // A new view or filter is on its way while the old list stays on screen.
  const refreshing = list.isPlaceholderData
  return (
    <div className="mt-2 sm:mt-3" aria-busy={phase === 'loading' || refreshing}>
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
          <p role="status" className="mb-1 text-sm text-slate-600 sm:mb-2">
            {items.length > 0 ? T.inbox.shown(items.length, list.hasNextPage) : ''}
          </p>
          {items.length === 0 ? (
            <p className={`${card} p-8 text-center text-lg font-semibold text-slate-700`}>{T.inbox.empty}</p>
          ) : (
            <CardList items={items} dimmed={refreshing} onAskDelete={onAskDelete} />
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
  )
}
