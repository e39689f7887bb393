// The Schedule (online booking, docs/admin-api.md "Bookings"), reached from the inbox's header like
// the Sources report and loaded only when opened: the days offered, today first, each with its
// visits booked and its room (ScheduleDay.tsx). A visit's name opens its request in the inbox.
import { useId } from 'react'
import { CalendarDays, X } from 'lucide-react'
import { T } from './messages.ts'
import { useSchedule } from './queries.ts'
import { ScheduleDay } from './ScheduleDay.tsx'
import { btn, card } from './ui.ts'

export function Schedule({ onOpen, onClose }: { onOpen: (id: string) => void; onClose: () => void }) {
  const schedule = useSchedule()
  const id = useId()
  const data = schedule.data
  return (
    <section aria-labelledby={`${id}-title`} className={`${card} mb-3 p-3 sm:p-5`} data-schedule="">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold text-brand-900">
            <CalendarDays className="size-5" aria-hidden="true" focusable="false" />
            {T.schedule.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{T.schedule.hint}</p>
        </div>
        <button type="button" className={`${btn('outline', 'narrow')} min-w-11`} onClick={onClose}>
          <X className="size-5" aria-hidden="true" focusable="false" />
          <span className="sr-only sm:not-sr-only">{T.schedule.close}</span>
        </button>
      </div>
      <div aria-busy={schedule.isPending} className="mt-3">
        {schedule.isPending && <p className="text-sm text-slate-600">{T.inbox.loadingMore}</p>}
        {schedule.isError && <p className="text-sm font-semibold text-red-800">{schedule.error.message}</p>}
        {data?.days.length === 0 && <p className="text-sm text-slate-700">{T.schedule.noDays}</p>}
        {data && data.days.length > 0 && (
          <ol className="divide-y divide-slate-200 border-y border-slate-200">
            {data.days.map((day) => (
              <ScheduleDay key={day.date} day={day} today={day.date === data.today} onOpen={onOpen} />
            ))}
          </ol>
        )}
      </div>
    </section>
  )
}
