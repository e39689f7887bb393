// https://vike.dev/data — the admin's page data: the shared layout's data and a no-index head
// (noindex, no canonical, not in the sitemap). The inbox itself loads from the API in the browser.
import { getCatalogue } from '../../src/catalogue/load.ts'
import { fixedPageData, type FixedPageData } from '../../src/catalogue/page-data.ts'

export function data(): FixedPageData {
  const catalogue = getCatalogue()
  return fixedPageData('/admin', `Admin | ${catalogue.business.name}`, catalogue)
}
