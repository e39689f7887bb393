// Financing for a new system (business.yaml `financing`), when the business offers it: what it
// is, a monthly example, the small print and the lender's link.
import { ExternalLink, PiggyBank } from 'lucide-react'
import type { Business } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'
import { SectionTitle } from './SectionHeading.tsx'

export function Financing({
  id,
  financing,
  tone = 'white',
}: {
  id: string
  financing: NonNullable<Business['financing']>
  tone?: BandTone
}) {
  return (
    <Band id={id} tone={tone} inner="max-w-4xl">
      <div className="grid gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[auto_1fr] sm:p-8">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <PiggyBank className="size-6" aria-hidden="true" focusable="false" />
        </span>
        <div>
          <SectionTitle id={id}>{financing.heading}</SectionTitle>
          <p className="mt-3 text-slate-700">{financing.text}</p>
          <p className="mt-4 font-display text-xl font-bold text-brand-900">{financing.example}</p>
          <p className="mt-3 text-sm text-slate-600">{financing.terms}</p>
          <a
            href={financing.lender.href}
            className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-lg border-2 border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
            rel="noopener noreferrer"
            target="_blank"
          >
            {financing.lender.label}
            <ExternalLink className="size-4" aria-hidden="true" focusable="false" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>
    </Band>
  )
}
