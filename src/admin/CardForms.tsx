// The two small forms under a card's "More": the follow-up date (set or cleared) and a note
// ("called, left voicemail"). The server's field problem is shown under its field.
import { useContext, useState, type FormEvent } from 'react'
import { CalendarClock, StickyNote, type LucideIcon } from 'lucide-react'
import { NOTE_MAX } from '../lead/activity.ts'
import { InboxSettings } from './actions.ts'
import { problemWith } from './api.ts'
import { isDay, today } from './format.ts'
import { T, TOASTS } from './messages.ts'
import { useChange, useNote } from './mutations.ts'
import type { Submission } from './types.ts'
import { button, control, fieldProblem, label } from './ui.ts'

function IconLabel({ htmlFor, icon: Icon, text }: { htmlFor: string; icon: LucideIcon; text: string }) {
  return (
    <label htmlFor={htmlFor} className={`${label} flex items-center gap-1.5`}>
      <Icon className="size-4" aria-hidden="true" focusable="false" />
      {text}
    </label>
  )
}

export function FollowUpForm({ item }: { item: Submission }) {
  const { timeZone } = useContext(InboxSettings)
  const change = useChange()
  const [day, setDay] = useState(item.follow_up_on ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const save = (value: string | null) => {
    if (value !== null && !isDay(value)) return setProblem(T.client.badDate)
    setProblem(null)
    change.mutate(
      { item, changes: { follow_up_on: value }, ok: TOASTS.followUpSaved, ko: TOASTS.followUpFailed },
      { onSuccess: () => setDay(value ?? ''), onError: (error) => setProblem(problemWith(error, 'follow_up_on')) },
    )
  }
  const inputId = `${item.id}-follow-up`
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        save(day)
      }}
    >
      <div className="min-w-40 flex-1">
        <IconLabel htmlFor={inputId} icon={CalendarClock} text={T.card.followUp} />
        <input
          id={inputId}
          type="date"
          className={`${control} mt-1`}
          min={today(new Date(), timeZone)}
          value={day}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          onChange={(event) => setDay(event.target.value)}
        />
      </div>
      <button type="submit" className={button.secondary} disabled={change.isPending}>
        {T.card.setFollowUp}
      </button>
      {item.follow_up_on && (
        <button type="button" className={button.quiet} disabled={change.isPending} onClick={() => save(null)}>
          {T.card.clearFollowUp}
        </button>
      )}
      {problem && (
        <p id={`${inputId}-problem`} className={`${fieldProblem} w-full`}>
          {problem}
        </p>
      )}
    </form>
  )
}

export function NoteForm({ item }: { item: Submission }) {
  const note = useNote()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const inputId = `${item.id}-note`
  const submit = (event: FormEvent) => {
    event.preventDefault()
    note.mutate(
      { item, text },
      {
        onSuccess: () => {
          setProblem(null)
          setText('')
        },
        onError: (error) => setProblem(problemWith(error, 'text')),
      },
    )
  }
  return (
    <form className="mt-4" noValidate onSubmit={submit}>
      <IconLabel htmlFor={inputId} icon={StickyNote} text={T.card.note} />
      <textarea
        id={inputId}
        rows={2}
        maxLength={NOTE_MAX}
        className={`${control} mt-1 resize-y`}
        placeholder={T.card.notePlaceholder}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {problem && (
        <p id={`${inputId}-problem`} className={fieldProblem}>
          {problem}
        </p>
      )}
      <button type="submit" className={`${button.secondary} mt-2`} disabled={note.isPending || text.trim() === ''}>
        {T.card.saveNote}
      </button>
    </form>
  )
}
