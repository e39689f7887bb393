// The inbox's own compact app header (decision 042), on the brand's dark band, in place of the
// public site's sticky header: the heading, the Schedule's and the Sources report's buttons and a
// "Menu" with what a day seldom needs (People, Site, "Log out"); the counts (total, unread, clients,
// follow-ups due) in one line; the notifications switch in one line. The menu is the platform's
// popover (it closes on Escape or a tap elsewhere, and tells its button's state to screen readers):
// three buttons and the heading are what fits in 358 px. The median first response sits here from 640 px, and under the list on a
// phone (ResponseTimes).
import { useEffect, useRef, useState } from 'react'
import { BarChart3, CalendarDays, Globe, LogOut, Menu, Users } from 'lucide-react'
import { BusyButton } from './BusyButton.tsx'
import { formatDuration } from './format.ts'
import { useHydrated } from './hydrated.ts'
import { T } from './messages.ts'
import { NotificationsSwitch } from './NotificationsSwitch.tsx'
import { useResponseTimes } from './queries.ts'
import type { Counts } from './types.ts'

import { btn } from './ui.ts'

/** The views reached from the header, shown above the list one at a time. */
export type Report = 'sources' | 'schedule' | 'visits' | 'people' | 'site'

const MENU_ID = 'inbox-menu'
const menuItem = `${btn('quiet')} w-full justify-start`

/** What a day seldom needs, behind one button: each item closes the menu as it acts. */
function HeaderMenu({
  report,
  onToggle,
  onLogout,
}: {
  report: Report | null
  onToggle: (report: Report) => void
  onLogout: () => Promise<void>
}) {
  const menu = useRef<HTMLDivElement>(null)
  const hydrated = useHydrated()
  // Said on the button too: not every browser tells a popover's state to screen readers.
  const [open, setOpen] = useState(false)
  const close = () => menu.current?.hidePopover()
  return (
    <>
      <button
        type="button"
        className={btn('onDark', 'bar')}
        popoverTarget={MENU_ID}
        aria-expanded={open}
        disabled={!hydrated}
      >
        <Menu className="size-5" aria-hidden="true" focusable="false" />
        {T.inbox.menu}
      </button>
      <div
        id={MENU_ID}
        ref={menu}
        popover="auto"
        className="inbox-menu rounded-xl bg-white p-1.5 shadow-lg"
        onToggle={(event) => setOpen(event.newState === 'open')}
      >
        <button
          type="button"
          className={menuItem}
          aria-pressed={report === 'people'}
          onClick={() => {
            close()
            onToggle('people')
          }}
        >
          <Users className="size-5" aria-hidden="true" focusable="false" />
          {T.inbox.people}
        </button>
        <button
          type="button"
          className={menuItem}
          aria-pressed={report === 'site'}
          onClick={() => {
            close()
            onToggle('site')
          }}
        >
          <Globe className="size-5" aria-hidden="true" focusable="false" />
          {T.inbox.site}
        </button>
        <BusyButton
          className={menuItem}
          onClick={() => {
            close()
            return onLogout()
          }}
        >
          <LogOut className="size-5" aria-hidden="true" focusable="false" />
          {T.inbox.logout}
        </BusyButton>
      </div>
    </>
  )
}

function CountsSummary({ counts }: { counts: Counts | undefined }) {
  const items = [
    [T.inbox.counts.total, counts?.total],
    [T.inbox.counts.unread, counts?.unread],
    [T.inbox.counts.clients, counts?.clients],
    [T.inbox.counts.due, counts?.due],
  ] as const
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-1 text-sm sm:gap-x-5 sm:text-base">
      {items.map(([name, value]) => (
        <div key={name} className="flex items-baseline gap-1.5 whitespace-nowrap">
          <dt className="text-brand-100">{name}</dt>
          <dd className="font-extrabold text-white tabular-nums">{value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The median first response: in the header's band from 640 px, under the list (on light) on a phone. */
export function ResponseTimes({ ready, onDark }: { ready: boolean; onDark: boolean }) {
  const { data } = useResponseTimes(ready)
  if (!data) return null
  const strong = onDark ? 'text-white' : 'text-slate-900'
  return (
    <p className={onDark ? 'hidden text-sm text-brand-100 sm:block' : 'mt-4 text-sm text-slate-700 sm:hidden'}>
      <span className={`font-semibold ${strong}`}>{T.inbox.response}</span> <span>({T.inbox.responseHint})</span>
      {data.map((p) => (
        <span key={p.days} className="whitespace-nowrap">
          {' · '}
          {T.inbox.responseDays(p.days)}:{' '}
          <span className={`font-bold ${strong}`}>
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
  report,
  onToggle,
  onLogout,
}: {
  counts: Counts | undefined
  /** The list is there: what waited for it may be asked for now. */
  ready: boolean
  /** The secondary view shown above the list, if any. */
  report: Report | null
  onToggle: (report: Report) => void
  onLogout: () => Promise<void>
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  // Until the app runs, the server's buttons would take a tap and do nothing (hydrated.ts).
  const hydrated = useHydrated()
  // Just signed in: the login form is gone, the focus starts at the top of the inbox.
  useEffect(() => heading.current?.focus(), [])
  return (
    <header className="bg-brand-900 text-white" aria-labelledby="page-title">
      <div className="container-page py-2 sm:py-4">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-1.5">
          <h1
            id="page-title"
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-extrabold focus:outline-none sm:text-3xl"
          >
            {T.inbox.heading}
          </h1>
          {/* On a phone the counts take the second line; from 640 px they follow the heading. */}
          <div className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
            <CountsSummary counts={counts} />
          </div>
          <div className="ml-auto flex gap-2 sm:ml-0">
            <button
              type="button"
              className={btn('onDark', 'bar')}
              aria-expanded={report === 'schedule'}
              disabled={!hydrated}
              onClick={() => onToggle('schedule')}
            >
              <CalendarDays className="size-5" aria-hidden="true" focusable="false" />
              {T.schedule.open}
            </button>
            <button
              type="button"
              className={btn('onDark', 'bar')}
              aria-expanded={report === 'sources'}
              disabled={!hydrated}
              onClick={() => onToggle('sources')}
            >
              <BarChart3 className="size-5" aria-hidden="true" focusable="false" />
              {T.inbox.sources}
            </button>
            <HeaderMenu report={report} onToggle={onToggle} onLogout={onLogout} />
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-6">
          <NotificationsSwitch />
          <ResponseTimes ready={ready} onDark />
        </div>
      </div>
    </header>
  )
}
