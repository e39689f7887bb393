// The business hours and the emergency policy (from the business record) under a page's heading.
import { Clock, Siren } from 'lucide-react'
import type { Business, ServiceHours as ServiceHoursBlock } from '../catalogue/types.gen.ts'
import { hoursLines } from '../catalogue/format.ts'
import { Band, type BandTone } from './Band.tsx'

export function ServiceHours({
  id,
  hours,
  business,
  tone = 'white',
}: {
  id: string
  hours: ServiceHoursBlock
  business: Business
  tone?: BandTone
}) {
  return (
    <Band id={id} tone={tone} inner="max-w-3xl">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id={id} className="flex items-center gap-3 text-2xl font-bold text-brand-900">
          <Clock className="size-7 shrink-0 text-brand-700" aria-hidden="true" focusable="false" />
          {hours.heading}
        </h2>
        <dl className="mt-6 divide-y divide-slate-100">
          {hoursLines(business.hours).map((line) => (
            <div key={line.days} className="flex flex-wrap justify-between gap-x-6 gap-y-1 py-3">
              <dt className="font-semibold text-brand-900">{line.days}</dt>
              <dd className="text-slate-700">{line.hours}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 flex items-center gap-2 font-bold text-accent-800">
          <Siren className="size-5 shrink-0" aria-hidden="true" focusable="false" />
          {business.emergency.label}
        </p>
        {hours.text && <p className="mt-3 text-slate-700">{hours.text}</p>}
      </div>
    </Band>
  )
}
