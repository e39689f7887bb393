// https://vike.dev/data — the confirmation after a send without JavaScript: the contact record's
// success notice, not indexed (noindex, and not a catalogue record, so not in the sitemap). The
// server renders it at run time for one request (/contact/sent/<id>, src/server/contact/sent.ts)
// with the data the build made here, so the catalogue's loader is not even loaded then.
import type { PageContextServer } from 'vike/types'
import type { ContactSentData } from '../../src/catalogue/page-data.ts'

export async function data(pageContext?: PageContextServer): Promise<ContactSentData> {
  if (pageContext?.contactSentData) return pageContext.contactSentData
  const { getCatalogue } = await import('../../src/catalogue/load.ts')
  const { fixedPageData } = await import('../../src/catalogue/page-data.ts')
  const { findPage } = await import('../../src/catalogue/routes.ts')
  const catalogue = getCatalogue()
  const contact = findPage(catalogue, '/contact')?.record
  if (contact?.template !== 'contact')
    throw new Error('content/pages/contact.yaml is missing: /contact/sent shows its form.success and form.sent.')
  const { form, hero } = contact
  return {
    ...fixedPageData('/contact/sent', form.sent.seoTitle, catalogue, form.success.text),
    notice: form.success,
    backLabel: form.sent.backLabel,
    callLabel: hero.callLabel ?? catalogue.business.emergency.callLabel,
    confirmationCallLabel: form.confirmation.callLabel,
  }
}
