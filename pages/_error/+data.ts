// https://vike.dev/error-page — prerendered as dist/client/404.html; the server sends it with
// status 404 for any unknown address.
import type { PageContextServer } from 'vike/types'
import { getCatalogue } from '../../src/catalogue/load.ts'
import { fixedPageData } from '../../src/catalogue/page-data.ts'

export function data(pageContext: PageContextServer) {
  const { site } = getCatalogue()
  return fixedPageData(pageContext.urlPathname, pageContext.is404 === false ? site.unexpectedError.seoTitle : site.notFound.seoTitle)
}
