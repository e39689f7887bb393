import { useData } from 'vike-react/useData'
import type { CataloguePageData } from '../../src/catalogue/page-data.ts'
import { RecordPage } from '../../src/templates/index.tsx'

export function CataloguePage() {
  const { page, chrome, reviews, trail, directory } = useData<CataloguePageData>()
  return <RecordPage page={page} business={chrome.business} reviews={reviews} trail={trail} directory={directory} />
}
