// The contact form on /contact. It works as a plain form POST to /api/contact: a confirmation
// page, or this page again rendered by the server with the form's state (the values kept, the
// problems at their fields and listed in a box at the top); src/client/contact-form.ts turns it
// into a JSON send with the "Sending..." state and the toasts of SPEC §4/§8. Attributes come from
// the one contact schema (src/lead/message.ts); the ids the script finds things by are named
// in src/lead/markup.ts. Decisions: docs/decisions/014-contact-form-ui.md,
// docs/decisions/024-no-js-contact-page.md.
import type { ReactNode } from 'react'
import { CircleAlert, CircleCheck, Send, X } from 'lucide-react'
import type { ContactFormBlock } from '../catalogue/types.gen.ts'
import { CALLBACK_TIMES, fieldRules, SERVICE_OPTIONS, type Field } from '../lead/message.ts'
import { withPhoneLinks } from '../lead/phone-links.ts'
import { fieldsWithProblems, showsProblems, type ContactFormState } from '../lead/form-state.ts'
import { controlId, PROBLEMS_HEADING_ID, PROBLEMS_ID, problemId, ZIP_NOTE_ID } from '../lead/markup.ts'
import { buttonClass, type PhoneNumber } from './actions.tsx'
import { ContactConfirmation } from './ContactConfirmation.tsx'

// Words no visitor sees (the trap field is hidden from people and assistive technology) or only
// hears (the toast's close button): kept here rather than in the page's copy.
const HONEYPOT_LABEL = 'Leave this field empty'
const DISMISS_LABEL = 'Dismiss notification'

const REGION = 'flex w-full flex-col items-center sm:items-end'

const CONTROL =
  'block min-h-12 w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700'

/**
 * The attributes every control shares: its id, name and the schema's rules; with a state, the
 * value sent and, when the field has a problem, aria-invalid and the problem as its description.
 */
function controlAttrs(field: Field, state: ContactFormState | undefined) {
  const rules = fieldRules(field)
  const value = state?.values[field]
  return {
    id: controlId(field),
    name: field,
    className: CONTROL,
    ...(rules.required ? { required: true } : {}),
    ...(rules.maxLength !== undefined ? { maxLength: rules.maxLength } : {}),
    ...(value !== undefined ? { defaultValue: value } : {}),
    ...(state?.problems[field] ? { 'aria-invalid': 'true' as const, 'aria-describedby': problemId(field) } : {}),
  }
}

function FieldRow({
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
  /** The server's words for this field's problem, which the script shows when its own check finds one before sending. */
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
      {/* The field's problem: from the server's render, or filled by the script after a JSON send. */}
      <p
        id={problemId(field)}
        className="mt-1.5 text-sm font-semibold text-red-700"
        hidden={!problem}
        data-problem={words}
      >
        {problem}
      </p>
    </div>
  )
}

/**
 * "Is your heating or cooling out right now?": two radio buttons in a fieldset, optional (neither
 * checked until the visitor picks one). The first carries the field's id, so a problem's link
 * reaches the group.
 */
function OutNow({
  form,
  state,
  problem,
}: {
  form: ContactFormBlock
  state: ContactFormState | undefined
  problem: string | undefined
}) {
  const value = state?.values.outNow
  const invalid = problem ? { 'aria-invalid': 'true' as const, 'aria-describedby': problemId('outNow') } : {}
  const choices = [
    { value: 'yes', label: form.labels.outNowYes, id: controlId('outNow') },
    { value: 'no', label: form.labels.outNowNo, id: `${controlId('outNow')}-no` },
  ]
  return (
    <fieldset className="sm:col-span-2">
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
              {...invalid}
            />
            {c.label}
          </label>
        ))}
      </div>
      <p
        id={problemId('outNow')}
        className="mt-1.5 text-sm font-semibold text-red-700"
        hidden={!problem}
        data-problem={form.problems.outNow}
      >
        {problem}
      </p>
    </fieldset>
  )
}

/** A toast's markup, cloned by src/client/toast.ts into its live region. */
/** A select with an empty first option. A value that is none of the options selects none, so the placeholder shows. */
function Choice({
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

function ToastTemplate({ tone, title, text }: { tone: 'success' | 'error'; title: string; text: string }) {
  const error = tone === 'error'
  const Icon = error ? CircleAlert : CircleCheck
  return (
    <template data-toast={tone}>
      <div
        className={`toast pointer-events-auto flex w-full items-start gap-3 rounded-xl p-4 shadow-xl ring-1 sm:w-96 ${
          error ? 'bg-red-700 text-white ring-red-800' : 'bg-white text-slate-800 ring-slate-300'
        }`}
      >
        <Icon
          className={`mt-0.5 size-6 shrink-0 ${error ? 'text-white' : 'text-green-700'}`}
          aria-hidden="true"
          focusable="false"
        />
        <div className="min-w-0 flex-1">
          <p className={`font-bold ${error ? 'text-white' : 'text-slate-900'}`}>{title}</p>
          <p className="mt-1">{text}</p>
          <p className="mt-2 font-semibold" data-toast-detail="" hidden />
        </div>
        <button
          type="button"
          className={`-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg ${error ? 'text-white hover:bg-red-800 focus-visible:outline-white' : 'text-slate-600 hover:bg-slate-100'}`}
          aria-label={DISMISS_LABEL}
          data-toast-dismiss=""
        >
          <X className="size-5" aria-hidden="true" focusable="false" />
        </button>
      </div>
    </template>
  )
}

/**
 * `state`: what a form sent without JavaScript brought back (values, problems); without it, the
 * empty form the build prerenders.
 */
export function ContactForm({
  form,
  path,
  state,
  zips,
  businessPhone,
}: {
  form: ContactFormBlock
  path: string
  state?: ContactFormState
  /** The business's phone number, for the confirmation's call button (no confirmation panel without it). */
  businessPhone?: PhoneNumber | undefined
  /** The service area's ZIP codes (src/lead/service-area.ts), for the outside-area note. */
  zips?: readonly string[] | undefined
}) {
  const phone = fieldRules('phone')
  const email = fieldRules('email')
  const problemOf = (field: Field) => state?.problems[field] || undefined
  const shown = showsProblems(state)
  return (
    <section
      aria-labelledby="contact-form"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:self-start"
    >
      <h2 id="contact-form" className="text-2xl font-bold text-brand-900">
        {form.heading}
      </h2>
      {form.intro && <p className="mt-2 text-slate-600">{form.intro}</p>}
      {businessPhone && (
        <ContactConfirmation phone={businessPhone} callLabel={form.confirmation.callLabel} className="mt-6" />
      )}

      <form
        method="post"
        action="/api/contact"
        className="mt-6"
        data-contact-form=""
        data-sending-label={form.sendingLabel}
      >
        {/* The problems of a form sent without JavaScript, each a link to its field (hidden while
            there are none). The box takes the focus when the page loads, so a screen reader
            starts there; there is no script to move it. */}
        <section
          id={PROBLEMS_ID}
          aria-labelledby={PROBLEMS_HEADING_ID}
          tabIndex={-1}
          hidden={!shown}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the page a send without JavaScript comes back to: the focus has to start at its problems, and only autofocus can put it there
          autoFocus={shown}
          className="mb-6 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900"
        >
          <h3 id={PROBLEMS_HEADING_ID} className="flex items-center gap-2 font-bold">
            <CircleAlert className="size-5 shrink-0" aria-hidden="true" focusable="false" />
            <span>{form.problemsHeading}</span>
          </h3>
          <p className="mt-2" hidden={!state?.summary}>
            {withPhoneLinks(state?.summary ?? '').map((part, i) =>
              typeof part === 'string' ? (
                part
              ) : (
                <a key={i} href={part.href} className="font-semibold underline underline-offset-2">
                  {part.number}
                </a>
              ),
            )}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6 [&_a]:font-semibold [&_a]:underline [&_a]:underline-offset-2">
            {fieldsWithProblems(state).map((field) => (
              <li key={field}>
                <a href={`#${controlId(field)}`}>{problemOf(field)}</a>
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-5 sm:grid-cols-2">
          <FieldRow field="name" label={form.labels.name} problem={problemOf('name')} words={form.problems.name}>
            <input type="text" autoComplete="name" autoCapitalize="words" {...controlAttrs('name', state)} />
          </FieldRow>
          <FieldRow field="phone" label={form.labels.phone} problem={problemOf('phone')} words={form.problems.phone}>
            {/* The pattern's title is what the browser says when the number does not fit it. */}
            <input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              pattern={phone.pattern}
              title={form.problems.phone}
              {...controlAttrs('phone', state)}
            />
          </FieldRow>
          <FieldRow field="email" label={form.labels.email} problem={problemOf('email')} words={form.problems.email}>
            <input
              type="email"
              autoComplete="email"
              spellCheck={false}
              pattern={email.pattern}
              title={form.problems.email}
              {...controlAttrs('email', state)}
            />
          </FieldRow>
          <FieldRow field="zip" label={form.labels.zip} problem={problemOf('zip')} words={form.problems.zip}>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              pattern={fieldRules('zip').pattern}
              title={form.problems.zip}
              {...controlAttrs('zip', state)}
              {...(zips ? { 'data-zips': zips.join(' ') } : {})}
            />
            {/* Shown by the script when the ZIP code is not one of the area's: a note, not a problem. */}
            <p id={ZIP_NOTE_ID} className="mt-1.5 text-sm text-slate-700" aria-live="polite" hidden>
              {form.outsideArea}
            </p>
          </FieldRow>
          <OutNow form={form} state={state} problem={problemOf('outNow')} />
          <FieldRow
            field="service"
            label={form.labels.service}
            problem={problemOf('service')}
            words={form.problems.service}
          >
            <Choice field="service" placeholder={form.servicePlaceholder} options={SERVICE_OPTIONS} state={state} />
          </FieldRow>
          <FieldRow
            field="callbackTime"
            label={form.labels.callbackTime}
            problem={problemOf('callbackTime')}
            words={form.problems.callbackTime}
          >
            <Choice
              field="callbackTime"
              placeholder={form.callbackPlaceholder}
              options={CALLBACK_TIMES}
              state={state}
            />
          </FieldRow>
          <FieldRow
            field="message"
            label={form.labels.message}
            problem={problemOf('message')}
            words={form.problems.message}
            wide
          >
            <textarea
              rows={5}
              placeholder={form.messagePlaceholder}
              {...controlAttrs('message', state)}
              className={`${CONTROL} resize-y`}
            />
          </FieldRow>
        </div>

        {/* Honeypot: off-screen rather than display:none (which bots look for), and out of reach of
            keyboards and assistive technology. A value here marks the request as suspected spam. */}
        <div className="absolute -left-[10000px] top-auto size-px overflow-hidden" aria-hidden="true">
          <label htmlFor="contact-website">{HONEYPOT_LABEL}</label>
          <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <input type="hidden" name="page" value={path} />

        <button
          type="submit"
          className={`${buttonClass('primary')} mt-6 w-full disabled:cursor-wait disabled:opacity-80 sm:w-auto`}
        >
          <Send className="size-5" aria-hidden="true" focusable="false" />
          <span data-submit-label="">{form.submitLabel}</span>
        </button>
        {form.privacy && (
          <p className="mt-4 text-sm text-slate-600">
            {form.privacy.text}{' '}
            <a href={form.privacy.link.href} className="font-semibold text-brand-800 underline underline-offset-2">
              {form.privacy.link.label}
            </a>
          </p>
        )}
      </form>

      {/* Toasts (src/client/toast.ts): live regions present from the start, so what enters them is announced. */}
      <div className="toast-viewport pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 px-4 pt-4 sm:right-0 sm:left-auto sm:items-end">
        <div role="status" aria-live="polite" aria-atomic="true" className={REGION} data-toast-region="success" />
        <div role="alert" aria-atomic="true" className={REGION} data-toast-region="error" />
      </div>
      <ToastTemplate tone="success" title={form.success.title} text={form.success.text} />
      <ToastTemplate tone="error" title={form.failure.title} text={form.failure.text} />
    </section>
  )
}
