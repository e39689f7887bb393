// The inbox's header, on the brand's dark band: the heading, the Sources report's button and "Log
// out"; the counts (total, unread, clients, follow-ups due), the median first response, and the
// notifications switch.
import { useEffect, useRef } from 'react'
import { BarChart3, LogOut } from 'lucide-react'
import { BusyButton } from './BusyButton.tsx'
import { formatDuration } from './format.ts'
import { T } from './messages.ts'
import { NotificationsSwitch } from './NotificationsSwitch.tsx'
import { useResponseTimes } from './queries.ts'
import type { Counts } from './types.ts'
import { button } from './ui.ts'

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

export function InboxHeader({
  counts,
  ready,
  sourcesShown,
  onToggleSources,
  onLogout,
}: {
  counts: Counts | undefined
  /** The list is there: what waited for it may be asked for now. */
  ready: boolean
  sourcesShown: boolean
  onToggleSources: () => void
  onLogout: () => Promise<void>
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  // Just signed in: the login form is gone, the focus starts at the top of the inbox.
  useEffect(() => heading.current?.focus(), [])
  return (
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
            <button type="button" className={button.onDark} aria-expanded={sourcesShown} onClick={onToggleSources}>
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
        <ResponseTimes ready={ready} />
        <NotificationsSwitch />
      </div>
    </section>
  )
}
