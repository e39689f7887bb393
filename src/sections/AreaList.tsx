// A place page's introduction: a few paragraphs and the places served there, some linking to
// their own pages. `aside` (the emergency box) sits beside it on wide screens.
import type { ReactNode } from 'react'
import { MapPin } from 'lucide-react'
import type { AreaList as AreaListBlock } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'
import { SectionTitle } from './SectionHeading.tsx'

export function AreaList({
  id,
  intro,
  aside,
  tone = 'white',
}: {
  id: string
  intro: AreaListBlock
  aside?: ReactNode
  tone?: BandTone
}) {
  return (
    <Band id={id} tone={tone} inner={aside ? 'grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]' : 'max-w-4xl'}>
      <div>
        <SectionTitle id={id}>{intro.heading}</SectionTitle>
        <div className="mt-5 space-y-4 text-lg text-slate-700">
          {intro.paragraphs.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
        </div>
        <h3 className="mt-10 text-xl font-bold text-brand-900">{intro.areasHeading}</h3>
        <ul className="mt-4 grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-x-6 gap-y-2">
          {intro.areas.map((area) => {
            const name = typeof area === 'string' ? area : area.name
            return (
              <li key={name} className="flex items-start gap-2 text-slate-700">
                <MapPin className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden="true" focusable="false" />
                {typeof area === 'string' ? (
                  name
                ) : (
                  <a
                    href={area.href}
                    className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    {name}
                  </a>
                )}
              </li>
            )
          })}
        </ul>
      </div>
      {aside && <div>{aside}</div>}
    </Band>
  )
}
