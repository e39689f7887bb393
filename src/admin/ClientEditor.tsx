// Marks a request as a client and edits the client fields (PRODUCT.md "Admin"). Dates are
// YYYY-MM-DD (the browser's date input), texts are held to the API's limits; what the browser
// cannot check, the server does, and its field problems are shown under their fields.
import { useContext, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { api } from './api.ts'
import { InboxSettings, useRun } from './actions.ts'
import { isDay, today } from './format.ts'
import { T, TOASTS } from './messages.ts'
import { useApplyChange } from './queries.ts'
import { CLIENT_FIELDS, CLIENT_LIMITS, type ClientField, type Submission } from './types.ts'
import { button, control, fieldProblem, label } from './ui.ts'

type Values = { is_client: boolean } & Record<ClientField, string>

const FIELDS: { name: ClientField; label: string; kind: 'date' | 'text' | 'notes' }[] = [
  { name: 'client_since', label: CLIENT_FIELDS.client_since, kind: 'date' },
  { name: 'next_delivery_date', label: CLIENT_FIELDS.next_delivery_date, kind: 'date' },
  { name: 'delivery_frequency', label: CLIENT_FIELDS.delivery_frequency, kind: 'text' },
  { name: 'delivery_notes', label: CLIENT_FIELDS.delivery_notes, kind: 'notes' },
]

function problemsOf(values: Values): Partial<Record<ClientField, string>> {
  const problems: Partial<Record<ClientField, string>> = {}
  for (const f of ['client_since', 'next_delivery_date'] as const)
    if (values[f] && !isDay(values[f])) problems[f] = T.client.badDate
  for (const f of ['delivery_frequency', 'delivery_notes'] as const)
    if (values[f].length > CLIENT_LIMITS[f]) problems[f] = T.client.tooLong(CLIENT_LIMITS[f])
  return problems
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim())

export function ClientEditor({ item, onDone }: { item: Submission; onDone: () => void }) {
  const { timeZone } = useContext(InboxSettings)
  const run = useRun()
  const apply = useApplyChange()
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
  const [problems, setProblems] = useState<Partial<Record<ClientField, string>>>({})
  const [busy, setBusy] = useState(false)
  // Opened by a button: the keyboard goes on into the form.
  useEffect(() => form.current?.querySelector<HTMLElement>('input[type="date"]')?.focus(), [])

  const focusFirstProblem = (found: Partial<Record<ClientField, string>>) => {
    const first = FIELDS.find((f) => found[f.name])
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus()
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = problemsOf(values)
    setProblems(found)
    if (Object.keys(found).length > 0) return focusFirstProblem(found)
    setBusy(true)
    const answer = await run(
      () =>
        api.update(item.id, {
          is_client: values.is_client,
          client_since: orNull(values.client_since),
          next_delivery_date: orNull(values.next_delivery_date),
          delivery_frequency: orNull(values.delivery_frequency),
          delivery_notes: orNull(values.delivery_notes),
        }),
      TOASTS.clientSaved,
      TOASTS.clientFailed,
    )
    setBusy(false)
    if (!(answer instanceof Error)) {
      apply(answer)
      return onDone()
    }
    const error = answer
    const fromServer = Object.fromEntries(
      FIELDS.filter((f) => error.fields[f.name]).map((f) => [f.name, error.fields[f.name]]),
    )
    setProblems(fromServer)
    focusFirstProblem(fromServer)
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
          {FIELDS.map((f) => {
            const inputId = `${id}-${f.name}`
            const problem = problems[f.name]
            const common = {
              id: inputId,
              name: f.name,
              value: values[f.name],
              'aria-invalid': problem ? true : undefined,
              'aria-describedby': problem ? `${inputId}-problem` : undefined,
              className: control,
            }
            return (
              <div key={f.name} className={f.kind === 'notes' ? 'sm:col-span-2' : ''}>
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
                      onChange={(e) => set(f.name, e.target.value)}
                    />
                  ) : f.kind === 'date' ? (
                    <input
                      {...common}
                      type="date"
                      min="1900-01-01"
                      max="9999-12-31"
                      onChange={(e) => set(f.name, e.target.value)}
                    />
                  ) : (
                    <input
                      {...common}
                      type="text"
                      maxLength={CLIENT_LIMITS.delivery_frequency}
                      onChange={(e) => set(f.name, e.target.value)}
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
          })}
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
