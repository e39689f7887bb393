// A card's "More": what the office does after the first call. A follow-up date, a note ("called,
// left voicemail"), the client details, the request's history (every change, call, text, note and
// notification, newest first, back to its arrival), where the visitor came from, and delete.
import { useContext, useRef, useState, type FormEvent } from 'react'
import { CalendarClock, History, StickyNote, Trash2, UserCheck, UserX, type LucideIcon } from 'lucide-react'
import { NOTE_MAX } from '../lead/activity.ts'
import { TRASH_DAYS } from '../lead/submission.ts'
import { api } from './api.ts'
import { InboxSettings, useRun } from './actions.ts'
import { ClientEditor } from './ClientEditor.tsx'
import { formatDateTime, isDay, today } from './format.ts'
import { ACTIVITY_TEXT, T, TOASTS } from './messages.ts'
import { useActivity, useApplyChange, useRefreshLists } from './queries.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { useNotify } from './Toasts.tsx'
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

/**
 * "Erase this person": every request with this phone number or e-mail address deleted for good,
 * after a confirmation (the privacy notice's promise; recorded in the server's log, since the
 * timeline goes with the requests).
 */
function ErasePerson({ item }: { item: Submission }) {
  const [asking, setAsking] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const run = useRun()
  const notify = useNotify()
  const refresh = useRefreshLists()
  const erase = async () => {
    const answer = await run(
      () => api.erase({ ...(item.phone ? { phone: item.phone } : {}), ...(item.email ? { email: item.email } : {}) }),
      null,
      TOASTS.eraseFailed,
    )
    if (answer instanceof Error) return false
    notify(TOASTS.erased(answer.erased))
    await refresh()
    return true
  }
  return (
    <>
      <button ref={opener} type="button" className={button.danger} onClick={() => setAsking(true)}>
        <UserX className="size-5" aria-hidden="true" focusable="false" />
        {T.card.erase}
      </button>
      <ConfirmDialog
        open={asking}
        heading={T.erase.heading}
        text={T.erase.text(T.erase.who(item.phone, item.email))}
        confirm={T.erase.confirm}
        cancel={T.erase.cancel}
        onConfirm={erase}
        onClose={() => {
          setAsking(false)
          if (opener.current?.isConnected) opener.current.focus()
        }}
      />
    </>
  )
}

function Timeline({ item }: { item: Submission }) {
  const { timeZone } = useContext(InboxSettings)
  const activity = useActivity(item.id, true)
  const received = item.after_hours ? T.timeline.receivedAfterHours : T.timeline.received
  return (
    <section aria-label={T.timeline.label(item.name)} className="mt-4">
      <h3 className="flex items-center gap-1.5 font-bold text-brand-900">
        <History className="size-4" aria-hidden="true" focusable="false" />
        {T.card.history}
      </h3>
      {activity.isPending && <p className="mt-1 text-sm text-slate-600">{T.timeline.loading}</p>}
      {activity.isError && <p className="mt-1 text-sm font-semibold text-red-800">{T.timeline.failed}</p>}
      <ol className="mt-1 space-y-1.5 border-l-2 border-slate-200 pl-3 text-sm">
        {activity.data?.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.at} className="block text-xs text-slate-600">
              {formatDateTime(entry.at, timeZone)}
            </time>
            <span
              className={`break-words whitespace-pre-wrap ${entry.kind === 'note' ? 'text-slate-900' : 'text-slate-700'}`}
            >
              {entry.kind === 'note' && <span className="font-semibold">Note: </span>}
              {ACTIVITY_TEXT[entry.kind](entry.detail)}
            </span>
          </li>
        ))}
        <li>
          <time dateTime={item.created_at} className="block text-xs text-slate-600">
            {formatDateTime(item.created_at, timeZone)}
          </time>
          <span className="text-slate-700">{received}</span>
        </li>
      </ol>
    </section>
  )
}

function FollowUp({ item }: { item: Submission }) {
  const { timeZone } = useContext(InboxSettings)
  const run = useRun()
  const apply = useApplyChange()
  const [day, setDay] = useState(item.follow_up_on ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const save = async (value: string | null) => {
    if (value !== null && !isDay(value)) return setProblem(T.client.badDate)
    setProblem(null)
    setBusy(true)
    const answer = await run(
      () => api.update(item.id, { follow_up_on: value }),
      TOASTS.followUpSaved,
      TOASTS.followUpFailed,
    )
    setBusy(false)
    if (answer instanceof Error) return setProblem(answer.fields.follow_up_on ?? null)
    apply(answer)
    setDay(value ?? '')
  }
  const inputId = `${item.id}-follow-up`
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        void save(day)
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
      <button type="submit" className={button.secondary} disabled={busy}>
        {T.card.setFollowUp}
      </button>
      {item.follow_up_on && (
        <button type="button" className={button.quiet} disabled={busy} onClick={() => void save(null)}>
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

function NoteForm({ item }: { item: Submission }) {
  const run = useRun()
  const apply = useApplyChange()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputId = `${item.id}-note`
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const answer = await run(() => api.note(item.id, text), TOASTS.noteSaved, TOASTS.noteFailed)
    setBusy(false)
    if (answer instanceof Error) return setProblem(answer.fields.text ?? null)
    setProblem(null)
    setText('')
    apply(answer)
  }
  return (
    <form className="mt-4" noValidate onSubmit={(event) => void submit(event)}>
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
      <button type="submit" className={`${button.secondary} mt-2`} disabled={busy || text.trim() === ''}>
        {T.card.saveNote}
      </button>
    </form>
  )
}

export function CardDetails({
  id,
  item,
  onAskDelete,
}: {
  id: string
  item: Submission
  onAskDelete: (item: Submission, opener: HTMLElement) => void
}) {
  const [editing, setEditing] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const trashed = item.deleted_at !== null
  const closeEditor = () => {
    setEditing(false)
    toggle.current?.focus()
  }
  return (
    <div id={id} className="mt-3 border-t border-slate-200 pt-3">
      {!trashed && !item.is_spam && <FollowUp item={item} />}
      {!trashed && <NoteForm item={item} />}
      {!trashed && !item.is_spam && (
        <div className="mt-4">
          <button
            ref={toggle}
            type="button"
            className={button.secondary}
            aria-expanded={editing}
            onClick={() => setEditing((open) => !open)}
          >
            <UserCheck className="size-5" aria-hidden="true" focusable="false" />
            {item.is_client ? T.card.editClient : T.card.markClient}
          </button>
          {editing && <ClientEditor item={item} onDone={closeEditor} />}
        </div>
      )}
      {item.referrer && (
        <p className="mt-4 text-sm break-all text-slate-700">
          <span className="font-semibold">{T.card.referrer}: </span>
          {item.referrer}
        </p>
      )}
      {item.source_page && (
        <p className="mt-4 text-sm break-all text-slate-700">
          <span className="font-semibold">{T.card.page}: </span>
          {item.source_page}
        </p>
      )}
      <Timeline item={item} />
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {(item.phone || item.email) && <ErasePerson item={item} />}
        {!trashed && (
          <button type="button" className={button.danger} onClick={(event) => onAskDelete(item, event.currentTarget)}>
            <Trash2 className="size-5" aria-hidden="true" focusable="false" />
            {T.card.delete}
          </button>
        )}
      </div>
      {trashed && <p className="mt-3 text-sm text-slate-600">{T.inbox.trashNote(TRASH_DAYS)}</p>}
    </div>
  )
}
