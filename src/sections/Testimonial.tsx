// One customer's words about the business, with their name and town.
import { Quote } from 'lucide-react'
import type { Testimonial as TestimonialBlock } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'
import { SectionTitle } from './SectionHeading.tsx'

export function Testimonial({
  id,
  testimonial,
  tone = 'white',
}: {
  id: string
  testimonial: TestimonialBlock
  tone?: BandTone
}) {
  return (
    <Band id={id} tone={tone} inner="max-w-3xl text-center">
      <SectionTitle id={id}>{testimonial.heading}</SectionTitle>
      <figure className="mt-8 rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <Quote className="mx-auto size-8 text-accent-600" aria-hidden="true" focusable="false" />
        <blockquote className="mt-4 text-lg text-slate-700 sm:text-xl">
          <p>“{testimonial.quote}”</p>
        </blockquote>
        <figcaption className="mt-6">
          <span className="block font-semibold text-brand-900">{testimonial.name}</span>
          <span className="text-sm text-slate-600">{testimonial.location}</span>
        </figcaption>
      </figure>
    </Band>
  )
}
