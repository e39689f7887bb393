// Numbered steps: how a job goes, or what happens when in a maintenance year.
import type { Timeline as TimelineBlock } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'
import { SectionHeading } from './SectionHeading.tsx'

export function Timeline({ id, timeline, tone = 'white' }: { id: string; timeline: TimelineBlock; tone?: BandTone }) {
  const columns = timeline.steps.length % 3 === 0 ? 'lg:grid-cols-3' : 'lg:grid-cols-4'
  return (
    <Band id={id} tone={tone}>
      <SectionHeading id={id} heading={timeline.heading} intro={timeline.intro} />
      <ol className={`grid gap-6 sm:grid-cols-2 ${columns}`}>
        {timeline.steps.map((step, i) => (
          <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span
              className="inline-flex size-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            {step.when && (
              <p className="mt-4 text-sm font-semibold tracking-wide text-accent-700 uppercase">{step.when}</p>
            )}
            <strong className={`block text-lg font-bold text-brand-900 ${step.when ? 'mt-1' : 'mt-4'}`}>
              {step.title}
            </strong>
            <p className="mt-2 text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </Band>
  )
}
