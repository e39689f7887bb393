import { useData } from 'vike-react/useData'
import type { CataloguePageData } from '../../src/catalogue/page-data.ts'
import { RecordPage } from '../../src/templates/index.tsx'

export function CataloguePage() {
  const { page, chrome, reviews, trail, directory, zipPlaces } = useData<CataloguePageData>()
  return <RecordPage {...{ page, reviews, trail, directory, zipPlaces }} business={chrome.business} />
}
