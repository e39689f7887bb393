import { useData } from 'vike-react/useData'
import type { CataloguePageData } from '../../src/catalogue/page-data.ts'
import { ImagesContext } from '../../src/sections/Picture.tsx'
import { RecordPage } from '../../src/templates/index.tsx'

export function CataloguePage() {
  const { page, chrome, reviews, trail, directory, zipPlaces, images } = useData<CataloguePageData>()
  return (
    <ImagesContext value={images}>
      <RecordPage {...{ page, reviews, trail, directory, zipPlaces }} business={chrome.business} />
    </ImagesContext>
  )
}
