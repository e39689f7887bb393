// Marks a request as a client and edits the client fields (PRODUCT.md "Admin"). Dates are
// YYYY-MM-DD (the browser's date input), texts are held to the API's limits; what the browser
// cannot check, the server does, and its field problems are shown under their fields.
import { useContext, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { InboxSettings } from './actions.ts'
import { problemWith } from './api.ts'
import { isDay, today } from './format.ts'
import { T, TOASTS } from './messages.ts'
import { useChange } from './mutations.ts'
import { CLIENT_FIELDS, CLIENT_LIMITS, type ClientField, type Submission } from './types.ts'
import { button, control, fieldProblem, label } from './ui.ts'

type Values = { is_client: boolean } & Record<ClientField, string>
type Problems = Partial<Record<ClientField, string>>
type Field = { name: ClientField; label: string; kind: 'date' | 'text' | 'notes' }

const FIELDS: Field[] = [
  { name: 'client_since', label: CLIENT_FIELDS.client_since, kind: 'date' },
  { name: 'next_delivery_date', label: CLIENT_FIELDS.next_delivery_date, kind: 'date' },
  { name: 'delivery_frequency', label: CLIENT_FIELDS.delivery_frequency, kind: 'text' },
  { name: 'delivery_notes', label: CLIENT_FIELDS.delivery_notes, kind: 'notes' },
]

function problemsOf(values: Values): Problems {
  const problems: Problems = {}
  for (const f of ['client_since', 'next_delivery_date'] as const)
    if (values[f] && !isDay(values[f])) problems[f] = T.client.badDate
  for (const f of ['delivery_frequency', 'delivery_notes'] as const)
    if (values[f].length > CLIENT_LIMITS[f]) problems[f] = T.client.tooLong(CLIENT_LIMITS[f])
  return problems
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim())

/** A field of the form: its label, its input (a date, a line, or the notes' box) and its problem. */
function ClientInput({
  field: f,
  inputId,
  value,
  problem,
  onChange,
}: {
  field: Field
  inputId: string
  value: string
  problem: string | undefined
  onChange: (value: string) => void
}) {
  const common = {
    id: inputId,
    name: f.name,
    value,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${inputId}-problem` : undefined,
    className: control,
  }
  return (
    <div className={f.kind === 'notes' ? 'sm:col-span-2' : ''}>
      <label htmlFor={inputId} className={label}>
        {f.label}
      </label>
      <div className="mt-1">
        {f.kind === 'notes' ? (
          <textarea
            {...common}
            rows={3}
            maxLength={CLIENT_LIMITS.delivery_notes}
            className={`${control} resize-y`}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : f.kind === 'date' ? (
          <input {...common} type="date" min="1900-01-01" max="9999-12-31" onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input
            {...common}
            type="text"
            maxLength={CLIENT_LIMITS.delivery_frequency}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </div>
      {problem && (
        <p id={`${inputId}-problem`} className={fieldProblem}>
          {problem}
        </p>
      )}
    </div>
  )
}

export function ClientEditor({ item, onDone }: { item: Submission; onDone: () => void }) {
  const { timeZone } = useContext(InboxSettings)
  const change = useChange()
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Values>(() => ({
    // Opening the editor on a request that is not a client yet is how it becomes one.
    is_client: true,
    client_since: item.client_since ?? (item.is_client ? '' : today(new Date(), timeZone)),
    next_delivery_date: item.next_delivery_date ?? '',
    delivery_frequency: item.delivery_frequency ?? '',
    delivery_notes: item.delivery_notes ?? '',
  }))
  const [problems, setProblems] = useState<Problems>({})
  const busy = change.isPending
  // Opened by a button: the keyboard goes on into the form.
  useEffect(() => form.current?.querySelector<HTMLElement>('input[type="date"]')?.focus(), [])

  const showProblems = (found: Problems) => {
    setProblems(found)
    const first = FIELDS.find((f) => found[f.name])
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus()
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = problemsOf(values)
    if (Object.keys(found).length > 0) return showProblems(found)
    setProblems({})
    const changes = {
      is_client: values.is_client,
      client_since: orNull(values.client_since),
      next_delivery_date: orNull(values.next_delivery_date),
      delivery_frequency: orNull(values.delivery_frequency),
      delivery_notes: orNull(values.delivery_notes),
    }
    change.mutate(
      { item, changes, ok: TOASTS.clientSaved, ko: TOASTS.clientFailed },
      {
        onSuccess: onDone,
        onError: (error) =>
          showProblems(
            Object.fromEntries(
              FIELDS.flatMap((f) => {
                const problem = problemWith(error, f.name)
                return problem ? [[f.name, problem]] : []
              }),
            ),
          ),
      },
    )
  }

  const set = (name: keyof Values, value: string | boolean) => setValues((v) => ({ ...v, [name]: value }))

  return (
    <form
      ref={form}
      className="mt-5 rounded-lg border border-brand-200 bg-brand-50/60 p-4 sm:p-5"
      onSubmit={submit}
      noValidate
    >
      <fieldset>
        <legend className="text-lg font-bold text-brand-900">{T.client.legend(item.name)}</legend>
        <label className="mt-3 flex min-h-11 items-center gap-3 font-semibold text-slate-900">
          <input
            type="checkbox"
            name="is_client"
            className="size-5 accent-brand-700"
            checked={values.is_client}
            onChange={(e) => set('is_client', e.target.checked)}
          />
          {T.client.isClient}
        </label>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {FIELDS.map((f) => (
            <ClientInput
              key={f.name}
              field={f}
              inputId={`${id}-${f.name}`}
              value={values[f.name]}
              problem={problems[f.name]}
              onChange={(value) => set(f.name, value)}
            />
          ))}
        </div>
      </fieldset>
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? T.client.saving : T.client.save}
        </button>
        <button type="button" className={button.quiet} onClick={onDone} disabled={busy}>
          {T.client.cancel}
        </button>
      </div>
    </form>
  )
}
