// https://vike.dev/data — /contact is the catalogue record content/pages/contact.yaml, on a Vike
// page of its own so that it can load the form's script (+client.ts). When the server renders it
// at run time (a form sent without JavaScript came back with problems) it hands over the data the
// build rendered the page with, so both pages are the same apart from the form's state, and the
// catalogue's loader (YAML parser, schema validator) is not even loaded then.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { CataloguePageData } from '../../src/catalogue/page-data.ts'

export async function data(pageContext: PageContextServer): Promise<CataloguePageData> {
  if (pageContext.contactPageData) return pageContext.contactPageData
  const { cataloguePageData } = await import('../../src/catalogue/page-data.ts')
  const found = cataloguePageData('/contact')
  if (!found) throw render(404)
  return found
}
