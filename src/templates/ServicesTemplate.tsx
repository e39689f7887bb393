import type { ServicesPage } from '../catalogue/types.gen.ts'
import type { TemplateProps } from './types.ts'
import { CallToAction } from '../sections/CallToAction.tsx'
import { CardGrid } from '../sections/CardGrid.tsx'
import { Hero } from '../sections/Hero.tsx'

export function ServicesTemplate({ page, business }: TemplateProps<ServicesPage>) {
  return (
    <>
      <Hero hero={page.hero} phone={business.phone} />
      <CardGrid id="services" grid={page.services} phone={business.phone} />
      <CallToAction id="cta" cta={page.cta} phone={business.phone} />
    </>
  )
}
