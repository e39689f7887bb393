// https://vike.dev/client — not cumulative, so this page loads the header script itself, then
// the contact form's enhancement.
import '../../renderer/+client.ts'
import '../../src/client/contact-form.ts'
import '../../src/client/booking.ts'
