import { CircleCheck } from 'lucide-react'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { ContactConfirmation } from '../../src/sections/ContactConfirmation.tsx'
import { buttonClass, CallButton } from '../../src/sections/actions.tsx'
import type { ContactSentData } from '../../src/catalogue/page-data.ts'

/**
 * The page a send without JavaScript lands on: SPEC's "Message Sent!" notice, and for one request
 * (/contact/sent/<id>, rendered by the server) the confirmation that stays, in the same words as
 * the panel above the form.
 */
export default function ContactSentPage() {
  const { chrome, notice, backLabel, callLabel, confirmationCallLabel } = useData<ContactSentData>()
  const { contactConfirmation } = usePageContext()
  return (
    <section
      className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center sm:py-20"
      aria-labelledby="page-title"
    >
      <CircleCheck className="size-16 text-green-700" aria-hidden="true" focusable="false" />
      <h1 id="page-title" className="mt-4 text-3xl font-bold text-brand-900 sm:text-4xl">
        {notice.title}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-slate-700">{notice.text}</p>
      {contactConfirmation ? (
        <ContactConfirmation
          words={contactConfirmation}
          phone={chrome.business.phone}
          callLabel={confirmationCallLabel}
          className="mt-8 w-full max-w-xl"
        />
      ) : (
        <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <CallButton phone={chrome.business.phone} label={callLabel} tone="primary" />
        </div>
      )}
      <a href="/" className={`${buttonClass('outline')} mt-4`}>
        {backLabel}
      </a>
    </section>
  )
}
