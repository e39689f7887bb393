// /service-areas: a ZIP code checker, three lists generated from the town, county and state records (their
// `listing`), what sets the business apart, and a call for places not listed.
import type { ServiceAreasPage } from '../catalogue/types.gen.ts'
import type { TemplateProps } from './types.ts'
import { AreaDirectory } from '../sections/AreaDirectory.tsx'
import { Breadcrumbs } from '../sections/Breadcrumbs.tsx'
import { CallToAction } from '../sections/CallToAction.tsx'
import { CardGrid } from '../sections/CardGrid.tsx'
import { Hero } from '../sections/Hero.tsx'
import { ZipCheck } from '../sections/ZipCheck.tsx'

export function ServiceAreasTemplate({ page, business, trail, directory, zipPlaces }: TemplateProps<ServiceAreasPage>) {
  const areas = directory ?? { counties: [], communities: [], beyond: [] }
  return (
    <>
      <Breadcrumbs trail={trail} />
      <Hero hero={page.hero} phone={business.phone} />
      {page.zipCheck && zipPlaces && <ZipCheck id="zip-check" check={page.zipCheck} places={zipPlaces} />}
      <AreaDirectory id="counties" group={page.counties} areas={areas.counties} />
      <AreaDirectory id="communities" group={page.communities} areas={areas.communities} tone="muted" />
      <AreaDirectory id="beyond" group={page.beyond} areas={areas.beyond} />
      <CardGrid id="special" grid={page.special} phone={business.phone} tone="muted" />
      <CallToAction id="cta" cta={page.cta} phone={business.phone} />
    </>
  )
}
