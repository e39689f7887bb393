// Town, county and state pages (`locality`, `county`, `state`): one layout. Their schemas differ
// in what they require (card counts, a testimonial, service hours), not in how they look.
import type { CountyPage, LocalityPage, StatePage } from '../catalogue/types.gen.ts'
import type { TemplateProps } from './types.ts'
import { Bands } from './Bands.tsx'
import { AreaList } from '../sections/AreaList.tsx'
import { Breadcrumbs } from '../sections/Breadcrumbs.tsx'
import { CallToAction } from '../sections/CallToAction.tsx'
import { CardGrid } from '../sections/CardGrid.tsx'
import { EmergencyBox } from '../sections/EmergencyBox.tsx'
import { Hero } from '../sections/Hero.tsx'
import { ProofStrip } from '../sections/ProofStrip.tsx'
import { MapEmbed } from '../sections/MapEmbed.tsx'
import { ServiceHours } from '../sections/ServiceHours.tsx'
import { Testimonial } from '../sections/Testimonial.tsx'

export function AreaTemplate({ page, business, trail }: TemplateProps<LocalityPage | CountyPage | StatePage>) {
  const { phone } = business
  const { services, testimonial, map } = page
  const hours = page.template === 'state' ? page.hours : undefined
  const reasons = page.template === 'state' ? page.reasons : undefined
  return (
    <>
      <Breadcrumbs trail={trail} />
      <Hero hero={page.hero} phone={phone} />
      <ProofStrip business={business} />
      <Bands
        bands={[
          (tone) => (
            <AreaList
              id="intro"
              intro={page.intro}
              tone={tone}
              aside={<EmergencyBox emergency={business.emergency} phone={phone} />}
            />
          ),
          hours && ((tone) => <ServiceHours id="hours" hours={hours} business={business} tone={tone} />),
          (tone) => (
            <CardGrid
              id="services"
              grid={services}
              phone={phone}
              columns={services.cards.length === 4 ? 2 : 3}
              tone={tone}
            />
          ),
          reasons && ((tone) => <CardGrid id="reasons" grid={reasons} phone={phone} columns={4} tone={tone} />),
          testimonial && ((tone) => <Testimonial id="testimonial" testimonial={testimonial} tone={tone} />),
          map && ((tone) => <MapEmbed id="map" map={map} tone={tone} />),
        ]}
      />
      <CallToAction id="cta" cta={page.cta} phone={phone} />
    </>
  )
}
