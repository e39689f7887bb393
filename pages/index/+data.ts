// https://vike.dev/data — the home page is the catalogue record at "/".
import { render } from 'vike/abort'
import { cataloguePageData } from '../../src/catalogue/page-data.ts'

export function data() {
  const found = cataloguePageData('/')
  if (!found) throw render(404)
  return found
}
