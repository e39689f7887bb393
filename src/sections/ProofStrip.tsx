// The proof under the hero (business.yaml `proof`): the public rating and its count linked to the
// reviews, the license number, the founding year, certifications and brands. The rating is on
// the page only, never in structured data (docs/decisions/046-looks.md).
import { Award, BadgeCheck, ShieldCheck, Star } from 'lucide-react'
import type { Business } from '../catalogue/types.gen.ts'

const ICON = 'size-5 shrink-0 text-brand-700'

export function ProofStrip({ business }: { business: Business }) {
  const { proof } = business
  if (!proof) return null
  const { rating } = proof
  return (
    <section className="proof-strip border-b border-slate-200 bg-white" aria-label={proof.heading}>
      <div className="container-page py-4 text-sm text-slate-700">
        <ul className="grid grid-cols-2 gap-x-4 gap-y-2 sm:flex sm:flex-wrap sm:items-center sm:gap-x-7">
          <li className="col-span-2 sm:col-auto">
            <a
              href={rating.url}
              className="inline-flex items-center gap-2 font-semibold text-brand-900 hover:underline"
              rel="noopener noreferrer"
              target="_blank"
            >
              <span className="flex text-amber-600" aria-hidden="true">
                {Array.from({ length: 5 }, (_, i) => (
                  <Star key={i} className="size-4 fill-current" focusable="false" />
                ))}
              </span>
              <span>
                <span className="font-display text-lg">{rating.value.toFixed(1)}</span>
                <span className="sr-only"> out of 5</span> · {rating.count} {rating.source}
                <span className="sr-only"> (opens in a new tab)</span>
              </span>
            </a>
          </li>
          <li className="flex items-center gap-1.5">
            <ShieldCheck className={ICON} aria-hidden="true" focusable="false" />
            <span>
              {proof.licenseLabel} <span className="whitespace-nowrap">#{business.license.number}</span>
            </span>
          </li>
          <li className="flex items-center gap-1.5">
            <Award className={ICON} aria-hidden="true" focusable="false" />
            <span>
              {proof.sinceLabel} {business.foundingYear}
            </span>
          </li>
          {proof.certifications.map((c) => (
            <li key={c} className="flex items-center gap-1.5">
              <BadgeCheck className={ICON} aria-hidden="true" focusable="false" />
              <span>{c}</span>
            </li>
          ))}
        </ul>
        {proof.brands && proof.brands.length > 0 && (
          <p className="mt-2 text-slate-600">
            {proof.brandsLabel}:{' '}
            <span className="font-semibold tracking-wide text-slate-800">{proof.brands.join(' · ')}</span>
          </p>
        )}
      </div>
    </section>
  )
}
