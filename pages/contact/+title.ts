// https://vike.dev/title — the record's title; when the page comes back with the problems of a
// form sent without JavaScript, prefixed with the problems box's heading, so that a screen reader
// says first that something needs fixing.
import type { PageContext } from 'vike/types'
import type { CataloguePageData } from '../../src/catalogue/page-data.ts'
import { showsProblems } from '../../src/lead/form-state.ts'

export default function title(pageContext: PageContext): string {
  const { head, page } = pageContext.data as CataloguePageData
  if (!showsProblems(pageContext.contactForm) || page.template !== 'contact') return head.title
  return `${page.form.problemsHeading} – ${head.title}`
}
