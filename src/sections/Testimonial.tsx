// One customer's words about the business, with their name and town, set as a testimonial: a
// large quotation mark in the heading face, the words, the person (their photo, if they gave one,
// or their initials), name and town.
import type { Testimonial as TestimonialBlock } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'
import { Picture } from './Picture.tsx'
import { SectionTitle } from './SectionHeading.tsx'

/** A person's initials in a circle, where a photo of them would be (decorative: the name follows). */
export function Initials({ name, className = 'mt-4' }: { name: string; className?: string }) {
  const letters = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
  return (
    <span
      className={`${className} inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-800 font-display text-lg font-bold text-white`}
      aria-hidden="true"
    >
      {letters}
    </span>
  )
}

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
    <Band id={id} tone={tone} inner="max-w-3xl">
      <SectionTitle id={id}>{testimonial.heading}</SectionTitle>
      <figure className="testimonial mt-6 grid grid-cols-[auto_1fr] items-center gap-x-3 rounded-xl bg-white p-6 shadow-sm sm:mt-8 sm:p-8">
        <blockquote className="col-span-2 text-lg text-slate-800 sm:text-2xl sm:leading-snug">
          <p>{testimonial.quote}</p>
        </blockquote>
        {testimonial.photo ? (
          <span className="mt-5 block size-11 overflow-hidden rounded-full">
            <Picture image={testimonial.photo} sizes="44px" className="size-full object-cover" />
          </span>
        ) : (
          <Initials name={testimonial.name} className="mt-5" />
        )}
        <figcaption className="mt-5">
          <span className="block font-semibold text-brand-900">{testimonial.name}</span>
          <span className="text-sm text-slate-600">{testimonial.location}</span>
        </figcaption>
      </figure>
    </Band>
  )
}
