// One day of the Schedule: its label and "N booked" in a line that opens it (a day without visits
// stays that one line until tapped), its visits per window with − and + (a technician out sick, an
// extra one in) and "Back to usual" once changed, and each arrival window with "room left: N" or
// "Full" and its visits: name, place, service and whether the office has confirmed it. A visit
// is a link to its request (/admin?request=<id>), opened in the inbox.
import { useId, useState, type MouseEvent } from 'react'
import { Check, ChevronRight, Minus, Plus } from 'lucide-react'
import { serviceLabel } from '../lead/message.ts'
import type { Answer } from './api.ts'
import { T } from './messages.ts'
import { V } from './messages-views.ts'
import { useDayRoom } from './mutations.ts'
import { requestPath } from './opened-request.ts'
import { btn } from './ui.ts'

type Day = Answer<'schedule'>['days'][number]
type Window = Day['windows'][number]
type Visit = Window['visits'][number]

/** The most visits per window a day can be given: the server's cap (src/server/admin/bookings.ts). */
const ROOM_MAX = 50

function DayRoom({ day }: { day: Day }) {
  const room = useDayRoom()
  const id = useId()
  const set = (visitsPerWindow: number | null) => room.mutate({ date: day.date, visitsPerWindow })
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span id={`${id}-room`} className="text-sm font-semibold text-slate-900">
        {V.schedule.perWindow}
      </span>
      <div role="group" aria-labelledby={`${id}-room`} className="flex items-center gap-1">
        <button
          type="button"
          className={btn('outline', 'square')}
          aria-label={V.schedule.fewer}
          disabled={room.isPending || day.perWindow <= 0}
          onClick={() => set(day.perWindow - 1)}
        >
          <Minus className="size-5" aria-hidden="true" focusable="false" />
        </button>
        <output aria-live="polite" className="w-8 text-center text-lg font-bold text-slate-900 tabular-nums">
          {day.perWindow}
        </output>
        <button
          type="button"
          className={btn('outline', 'square')}
          aria-label={V.schedule.more}
          disabled={room.isPending || day.perWindow >= ROOM_MAX}
          onClick={() => set(day.perWindow + 1)}
        >
          <Plus className="size-5" aria-hidden="true" focusable="false" />
        </button>
      </div>
      <span className="text-sm text-slate-600">{V.schedule.perDay(day.perDay)}</span>
      {day.override !== null && (
        <p className="flex w-full flex-wrap items-center gap-x-2 text-sm">
          <span className="font-semibold text-accent-800">{V.schedule.changed}</span>
          <button type="button" className={btn('quiet', 'narrow')} disabled={room.isPending} onClick={() => set(null)}>
            {V.schedule.usual}
          </button>
        </p>
      )}
    </div>
  )
}

function VisitLink({ visit, onOpen }: { visit: Visit; onOpen: (id: string) => void }) {
  const open = (event: MouseEvent) => {
    // A new tab or window (a modifier, the middle button) opens the link as it is.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    onOpen(visit.submissionId)
  }
  const about = [visit.place, serviceLabel(visit.service)].filter(Boolean).join(' · ')
  const confirmed = visit.status === 'confirmed'
  return (
    <a
      href={requestPath(visit.submissionId, 'schedule')}
      onClick={open}
      className="flex min-h-11 flex-col justify-center rounded-md px-2 py-1 hover:bg-brand-50"
    >
      <span className="font-semibold break-words text-brand-800 underline decoration-brand-300 underline-offset-2">
        {visit.name}
      </span>
      <span className="flex flex-wrap items-center gap-x-1.5 text-sm text-slate-700">
        {about && <span>{about}</span>}
        {about && <span aria-hidden="true"> · </span>}
        <span
          className={`inline-flex items-center gap-0.5 font-semibold ${confirmed ? 'text-green-900' : 'text-slate-800'}`}
        >
          {confirmed && <Check className="size-3.5" aria-hidden="true" focusable="false" />}
          {V.schedule.status[visit.status] ?? visit.status}
        </span>
      </span>
    </a>
  )
}

function WindowRow({ slot, onOpen }: { slot: Window; onOpen: (id: string) => void }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white px-2 py-1.5" data-window={slot.id}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">{slot.label}</span>
        {slot.room > 0 ? (
          <span className="text-sm text-slate-700">{V.schedule.roomLeft(slot.room)}</span>
        ) : (
          <span className="rounded-full bg-slate-700 px-2 py-0.5 text-xs font-bold text-white">{V.schedule.full}</span>
        )}
      </div>
      {slot.visits.length > 0 && (
        <ul className="-mx-1 mt-0.5">
          {slot.visits.map((visit) => (
            <li key={visit.submissionId}>
              <VisitLink visit={visit} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

export function ScheduleDay({ day, today, onOpen }: { day: Day; today: boolean; onOpen: (id: string) => void }) {
  // A day with visits is open; one without stays a line until tapped.
  const [open, setOpen] = useState(day.booked > 0)
  const full = day.windows.length > 0 && day.windows.every((w) => w.room === 0)
  return (
    <li data-day={day.date}>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="group">
        <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-2 py-1.5 [&::-webkit-details-marker]:hidden">
          <ChevronRight
            className="size-4 shrink-0 text-slate-600 transition-transform group-open:rotate-90"
            aria-hidden="true"
            focusable="false"
          />
          <span className="font-bold text-slate-900">{day.label}</span>
          {today && (
            <span className="rounded-full bg-accent-700 px-2 py-0.5 text-xs font-bold text-white">
              {T.schedule.today}
            </span>
          )}
          <span className="ml-auto text-sm whitespace-nowrap text-slate-700">
            {V.schedule.booked(day.booked)}
            {full && ` · ${V.schedule.full}`}
            {day.override !== null && ` · ${V.schedule.changedShort}`}
          </span>
        </summary>
        <div className="pb-3 pl-6">
          <DayRoom day={day} />
          <ul className="mt-2 grid gap-1.5 sm:grid-cols-2 lg:grid-cols-4">
            {day.windows.map((w) => (
              <WindowRow key={w.id} slot={w} onOpen={onOpen} />
            ))}
          </ul>
        </div>
      </details>
    </li>
  )
}
