// The window choice behind "Move" and "Book a visit": the Schedule's days (today first) with their
// windows still to come, each with the room it has for this request; a full one is listed but
// cannot be chosen, and the request's own window says it is the one booked now. The server has the
// last word: a window that filled meanwhile (409) is said under the choice, with the Schedule read
// again.
import { useContext, useId, useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { InboxSettings } from './actions.ts'
import { ApiError, type Answer } from './api.ts'
import { localMinute } from './format.ts'
import { T } from './messages.ts'
import { isBooked, useBook } from './mutations.ts'
import { keys, useSchedule } from './queries.ts'
import type { Submission } from './types.ts'
import { button, control, fieldProblem, label } from './ui.ts'

type Day = Answer<'schedule'>['days'][number]
type Choice = { id: string; text: string; free: boolean }

/**
 * The windows this request can be given, by day: those that have not begun (`now`, the office's
 * YYYY-MM-DDTHH:MM). On the day of its own booking the room is counted without it (moving within
 * a day frees its place first).
 */
function choicesFor(days: Day[], item: Submission, now: string, today: string) {
  const own = isBooked(item) ? item.booking : null
  return days
    .map((day) => ({
      date: day.date,
      label: day.date === today ? `${day.label} (${T.schedule.today.toLowerCase()})` : day.label,
      windows: day.windows
        .filter((w) => w.id > now)
        .map((w): Choice => {
          const current = own !== null && w.id === `${own.date}T${own.start}`
          const others = w.visits.filter((v) => v.submissionId !== item.id).length
          const room =
            own?.date === day.date ? Math.max(0, Math.min(day.perWindow - others, day.perDay - day.booked + 1)) : w.room
          // The day too: a closed select shows the option alone, without its group's label.
          const words = `${day.label}, ${w.label}`
          const text = current
            ? `${words} (${T.booking.current})`
            : room > 0
              ? `${words} · ${T.booking.left(room)}`
              : `${words} (${T.booking.full})`
          return { id: w.id, text, free: !current && room > 0 }
        }),
    }))
    .filter((day) => day.windows.length > 0)
}

export function BookingForm({ item, onDone }: { item: Submission; onDone: () => void }) {
  const { timeZone } = useContext(InboxSettings)
  const client = useQueryClient()
  const schedule = useSchedule()
  const book = useBook()
  const [choice, setChoice] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  const data = schedule.data
  const days = data ? choicesFor(data.days, item, localMinute(new Date(), timeZone), data.today) : []
  const anyFree = days.some((day) => day.windows.some((w) => w.free))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!choice) return setProblem(T.booking.choose)
    setProblem(null)
    book.mutate(
      { item, window: choice },
      {
        onSuccess: onDone,
        onError: (error) => {
          setProblem(error instanceof ApiError ? error.message : null)
          setChoice('')
          void client.invalidateQueries({ queryKey: keys.schedule })
        },
      },
    )
  }
  const described = [problem && `${id}-problem`, data && !anyFree && `${id}-none`].filter(Boolean).join(' ')
  return (
    <form className="mt-2 rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200" noValidate onSubmit={submit}>
      <label htmlFor={id} className={label}>
        {T.booking.window}
      </label>
      <select
        id={id}
        className={`${control} mt-1`}
        value={choice}
        disabled={!data}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => setChoice(event.target.value)}
      >
        <option value="">{schedule.isPending ? T.inbox.loadingMore : T.booking.choose}</option>
        {days.map((day) => (
          <optgroup key={day.date} label={day.label}>
            {day.windows.map((w) => (
              <option key={w.id} value={w.id} disabled={!w.free}>
                {w.text}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {schedule.isError && <p className={fieldProblem}>{schedule.error.message}</p>}
      {data && !anyFree && (
        <p id={`${id}-none`} className="mt-1 text-sm text-slate-700">
          {T.booking.noneFree}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className={fieldProblem}>
          {problem}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="submit" className={button.primary} disabled={book.isPending || !anyFree}>
          {isBooked(item) ? T.booking.moveHere : T.booking.bookHere}
        </button>
        <button type="button" className={button.quiet} onClick={onDone}>
          {T.booking.close}
        </button>
      </div>
    </form>
  )
}
