import { Star } from 'lucide-react'
import type { SectionHeading as SectionHeadingBlock } from '../catalogue/types.gen.ts'
import type { Review } from '../seo/structured-data.ts'
import { SectionHeading } from './SectionHeading.tsx'
import { Initials } from './Testimonial.tsx'

function Stars({ rating }: { rating: number }) {
  return (
    <p className="col-span-2 flex gap-0.5 text-amber-500" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          className={`size-5 ${i < rating ? 'fill-current' : 'text-slate-300'}`}
          aria-hidden="true"
          focusable="false"
        />
      ))}
    </p>
  )
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/**
 * The reviews as testimonials: a quotation mark, the words, the person by initials, name and
 * town. On a phone they sit side by side and scroll sideways (one and a bit in view), instead of
 * three screens of stacked cards.
 */
export function ReviewList({ id, heading, reviews }: { id: string; heading: SectionHeadingBlock; reviews: Review[] }) {
  return (
    <section className="bg-paper" aria-labelledby={id}>
      <div className="container-page py-section sm:py-section-lg">
        <SectionHeading id={id} heading={heading.heading} intro={heading.intro} />
        {/* Focusable, so that a keyboard can scroll it on a phone (WCAG 2.1.1; axe scrollable-region-focusable). */}
        <ul
          className="-mx-4 flex snap-x snap-mandatory gap-cards overflow-x-auto px-4 pb-2 md:mx-0 md:grid md:grid-cols-3 md:gap-cards-lg md:overflow-visible md:px-0"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list must take the focus
          tabIndex={0}
          aria-label={heading.heading}
        >
          {reviews.map((review) => (
            <li key={review.name + review.datePublished} className="w-[85%] shrink-0 snap-start md:w-auto">
              <figure className="testimonial grid h-full grid-cols-[auto_1fr] grid-rows-[auto_1fr_auto] items-center gap-x-3 rounded-xl bg-white p-5 shadow-sm sm:p-6">
                <Stars rating={review.rating} />
                <blockquote className="col-span-2 mt-3 self-start text-slate-700">
                  <p>{review.text}</p>
                </blockquote>
                <Initials name={review.name} />
                <figcaption className="mt-4">
                  <span className="block font-semibold text-brand-900">{review.name}</span>
                  <span className="text-sm text-slate-600">
                    {review.location} ·{' '}
                    <time dateTime={review.datePublished}>{dateFormat.format(new Date(review.datePublished))}</time>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
