// https://vike.dev/data — the confirmation after a send without JavaScript: the contact record's
// success notice, not indexed (noindex, and not a catalogue record, so not in the sitemap).
import { getCatalogue } from '../../src/catalogue/load.ts'
import { fixedPageData, type FixedPageData } from '../../src/catalogue/page-data.ts'
import { findPage } from '../../src/catalogue/routes.ts'
import type { ContactFormBlock } from '../../src/catalogue/types.gen.ts'

export type ContactSentData = FixedPageData & {
  notice: ContactFormBlock['success']
  backLabel: string
  callLabel: string
}

export function data(): ContactSentData {
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
  }
}
