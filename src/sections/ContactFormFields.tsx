// The contact form's fields, in the order the visitor fills them (src/sections/ContactForm.tsx):
// name, phone, e-mail, then the intake questions (ZIP code, out right now?, service, time to
// call back) and the message. Each control takes its rules from the one contact schema
// (src/lead/message.ts) and, on the page a send without JavaScript comes back to, its value
// and problem from the form's state.
import type { ContactFormBlock } from '../catalogue/types.gen.ts'
import { CALLBACK_TIMES, SERVICE_OPTIONS, type Field } from '../lead/message.ts'
import type { ContactFormState } from '../lead/form-state.ts'
import { ZIP_NOTE_ID } from '../lead/markup.ts'
import type { PhoneNumber } from './actions.tsx'
import { Choice, CONTROL, controlAttrs, FieldRow, OutNow, patternAttrs } from './ContactFormControls.tsx'

type FieldsProps = {
  form: ContactFormBlock
  state: ContactFormState | undefined
  /** The service area's ZIP codes (src/lead/service-area.ts), for the outside-area note. */
  zips: readonly string[] | undefined
  /** The business's phone, for the call button offered when the heating or cooling is out. */
  phone?: PhoneNumber | undefined
}

/** A field's label, its problem on the page a send came back to (if any), and the words for one. */
function row(form: ContactFormBlock, state: ContactFormState | undefined, field: Field) {
  return { field, label: form.labels[field], problem: state?.problems[field] || undefined, words: form.problems[field] }
}

export function ContactFormFields({ form, state, zips, phone }: FieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FieldRow {...row(form, state, 'name')}>
        <input type="text" autoComplete="name" autoCapitalize="words" {...controlAttrs('name', state)} />
      </FieldRow>
      <FieldRow {...row(form, state, 'phone')}>
        <input type="tel" inputMode="tel" autoComplete="tel" {...patternAttrs(form, 'phone', state)} />
      </FieldRow>
      <FieldRow {...row(form, state, 'email')}>
        <input type="email" autoComplete="email" spellCheck={false} {...patternAttrs(form, 'email', state)} />
      </FieldRow>
      <IntakeFields form={form} state={state} zips={zips} phone={phone} />
      <FieldRow {...row(form, state, 'message')} wide>
        <textarea
          rows={5}
          placeholder={form.messagePlaceholder}
          {...controlAttrs('message', state)}
          className={`${CONTROL} resize-y`}
        />
      </FieldRow>
    </div>
  )
}

/**
 * The intake questions (docs/decisions/031-intake.md), all optional: the ZIP code with its note
 * for a place outside the service area, whether the heating or cooling is out, the service and
 * the time to call back.
 */
function IntakeFields({ form, state, zips, phone }: FieldsProps) {
  return (
    <>
      <FieldRow {...row(form, state, 'zip')}>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          {...patternAttrs(form, 'zip', state)}
          {...(zips ? { 'data-zips': zips.join(' ') } : {})}
        />
        {/* Shown by the script when the ZIP code is not one of the area's: a note, not a problem. */}
        <p id={ZIP_NOTE_ID} className="mt-1.5 text-sm text-slate-700" aria-live="polite" hidden>
          {form.outsideArea}
        </p>
      </FieldRow>
      <OutNow form={form} state={state} phone={phone} />
      <FieldRow {...row(form, state, 'service')}>
        <Choice field="service" placeholder={form.servicePlaceholder} options={SERVICE_OPTIONS} state={state} />
      </FieldRow>
      <FieldRow {...row(form, state, 'callbackTime')}>
        <Choice field="callbackTime" placeholder={form.callbackPlaceholder} options={CALLBACK_TIMES} state={state} />
      </FieldRow>
    </>
  )
}
