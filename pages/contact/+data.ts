// https://vike.dev/data — /contact is the catalogue record content/pages/contact.yaml, on a Vike
// page of its own so that it can load the form's script (+client.ts).
import { render } from 'vike/abort'
import { cataloguePageData } from '../../src/catalogue/page-data.ts'

export function data() {
  const found = cataloguePageData('/contact')
  if (!found) throw render(404)
  return found
}
