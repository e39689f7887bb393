// The outcome of a request under its card's "More" (decision 050): the job's value once it is
// completed, the reason lost once it is closed; each saved on its own, cleared with a tap. The
// value is typed in dollars and sent in cents; the server's problem shows under its field.
import { useId, useState, type FormEvent } from 'react'
import { CircleDollarSign } from 'lucide-react'
import {
  centsToInput,
  JOB_VALUE_PROBLEM,
  LOST_REASON_LABELS,
  LOST_REASONS,
  parseDollars,
  type JobOutcome,
  type LostReason,
} from '../lead/outcome.ts'
import { problemWith } from './api.ts'
import { useJobOutcome } from './mutations.ts'
import { OUTCOME_T as W } from './outcome-messages.ts'
import type { Submission } from './types.ts'
import { button, control, fieldProblem, label } from './ui.ts'

/** Whether a request takes an outcome: completed or closed, or one entered before its status changed back. */
export const takesOutcome = (item: Submission) =>
  item.status === 'completed' || item.status === 'closed' || item.job_value_cents !== null || item.lost_reason !== null

export function OutcomeForm({ item }: { item: Submission }) {
  const save = useJobOutcome()
  const id = useId()
  const completed = item.status === 'completed'
  const closed = item.status === 'closed'
  const field = completed ? 'job_value_cents' : 'lost_reason'
  const [value, setValue] = useState(item.job_value_cents === null ? '' : centsToInput(item.job_value_cents))
  const [reason, setReason] = useState<LostReason | ''>((item.lost_reason as LostReason | null) ?? '')
  const [problem, setProblem] = useState<string | null>(null)

  const send = (outcome: JobOutcome, onSaved?: () => void) => {
    setProblem(null)
    save.mutate(
      { item, outcome },
      {
        onSuccess: () => onSaved?.(),
        onError: (error) => setProblem(problemWith(error, field) ?? problemWith(error, 'job_value_cents')),
      },
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (completed) {
      const cents = parseDollars(value)
      if (cents === undefined) return setProblem(JOB_VALUE_PROBLEM)
      send({ job_value_cents: cents }, () => setValue(centsToInput(cents)))
    } else if (closed) {
      if (reason === '') return setProblem(W.chooseFirst)
      send({ lost_reason: reason })
    }
  }
  // What is entered can be cleared, whatever the status now.
  const clearable: { field: keyof JobOutcome; text: string; reset: () => void }[] = []
  if (item.job_value_cents !== null)
    clearable.push({ field: 'job_value_cents', text: W.clearValue, reset: () => setValue('') })
  if (item.lost_reason !== null)
    clearable.push({ field: 'lost_reason', text: W.clearReason, reset: () => setReason('') })
  const inputId = `${id}-${field}`
  const problemId = `${inputId}-problem`
  const invalid = problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {}
  return (
    <form className="mt-4" noValidate onSubmit={submit} data-outcome="">
      <fieldset>
        <legend className={`${label} flex items-center gap-1.5`}>
          <CircleDollarSign className="size-4" aria-hidden="true" focusable="false" />
          {W.legend}
        </legend>
        {completed && (
          <div className="mt-2">
            <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
              {W.value}
            </label>
            <p id={`${inputId}-hint`} className="text-sm text-slate-600">
              {W.valueHint}
            </p>
            <input
              id={inputId}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className={`${control} mt-1 max-w-48`}
              value={value}
              aria-describedby={problem ? `${inputId}-hint ${problemId}` : `${inputId}-hint`}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
        )}
        {closed && (
          <div className="mt-2">
            <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
              {W.reason}
            </label>
            <select
              id={inputId}
              className={`${control} mt-1`}
              value={reason}
              {...invalid}
              onChange={(event) => setReason(event.target.value as LostReason | '')}
            >
              <option value="">{W.chooseReason}</option>
              {LOST_REASONS.map((r) => (
                <option key={r} value={r}>
                  {LOST_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
        )}
        {problem && (
          <p id={problemId} className={fieldProblem}>
            {problem}
          </p>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          {(completed || closed) && (
            <button type="submit" className={button.secondary} disabled={save.isPending}>
              {W.save}
            </button>
          )}
          {clearable.map(({ field, text, reset }) => (
            <button
              key={field}
              type="button"
              className={button.quiet}
              disabled={save.isPending}
              onClick={() => send({ [field]: null }, reset)}
            >
              {text}
            </button>
          ))}
        </div>
      </fieldset>
    </form>
  )
}
