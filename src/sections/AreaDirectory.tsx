// One list of /service-areas: a card per listed town, county or state page (generated from the
// records' `listing`), each linking to its page with the list's link words.
import { MapPin } from 'lucide-react'
import type { AreaCard } from '../catalogue/routes.ts'
import type { AreaGroup } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'
import { SectionHeading } from './SectionHeading.tsx'

export function AreaDirectory({
  id,
  group,
  areas,
  tone = 'white',
}: {
  id: string
  group: AreaGroup
  areas: AreaCard[]
  tone?: BandTone
}) {
  return (
    <Band id={id} tone={tone}>
      <SectionHeading id={id} heading={group.heading} intro={group.intro} />
      {/* Rows of three on wide screens; a short last row is centred, whatever the count. */}
      <ul className="flex flex-wrap justify-center gap-6">
        {areas.map((area) => {
          const headingId = `${id}${area.path.replaceAll('/', '-')}`
          return (
            <li
              key={area.path}
              className="flex w-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)]"
            >
              <h3 id={headingId} className="flex items-center gap-2 text-lg font-bold text-brand-900">
                <MapPin className="size-5 shrink-0 text-brand-600" aria-hidden="true" focusable="false" />
                {area.name}
              </h3>
              <p className="mt-2 flex-1 text-slate-700">{area.summary}</p>
              <a
                href={area.path}
                aria-describedby={headingId}
                className="mt-4 font-semibold text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline"
              >
                {group.linkLabel.replace(/\s*→$/, '')}
                {group.linkLabel.endsWith('→') && <span aria-hidden="true"> →</span>}
              </a>
            </li>
          )
        })}
      </ul>
    </Band>
  )
}
