// A heading over links to the pages that go with this one.
import { ArrowRight } from 'lucide-react'
import type { LinkList } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'

export function RelatedLinks({ id, related, tone = 'white' }: { id: string; related: LinkList; tone?: BandTone }) {
  return (
    <Band id={id} tone={tone} as="nav">
      <h2 id={id} className="text-center text-2xl font-bold text-brand-900">
        {related.heading}
      </h2>
      <ul className="mt-6 flex flex-wrap justify-center gap-3">
        {related.links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-brand-800 hover:border-brand-500 hover:bg-brand-50"
            >
              {link.label}
              <ArrowRight className="size-4" aria-hidden="true" focusable="false" />
            </a>
          </li>
        ))}
      </ul>
    </Band>
  )
}
