// A section's heading: SectionTitle alone, or SectionHeading with an introduction under it.
import type { ReactNode } from 'react'

/** The h2 every section opens with (its band is labelled by `id`); `className` adds to its look. */
export function SectionTitle({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <h2
      id={id}
      className={`${className ? `${className} ` : ''}text-[1.75rem] leading-tight font-bold text-brand-900 sm:text-4xl`}
    >
      {children}
    </h2>
  )
}

export function SectionHeading({
  id,
  heading,
  intro,
  center = true,
}: {
  id: string
  heading: string
  intro?: string | undefined
  center?: boolean
}) {
  return (
    <div className={center ? 'mx-auto mb-6 max-w-2xl text-center sm:mb-10' : 'mb-6 max-w-2xl sm:mb-8'}>
      <SectionTitle id={id}>{heading}</SectionTitle>
      {intro && <p className="mt-2 text-slate-600 sm:mt-3 sm:text-lg">{intro}</p>}
    </div>
  )
}
