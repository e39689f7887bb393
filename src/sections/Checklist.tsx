// A heading over short points with check marks: common repairs, benefits, tips.
import { CircleCheck } from 'lucide-react'
import type { Checklist as ChecklistBlock } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'
import { SectionHeading } from './SectionHeading.tsx'

export function Checklist({ id, list, tone = 'white' }: { id: string; list: ChecklistBlock; tone?: BandTone }) {
  return (
    <Band id={id} tone={tone}>
      <SectionHeading id={id} heading={list.heading} intro={list.intro} />
      <ul className="grid gap-x-8 gap-y-6 md:grid-cols-2">
        {list.items.map((item) => (
          <li key={item.title} className="flex gap-3">
            <CircleCheck className="mt-0.5 size-6 shrink-0 text-brand-600" aria-hidden="true" focusable="false" />
            <div>
              <strong className="block text-lg font-semibold text-brand-900">{item.title}</strong>
              {item.text && <p className="mt-1 text-slate-700">{item.text}</p>}
            </div>
          </li>
        ))}
      </ul>
    </Band>
  )
}
