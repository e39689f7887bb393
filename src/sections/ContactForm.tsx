// The contact form on /contact. It works as a plain form POST to /api/contact: a confirmation
// page, or this page again rendered by the server with the form's state (the values kept, the
// problems at their fields and listed in a box at the top); src/client/contact-form.ts turns it
// into a JSON send with the "Sending..." state and the toasts of SPEC §4/§8. Attributes come from
// the one contact schema (src/lead/message.ts); the ids the script finds things by are named
// in src/lead/markup.ts. Its parts: ContactFormFields.tsx (the fields, built from
// ContactFormControls.tsx), ContactFormProblems.tsx, ContactFormToasts.tsx and the confirmation
// panel (ContactConfirmation.tsx). Decisions: docs/decisions/014-contact-form-ui.md,
// docs/decisions/024-no-js-contact-page.md.
import { Send } from 'lucide-react'
import type { ContactFormBlock } from '../catalogue/types.gen.ts'
import type { ContactFormState } from '../lead/form-state.ts'
import { buttonClass, type PhoneNumber } from './actions.tsx'
import { ContactConfirmation } from './ContactConfirmation.tsx'
import { ContactFormFields } from './ContactFormFields.tsx'
import { ContactFormProblems } from './ContactFormProblems.tsx'
import { ContactFormToasts } from './ContactFormToasts.tsx'
import { BookingPicker } from './BookingPicker.tsx'
import type { BookingCopy } from '../catalogue/page-data.ts'

// Words no visitor sees: the trap field is hidden from people and assistive technology.
const HONEYPOT_LABEL = 'Leave this field empty'

/**
 * `state`: what a form sent without JavaScript brought back (values, problems); without it, the
 * empty form the build prerenders.
 */
export function ContactForm({
  form,
  path,
  state,
  zips,
  booking,
  businessPhone,
}: {
  form: ContactFormBlock
  path: string
  state?: ContactFormState
  /** The business's phone number, for the confirmation's call button (no confirmation panel without it). */
  businessPhone?: PhoneNumber | undefined
  /** The service area's ZIP codes (src/lead/service-area.ts), for the outside-area note. */
  zips?: readonly string[] | undefined
  /** Online booking's words (content/booking.yaml); undefined: no window to choose. */
  booking?: BookingCopy | undefined
}) {
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
        <ContactFormProblems heading={form.problemsHeading} state={state} />
        <ContactFormFields form={form} state={state} zips={zips} phone={businessPhone} />
        {booking && <BookingPicker booking={booking} state={state?.booking} />}
        <Honeypot />
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

      <ContactFormToasts form={form} />
    </section>
  )
}

/**
 * The trap for bots: off-screen rather than display:none (which bots look for), and out of reach
 * of keyboards and assistive technology. A value here marks the request as suspected spam.
 */
function Honeypot() {
  return (
    <div className="absolute -left-[10000px] top-auto size-px overflow-hidden" aria-hidden="true">
      <label htmlFor="contact-website">{HONEYPOT_LABEL}</label>
      <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" />
    </div>
  )
}
