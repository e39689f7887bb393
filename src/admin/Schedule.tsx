// The Schedule (online booking, docs/admin-api.md "Bookings"), reached from the inbox's header like
// the Sources report and loaded only when opened: the days offered, today first, each with its
// visits booked and its room (ScheduleDay.tsx). A visit's name opens its request in the inbox.
import { CalendarDays } from 'lucide-react'
import { T } from './messages.ts'
import { V } from './messages-views.ts'
import { useSchedule } from './queries.ts'
import { ScheduleDay } from './ScheduleDay.tsx'
import { Panel } from './Panel.tsx'

export function Schedule({ onOpen, onClose }: { onOpen: (id: string) => void; onClose: () => void }) {
  const schedule = useSchedule()
  const data = schedule.data
  return (
    <Panel
      heading={V.schedule.heading}
      icon={CalendarDays}
      hint={V.schedule.hint}
      close={V.schedule.close}
      onClose={onClose}
      data-schedule=""
    >
      <div aria-busy={schedule.isPending} className="mt-3">
        {schedule.isPending && <p className="text-sm text-slate-600">{T.inbox.loadingMore}</p>}
        {schedule.isError && <p className="text-sm font-semibold text-red-800">{schedule.error.message}</p>}
        {data?.days.length === 0 && <p className="text-sm text-slate-700">{V.schedule.noDays}</p>}
        {data && data.days.length > 0 && (
          <ol className="divide-y divide-slate-200 border-y border-slate-200">
            {data.days.map((day) => (
              <ScheduleDay key={day.date} day={day} today={day.date === data.today} onOpen={onOpen} />
            ))}
          </ol>
        )}
      </div>
    </Panel>
  )
}
