// One list of /service-areas (generated from the town, county and state records' `listing`): a
// compact row per page, its name and the list's link words on one line; on wider screens its
// summary under them, in two or three columns. A phone gets the names: twenty of them in one screen.
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
      <ul className="grid border-t border-slate-200 sm:grid-cols-2 sm:gap-x-8 lg:grid-cols-3">
        {areas.map((area) => {
          const headingId = `${id}${area.path.replaceAll('/', '-')}`
          return (
            <li key={area.path} className="border-b border-slate-200 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <h3 id={headingId} className="flex items-center gap-1.5 text-lg font-bold text-brand-900">
                  <MapPin
                    className="size-4 shrink-0 self-center text-accent-700"
                    aria-hidden="true"
                    focusable="false"
                  />
                  {area.name}
                </h3>
                <a
                  href={area.path}
                  aria-describedby={headingId}
                  className="shrink-0 text-sm font-semibold text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline"
                >
                  {group.linkLabel.replace(/\s*→$/, '')}
                  {group.linkLabel.endsWith('→') && <span aria-hidden="true"> →</span>}
                </a>
              </div>
              <p className="mt-0.5 hidden text-sm text-slate-600 sm:line-clamp-2">{area.summary}</p>
            </li>
          )
        })}
      </ul>
    </Band>
  )
}
