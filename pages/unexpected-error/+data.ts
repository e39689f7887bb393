import { getCatalogue } from '../../src/catalogue/load.ts'
import { fixedPageData } from '../../src/catalogue/page-data.ts'

export function data() {
  return fixedPageData('/500', getCatalogue().site.unexpectedError.seoTitle)
}
