import type { HomePage } from '../catalogue/types.gen.ts'
import type { TemplateProps } from './types.ts'
import { CallToAction } from '../sections/CallToAction.tsx'
import { CardGrid } from '../sections/CardGrid.tsx'
import { EmergencyBox } from '../sections/EmergencyBox.tsx'
import { Hero } from '../sections/Hero.tsx'
import { Offers } from '../sections/Offers.tsx'
import { ProofStrip } from '../sections/ProofStrip.tsx'
import { ReviewList } from '../sections/ReviewList.tsx'

export function HomeTemplate({ page, business, reviews }: TemplateProps<HomePage>) {
  return (
    <>
      <Hero
        hero={page.hero}
        phone={business.phone}
        aside={<EmergencyBox emergency={business.emergency} phone={business.phone} />}
      />
      <ProofStrip business={business} />
      <Offers offers={business.offers} />
      <CardGrid id="quick-help" grid={page.quickHelp} phone={business.phone} columns={4} tone="muted" tiles />
      <CardGrid id="services" grid={page.services} phone={business.phone} tiles />
      <ReviewList id="reviews" heading={page.reviews} reviews={reviews} />
      <CallToAction id="cta" cta={page.cta} phone={business.phone} />
    </>
  )
}
