// https://vike.dev/Page — the contact record's template, given the state of a form sent without
// JavaScript when the server renders the page for it (pageContext.contactForm).
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import type { CataloguePageData } from '../../src/catalogue/page-data.ts'
import { ContactTemplate } from '../../src/templates/ContactTemplate.tsx'

export default function ContactPage() {
  const { page, chrome, reviews, trail, zips, booking } = useData<CataloguePageData>()
  const { contactForm } = usePageContext()
  if (page.template !== 'contact') throw new Error(`/contact is a "${page.template}" record, not a contact page`)
  return (
    <ContactTemplate
      page={page}
      business={chrome.business}
      reviews={reviews}
      trail={trail}
      formState={contactForm}
      zips={zips}
      booking={booking}
    />
  )
}
