// The problems of a contact form sent without JavaScript (src/sections/ContactForm.tsx): a box at
// the top of the form, hidden while there are none, with the server's summary (its phone numbers
// as links) and each field's problem as a link to the field.
import { CircleAlert } from 'lucide-react'
import { withPhoneLinks } from '../lead/phone-links.ts'
import { fieldsWithProblems, showsProblems, type ContactFormState } from '../lead/form-state.ts'
import { controlId, PROBLEMS_HEADING_ID, PROBLEMS_ID } from '../lead/markup.ts'

/**
 * The box takes the focus when the page loads, so a screen reader starts there; there is no
 * script to move it.
 */
export function ContactFormProblems({ heading, state }: { heading: string; state: ContactFormState | undefined }) {
  const shown = showsProblems(state)
  return (
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
        <span>{heading}</span>
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
            <a href={`#${controlId(field)}`}>{state?.problems[field] || undefined}</a>
          </li>
        ))}
      </ul>
    </section>
  )
}
