// A section's heading: SectionTitle alone, or SectionHeading with an introduction under it.
import type { ReactNode } from 'react'

/** The h2 every section opens with (its band is labelled by `id`); `className` adds to its look. */
export function SectionTitle({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <h2 id={id} className={`${className ? `${className} ` : ''}text-2xl font-bold text-brand-900 sm:text-3xl`}>
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
    <div className={center ? 'mx-auto mb-10 max-w-2xl text-center' : 'mb-8 max-w-2xl'}>
      <SectionTitle id={id}>{heading}</SectionTitle>
      {intro && <p className="mt-3 text-lg text-slate-600">{intro}</p>}
    </div>
  )
}
