import { getCatalogue } from '../../src/catalogue/load.ts'
import { fixedPageData } from '../../src/catalogue/page-data.ts'

export function data() {
  const catalogue = getCatalogue()
  const { seoTitle, seoDescription } = catalogue.site.unexpectedError
  return fixedPageData('/500', seoTitle, catalogue, seoDescription)
}
