// The hooks in the contact form's markup (src/sections/ContactForm.tsx) that two other pieces of
// code find it by: the form's script in the browser (src/client/contact-form.ts) and the server,
// which fills the prerendered page when a form sent without JavaScript comes back with problems
// (src/server/contact/form-page.ts). Browser-safe and tiny: the script bundles it.
import type { Field } from './message.ts'

/** On each control (input, select, textarea): which field it is. */
export const FIELD_ATTR = 'data-contact-field'
/** On the empty, hidden paragraph under each control that shows its problem. */
export const PROBLEM_ATTR = 'data-contact-problem'
/** The problems box at the top of the form (hidden while empty), its heading, its general problem and its list. */
export const PROBLEMS_ATTR = 'data-contact-problems'
export const PROBLEMS_HEADING_ATTR = 'data-contact-problems-heading'
export const SUMMARY_ATTR = 'data-contact-summary'
export const PROBLEM_LIST_ATTR = 'data-contact-problem-list'

/** The id of a field's control (what its label and the problems box link to). */
export const controlId = (field: Field) => `contact-${field}`
/** The id of a field's problem paragraph (what the control's aria-describedby names). */
export const problemId = (field: Field) => `contact-${field}-problem`
