// https://vike.dev/error-page — prerendered as dist/client/404.html; the server sends it with
// status 404 for any unknown address.
import type { PageContextServer } from 'vike/types'
import { getCatalogue } from '../../src/catalogue/load.ts'
import { fixedPageData } from '../../src/catalogue/page-data.ts'

export function data(pageContext: PageContextServer) {
  const catalogue = getCatalogue()
  const screen = pageContext.is404 === false ? catalogue.site.unexpectedError : catalogue.site.notFound
  return fixedPageData(pageContext.urlPathname, screen.seoTitle, catalogue, screen.seoDescription)
}
