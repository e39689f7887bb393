// The /contact page as it comes back when a form sent without JavaScript has problems, rendered
// at run time (src/server/page-render.ts) with the page's own React components (pages/contact/,
// ContactForm.tsx), given the form's state: the values kept, each problem under its field, the
// problems box at the top that takes the focus, the title prefixed with the box's heading. The
// page data is the one the build rendered /contact with, so the two pages differ only by the
// form's state. Decision: docs/decisions/024-no-js-contact-page.md.
import type { CataloguePageData } from '../../catalogue/page-data.ts'
import type { ContactFormState } from '../../lead/form-state.ts'
import type { PageRenderer, RenderedPage } from '../page-render.ts'

export type { RenderedPage }

export type ContactPageRenderer = {
  /** Why the page cannot be rendered with this build, found at start; undefined when it can. */
  unavailable: string | undefined
  /** The page with the form's state; rejects when it cannot be rendered. */
  render(state: ContactFormState): Promise<RenderedPage>
}

export function contactPageRenderer({
  renderer,
  pageData,
}: {
  renderer: PageRenderer
  /** The data the build rendered /contact with (dist/build-info.json). */
  pageData: CataloguePageData | undefined
}): ContactPageRenderer {
  const unavailable = !pageData
    ? 'dist/build-info.json has no data of /contact: it comes from an older build; run `npm run build`'
    : renderer.unavailable
  return {
    unavailable,
    async render(state) {
      if (unavailable || !pageData) throw new Error(unavailable)
      return renderer.render('/contact', { contactForm: state, contactPageData: pageData })
    },
  }
}
