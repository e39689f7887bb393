// The main service pages (`service`) and the detail service pages (`service-detail`): the same
// sections, but a main page must have its offerings as cards and a detail page its key lists.
import type { ServiceDetailPage, ServicePage } from '../catalogue/types.gen.ts'
import type { TemplateProps } from './types.ts'
import { Bands } from './Bands.tsx'
import type { BandTone } from '../sections/Band.tsx'
import { Breadcrumbs } from '../sections/Breadcrumbs.tsx'
import { CallToAction } from '../sections/CallToAction.tsx'
import { CardGrid } from '../sections/CardGrid.tsx'
import { Checklist } from '../sections/Checklist.tsx'
import { EmergencyBox } from '../sections/EmergencyBox.tsx'
import { Financing } from '../sections/Financing.tsx'
import { Hero } from '../sections/Hero.tsx'
import { Offers } from '../sections/Offers.tsx'
import { ProofStrip } from '../sections/ProofStrip.tsx'
import { KeyFigures } from '../sections/KeyFigures.tsx'
import { Prose } from '../sections/Prose.tsx'
import { RelatedLinks } from '../sections/RelatedLinks.tsx'
import { Timeline } from '../sections/Timeline.tsx'

export function ServiceTemplate({ page, business, trail }: TemplateProps<ServicePage | ServiceDetailPage>) {
  const { phone } = business
  const { intro, keyFigures, checklists = [], timeline, related } = page
  const offerings = page.template === 'service' ? page.offerings : undefined
  return (
    <>
      <Breadcrumbs trail={trail} />
      <Hero
        hero={page.hero}
        phone={phone}
        aside={page.emergencyBox && <EmergencyBox emergency={business.emergency} phone={phone} />}
      />
      <ProofStrip business={business} />
      <Offers offers={business.offers} />
      <Prose id="intro" heading={intro.heading} paragraphs={intro.paragraphs} />
      {keyFigures && <KeyFigures id="key-figures" figures={keyFigures} />}
      <Bands
        first="muted"
        bands={[
          offerings && ((tone) => <CardGrid id="offerings" grid={offerings} phone={phone} tone={tone} />),
          ...checklists.map((list, i) => (tone: BandTone) => (
            <Checklist id={`list-${i + 1}`} list={list} tone={tone} />
          )),
          timeline && ((tone) => <Timeline id="timeline" timeline={timeline} tone={tone} />),
          related && ((tone) => <RelatedLinks id="related" related={related} tone={tone} />),
        ]}
      />
      {business.financing && <Financing id="financing" financing={business.financing} />}
      <CallToAction id="cta" cta={page.cta} phone={phone} />
    </>
  )
}
