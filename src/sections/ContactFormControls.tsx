// The contact form's building blocks (src/sections/ContactForm.tsx): a labelled row around one
// control with the place for its problem, the attributes every control shares, a select with a
// placeholder, and the "out right now?" pair of radio buttons.
import { CallButton, type PhoneNumber } from './actions.tsx'
import type { ReactNode } from 'react'
import type { ContactFormBlock } from '../catalogue/types.gen.ts'
import { fieldRules, type Field } from '../lead/message.ts'
import type { ContactFormState } from '../lead/form-state.ts'
import { controlId, problemId } from '../lead/markup.ts'

export const CONTROL =
  'block min-h-12 w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700'

/** A field with a problem: marked invalid and described by the problem. */
function invalidAttrs(field: Field, problem: string | undefined) {
  return problem ? { 'aria-invalid': 'true' as const, 'aria-describedby': problemId(field) } : {}
}

/**
 * The attributes every control shares: its id, name and the schema's rules; with a state, the
 * value sent and, when the field has a problem, aria-invalid and the problem as its description.
 */
export function controlAttrs(field: Field, state: ContactFormState | undefined) {
  const rules = fieldRules(field)
  const value = state?.values[field]
  return {
    id: controlId(field),
    name: field,
    className: CONTROL,
    ...(rules.required ? { required: true } : {}),
    ...(rules.maxLength !== undefined ? { maxLength: rules.maxLength } : {}),
    ...(value !== undefined ? { defaultValue: value } : {}),
    ...invalidAttrs(field, state?.problems[field]),
  }
}

/**
 * The attributes of a text control the schema gives a pattern: the pattern, and the field's
 * problem as its title, which is what the browser says when the value does not fit it.
 */
export function patternAttrs(form: ContactFormBlock, field: Field, state: ContactFormState | undefined) {
  return { pattern: fieldRules(field).pattern, title: form.problems[field], ...controlAttrs(field, state) }
}

/**
 * A field's problem: from the server's render, or filled by the script after a JSON send.
 * `words`: the server's words for it, which the script shows when its own check finds one before
 * sending.
 */
function FieldProblem({ field, problem, words }: { field: Field; problem: string | undefined; words: string }) {
  return (
    <p
      id={problemId(field)}
      className="mt-1.5 text-sm font-semibold text-red-700"
      hidden={!problem}
      data-problem={words}
    >
      {problem}
    </p>
  )
}

export function FieldRow({
  field,
  label,
  problem,
  words,
  wide = false,
  children,
}: {
  field: Field
  label: string
  problem: string | undefined
  /** The server's words for this field's problem (FieldProblem). */
  words: string
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <label htmlFor={controlId(field)} className="block font-semibold text-slate-900">
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
      <FieldProblem field={field} problem={problem} words={words} />
    </div>
  )
}

/** A select with an empty first option. A value that is none of the options selects none, so the placeholder shows. */
export function Choice({
  field,
  placeholder,
  options,
  state,
}: {
  field: Field
  placeholder: string
  options: readonly { value: string; label: string }[]
  state: ContactFormState | undefined
}) {
  return (
    <select defaultValue="" {...controlAttrs(field, state)}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}

/**
 * "Is your heating or cooling out right now?": two radio buttons in a fieldset, optional (neither
 * checked until the visitor picks one). The first carries the field's id, so a problem's link
 * reaches the group.
 */
export function OutNow({
  form,
  state,
  phone,
}: {
  form: ContactFormBlock
  state: ContactFormState | undefined
  phone?: PhoneNumber | undefined
}) {
  const value = state?.values.outNow
  const problem = state?.problems.outNow || undefined
  const choices = [
    { value: 'yes', label: form.labels.outNowYes, id: controlId('outNow') },
    { value: 'no', label: form.labels.outNowNo, id: `${controlId('outNow')}-no` },
  ]
  return (
    <fieldset className="group sm:col-span-2">
      <legend className="font-semibold text-slate-900">{form.labels.outNow}</legend>
      <div className="mt-1.5 flex gap-3">
        {choices.map((c) => (
          <label
            key={c.value}
            htmlFor={c.id}
            className="flex min-h-12 min-w-24 cursor-pointer items-center gap-2 rounded-lg border border-slate-500 bg-white px-3.5 has-checked:border-brand-700 has-checked:ring-1 has-checked:ring-brand-700"
          >
            <input
              type="radio"
              id={c.id}
              name="outNow"
              value={c.value}
              className="size-5 accent-brand-700"
              {...(value === c.value ? { defaultChecked: true } : {})}
              {...invalidAttrs('outNow', problem)}
            />
            {c.label}
          </label>
        ))}
      </div>
      <FieldProblem field="outNow" problem={problem} words={form.problems.outNow} />
      {/* "Yes": call now rather than wait for a call back, offered before sending (CSS alone). */}
      {phone && (
        <div
          data-out-now-call=""
          className="mt-3 hidden rounded-lg border-2 border-red-700 bg-red-50 p-3 text-slate-900 group-has-[[value=yes]:checked]:block"
        >
          <p className="font-semibold">{form.confirmation.urgent}</p>
          <div className="mt-2">
            <CallButton phone={phone} label={form.confirmation.callLabel} tone="primary" />
          </div>
        </div>
      )}
    </fieldset>
  )
}
