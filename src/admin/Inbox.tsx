// The inbox (SPEC §2 "Admin dashboard" and PRODUCT.md "Admin", "The lead desk"): the header with
// the counts and the median first response (InboxHeader.tsx), the alerts' banner, the Schedule or
// the Sources report (loaded on demand: on-demand.tsx), the customer a card's customer line opened
// (CustomerView.tsx, on demand too), the request a notification or the Schedule opened, the tabs (InboxTabs.tsx), search and filters with "Mark all as read" and the CSV
// (InboxFilters.tsx), and the cards page by page (InboxList.tsx). It holds what the office chose
// to see; the server's state is in TanStack Query's cache.
import { Suspense, useContext, useEffect, useRef, useState, type RefObject } from 'react'
import { Wrench } from 'lucide-react'
import { InboxSettings, useOutcome } from './actions.ts'
import { AlertBanner } from './AlertBanner.tsx'
import { InboxFilters } from './InboxFilters.tsx'
import { InboxHeader, ResponseTimes, type Report } from './InboxHeader.tsx'
import { InboxList } from './InboxList.tsx'
import { InboxTabs } from './InboxTabs.tsx'
import { T, TOASTS } from './messages.ts'
import { useTrash } from './mutations.ts'
import {
  CustomerView,
  DeleteDialog,
  Loading,
  People,
  SiteEditor,
  preloadViews,
  Schedule,
  SourcesReport,
  VisitsDue,
} from './on-demand.tsx'
import { openRequest, useOpenedCustomer, useOpenedRequest } from './opened-request.ts'
import { OpenedRequest } from './OpenedRequest.tsx'
import { countsOf, FIRST_VIEW, useSubmissions } from './queries.ts'
import type { ListQuery, Submission } from './types.ts'
import { button } from './ui.ts'

/** The tab's title counts the unread requests: "(3) Admin | Longbar Heating & Cooling"; plain again once signed out. */
function useUnreadInTitle(unread: number | undefined, title: string) {
  useEffect(() => {
    document.title = unread ? `(${unread}) ${title}` : title
    return () => {
      document.title = title
    }
  }, [unread, title])
}

/** A failed first page (after its retries) is worth a toast; a lost session goes back to the login form. */
function useFailureToast(error: Error | null) {
  const { failed } = useOutcome()
  const toasted = useRef<unknown>(null)
  useEffect(() => {
    if (error && toasted.current !== error) {
      toasted.current = error
      failed(error, TOASTS.fetchFailed)
    }
  }, [error, failed])
}

/**
 * When the answer to a new search arrives, its first result is brought into view if it is not
 * (on a phone, with the keyboard open, it can land below the fold and typing seems to do nothing).
 */
function useResultsInView(q: string, settled: boolean, panel: RefObject<HTMLDivElement | null>) {
  const shownFor = useRef(q)
  useEffect(() => {
    if (!settled || shownFor.current === q) return
    shownFor.current = q
    const first = panel.current?.querySelector('article') ?? panel.current
    if (!first) return
    const { top } = first.getBoundingClientRect()
    const bottom = window.visualViewport?.height ?? window.innerHeight
    if (top < 0 || top > bottom - 120) first.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }, [q, settled, panel])
}

export function Inbox({ title, onLogout }: { title: string; onLogout: () => Promise<void> }) {
  const [query, setQuery] = useState<ListQuery>(FIRST_VIEW)
  const list = useSubmissions(query)
  const counts = countsOf(list.data)
  const trash = useTrash()
  const [deleting, setDeleting] = useState<{ item: Submission; opener: HTMLElement } | null>(null)
  const [opened, closeOpened, openedFrom] = useOpenedRequest()
  const [customer, closeCustomer] = useOpenedCustomer()
  const { timeZone } = useContext(InboxSettings)
  const [report, setReport] = useState<Report | null>(null)
  const panel = useRef<HTMLDivElement>(null)
  useUnreadInTitle(counts?.unread, title)
  useResultsInView(query.q, list.isSuccess && !list.isPlaceholderData, panel)
  useFailureToast(list.error)
  useEffect(() => {
    if (list.isSuccess) preloadViews()
  }, [list.isSuccess])

  const askDelete = (item: Submission, opener: HTMLElement) => setDeleting({ item, opener })
  const closeDialog = () => {
    const opener = deleting?.opener
    setDeleting(null)
    // Back to the Delete button; if its card is gone, to the list.
    if (opener?.isConnected) opener.focus()
    else panel.current?.focus()
  }

  return (
    // data-inbox: while it is shown, the public site's sticky header steps aside (admin.css).
    <div className="bg-slate-50" data-inbox="">
      <InboxHeader
        counts={counts}
        ready={list.isSuccess}
        report={report}
        onToggle={(chosen) => setReport((shown) => (shown === chosen ? null : chosen))}
        onLogout={onLogout}
      />
      <div className="container-page py-2 sm:py-4">
        <AlertBanner ready={list.isSuccess} />
        {report && (
          <Suspense fallback={<Loading className="mb-3" />}>
            {report === 'sources' ? (
              <SourcesReport
                onClose={() => setReport(null)}
                onPick={(source) => {
                  setReport(null)
                  setQuery((old) => ({ ...old, view: 'all', source }))
                  panel.current?.focus()
                }}
              />
            ) : report === 'people' ? (
              <People onClose={() => setReport(null)} />
            ) : report === 'site' ? (
              <SiteEditor onClose={() => setReport(null)} />
            ) : report === 'visits' ? (
              <VisitsDue
                onClose={() => setReport(null)}
                onOpen={(id) => {
                  setReport(null)
                  openRequest(id, 'link')
                }}
              />
            ) : (
              <Schedule
                onClose={() => setReport(null)}
                onOpen={(id) => {
                  setReport(null)
                  openRequest(id, 'schedule')
                }}
              />
            )}
          </Suspense>
        )}
        {customer && (
          <Suspense fallback={<Loading className="mb-3" />}>
            <CustomerView key={customer} id={customer} timeZone={timeZone} onClose={closeCustomer} />
          </Suspense>
        )}
        {opened && <OpenedRequest id={opened} from={openedFrom} onClose={closeOpened} onAskDelete={askDelete} />}
        <InboxTabs view={query.view} counts={counts} onSelect={(view) => setQuery((old) => ({ ...old, view }))} />
        <div
          id="inbox-panel"
          role="tabpanel"
          aria-labelledby={`tab-${query.view}`}
          ref={panel}
          tabIndex={-1}
          className="mt-2 focus:outline-none sm:mt-3"
        >
          {query.view === 'clients' && (
            // The clients' next service visits (decision 051): where the clients are.
            <button
              type="button"
              className={`${button.secondary} mb-2`}
              aria-expanded={report === 'visits'}
              onClick={() => {
                setReport((shown) => (shown === 'visits' ? null : 'visits'))
                window.scrollTo({ top: 0 })
              }}
            >
              <Wrench className="size-5" aria-hidden="true" focusable="false" />
              {T.visits.open}
            </button>
          )}
          <InboxFilters query={query} setQuery={setQuery} />
          <InboxList list={list} onAskDelete={askDelete} />
          <ResponseTimes ready={list.isSuccess} onDark={false} />
        </div>
      </div>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteDialog
            item={deleting.item}
            onConfirm={(item) =>
              trash.mutateAsync({ item }).then(
                () => true,
                () => false,
              )
            }
            onClose={closeDialog}
          />
        </Suspense>
      )}
    </div>
  )
}
