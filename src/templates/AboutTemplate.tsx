import type { AboutPage } from '../catalogue/types.gen.ts'
import type { TemplateProps } from './types.ts'
import { CallButton } from '../sections/actions.tsx'
import { CardGrid } from '../sections/CardGrid.tsx'
import { Hero } from '../sections/Hero.tsx'
import { Prose } from '../sections/Prose.tsx'

export function AboutTemplate({ page, business }: TemplateProps<AboutPage>) {
  return (
    <>
      <Hero hero={page.hero} phone={business.phone} />
      {page.story && <Prose id="story" heading={page.story.heading} paragraphs={page.story.paragraphs} />}
      <CardGrid id="features" grid={page.features} phone={business.phone} columns={4} tone="muted" />
      <Prose id="commitment" heading={page.commitment.heading} paragraphs={page.commitment.paragraphs}>
        <CallButton phone={business.phone} label={page.commitment.callLabel} tone="primary" />
      </Prose>
    </>
  )
}
