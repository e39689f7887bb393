// The business's seasonal offers still running (business.yaml `offers`; the build leaves out the
// ended ones, src/catalogue/offers.ts): a slim band under the proof strip.
import { Tag } from 'lucide-react'
import type { Business } from '../catalogue/types.gen.ts'

const endsFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' })

export function Offers({ offers }: { offers: Business['offers'] }) {
  if (!offers || offers.length === 0) return null
  return (
    <section className="border-b border-accent-200 bg-accent-50" aria-label={offers.map((o) => o.title).join('; ')}>
      <ul className="container-page grid gap-2 py-3">
        {offers.map((offer) => (
          <li key={offer.title} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-800">
            <Tag className="size-5 shrink-0 text-accent-700" aria-hidden="true" focusable="false" />
            <strong className="font-display text-lg text-accent-800">{offer.title}</strong>
            <span>
              {offer.text}{' '}
              <span className="text-sm text-slate-600">
                Until <time dateTime={offer.ends}>{endsFormat.format(new Date(offer.ends))}</time>.
              </span>
            </span>
            {offer.action && (
              <a href={offer.action.href} className="font-semibold text-brand-700 underline hover:text-brand-900">
                {offer.action.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
