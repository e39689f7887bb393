// https://vike.dev/data — the record at this address (its path or an alias), or the 404 page.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { cataloguePageData } from '../../src/catalogue/page-data.ts'

export function data(pageContext: PageContextServer) {
  const found = cataloguePageData(pageContext.urlPathname)
  if (!found) throw render(404)
  return found
}
