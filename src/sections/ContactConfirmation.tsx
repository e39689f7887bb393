// The confirmation that stays after a request is stored: the name and phone number repeated, when
// to expect the call, "call now" for an urgent request, the outside-area note, and a call button.
// The same component shows it on the page a send without JavaScript lands on (/contact/sent/<id>,
// filled by the server) and, hidden with empty slots, above the form, where the form's script
// fills the slots (data-slot) with the words of the API's answer. The words come from one
// function either way (src/lead/confirmation.ts).
import { CircleCheck } from 'lucide-react'
import type { ConfirmationWords } from '../lead/confirmation.ts'
import { CONFIRMATION_ID } from '../lead/markup.ts'
import { CallButton, type PhoneNumber } from './actions.tsx'

export function ContactConfirmation({
  words,
  phone,
  callLabel,
  heading = 'h2',
  className = '',
}: {
  /** Undefined: the empty panel above the form, hidden until the script fills it. */
  words?: ConfirmationWords | undefined
  phone: PhoneNumber
  callLabel: string
  heading?: 'h1' | 'h2'
  className?: string
}) {
  const Heading = heading
  return (
    <section
      id={CONFIRMATION_ID}
      aria-labelledby={`${CONFIRMATION_ID}-heading`}
      tabIndex={-1}
      hidden={!words}
      className={`rounded-xl border-2 border-green-700 bg-green-50 p-5 text-left text-slate-800 ${className}`}
    >
      <Heading
        id={`${CONFIRMATION_ID}-heading`}
        className={`flex items-center gap-2 font-bold text-green-900 ${heading === 'h1' ? 'text-2xl sm:text-3xl' : 'text-xl'}`}
      >
        <CircleCheck className="size-6 shrink-0 text-green-700" aria-hidden="true" focusable="false" />
        <span data-slot="heading">{words?.heading}</span>
      </Heading>
      <p className="mt-3" data-slot="details">
        {words?.details}
      </p>
      <p className="mt-1" data-slot="when">
        {words?.when}
      </p>
      <p className="mt-3 font-semibold" data-slot="booking" hidden={!words?.booking}>
        {words?.booking}
      </p>
      <p className="mt-3" data-slot="outside" hidden={!words?.outside}>
        {words?.outside}
      </p>
      <p className="mt-3 font-semibold text-red-800" data-slot="urgent" hidden={!words?.urgent}>
        {words?.urgent}
      </p>
      <div className="mt-4">
        <CallButton phone={phone} label={callLabel} tone="primary" />
      </div>
    </section>
  )
}
