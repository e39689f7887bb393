// What a form sent without JavaScript brings back to /contact when it has problems: the values
// as sent, each field's problem and a problem of the whole request. The server hands it to the
// page's render (src/server/contact/page.ts), and the page's components show it
// (src/sections/ContactForm.tsx, pages/contact/+title.ts) through pageContext.contactForm
// (page-context.d.ts). Browser-safe.
import { FIELDS, type Field } from './message.ts'

export type ContactFormState = {
  /** What the visitor sent, as sent. */
  values: Partial<Record<Field, string>>
  /** The problem text of each field that has one (from the page's copy). */
  problems: Partial<Record<Field, string>>
  /** A problem of the whole request (rate limited, storage down), shown above the list. */
  summary?: string
  /** The arrival windows offered, when the server renders the page (/contact/book), and the one chosen. */
  booking?: { days: DayChoice[]; chosen?: string | undefined }
}

/** An arrival window as the form offers it: its id (the form's value), its words, and whether it is full. */
type WindowChoice = { id: string; label: string; full: boolean }
/** A day's windows as the form offers them (GET /api/booking/windows, src/sections/BookingPicker.tsx). */
export type DayChoice = { date: string; label: string; windows: WindowChoice[] }

/** The fields with a problem, in the form's order. */
export function fieldsWithProblems(state: ContactFormState | undefined): Field[] {
  return state ? FIELDS.filter((field) => state.problems[field]) : []
}

/** Whether the problems box is shown: a field has a problem or the whole request has one. */
export function showsProblems(state: ContactFormState | undefined): boolean {
  return fieldsWithProblems(state).length > 0 || Boolean(state?.summary)
}
