// What the server adds to the pageContext of /admin when it renders the page for a request
// (src/server/admin/page.ts), for Vike's types (https://vike.dev/pageContext#typescript).
import type { AdminPageData } from '../catalogue/page-data.ts'
import type { AdminPageState } from '../catalogue/page-data.ts'

declare global {
  namespace Vike {
    interface PageContext {
      /** The screen /admin starts on: the inbox for a signed-in visitor, or the login form with why a sign-in failed. */
      adminState?: AdminPageState
      /** The data the build rendered /admin with (dist/build-info.json). */
      adminPageData?: AdminPageData
    }
  }
}
