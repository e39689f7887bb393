// The ids the contact form (src/sections/ContactForm.tsx) gives its parts, which its labels,
// links and aria attributes already point at, and by which the form's script
// (src/client/contact-form.ts) finds them to show the problems of a JSON send. Browser-safe and
// tiny: the script bundles it.

/** The id of a field's control (what its label and the problems box link to). */
export const controlId = (field: string) => `contact-${field}`
/** The id of a field's problem paragraph (what the control's aria-describedby names). */
export const problemId = (field: string) => `contact-${field}-problem`
/** The problems box at the top of the form, and its heading (the box's accessible name). */
export const PROBLEMS_ID = 'contact-problems'
export const PROBLEMS_HEADING_ID = 'contact-problems-heading'
/** The note under the ZIP code when it is outside the service area. */
export const ZIP_NOTE_ID = 'contact-zip-note'
/** The confirmation panel above the form (src/sections/ContactConfirmation.tsx). */
export const CONFIRMATION_ID = 'contact-confirmation'
/** The arrival window's choice (src/sections/BookingPicker.tsx) and its script's hooks (src/client/booking.ts). */
export const BOOKING_ID = 'contact-booking'
export const WINDOWS_URL = '/api/booking/windows'
