// What the server adds to the pageContext of /contact when it renders the page at run time
// (src/server/contact/page.ts), for Vike's types (https://vike.dev/pageContext#typescript).
import type { CataloguePageData } from '../catalogue/page-data.ts'
import type { ContactFormState } from './form-state.ts'
import type { ConfirmationWords } from './confirmation.ts'
import type { ContactSentData } from '../catalogue/page-data.ts'
import type { BookingLinkPage } from './booking-link.ts'

declare global {
  namespace Vike {
    interface PageContext {
      /** The state of a form sent without JavaScript that has problems. */
      contactForm?: ContactFormState
      /**
       * The data the build rendered /contact with (dist/build-info.json), so that the page the
       * server renders is the prerendered one plus the form's state, whatever content/ holds now.
       */
      contactPageData?: CataloguePageData
      /** The confirmation of one request, on /contact/sent/<id> (src/server/contact/sent.ts). */
      contactConfirmation?: ConfirmationWords
      /** The data the build rendered /contact/sent with (dist/build-info.json). */
      contactSentData?: ContactSentData
      /** The page of a customer's booking link, /booking/<token> (src/server/booking/page.ts). */
      bookingLink?: BookingLinkPage
    }
  }
}
