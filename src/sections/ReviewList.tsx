import { Star } from 'lucide-react'
import type { SectionHeading as SectionHeadingBlock } from '../catalogue/types.gen.ts'
import type { Review } from '../seo/structured-data.ts'
import { SectionHeading } from './SectionHeading.tsx'

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5 text-amber-500" role="img" aria-label={`Rated ${rating} out of 5`}>
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

export function ReviewList({ id, heading, reviews }: { id: string; heading: SectionHeadingBlock; reviews: Review[] }) {
  return (
    <section className="bg-slate-50" aria-labelledby={id}>
      <div className="container-page py-14 sm:py-20">
        <SectionHeading id={id} heading={heading.heading} intro={heading.intro} />
        <ul className="grid gap-6 md:grid-cols-3">
          {reviews.map((review) => (
            <li key={review.name + review.datePublished}>
              <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <Stars rating={review.rating} />
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>“{review.text}”</p>
                </blockquote>
                <figcaption className="mt-5 border-t border-slate-100 pt-4">
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
