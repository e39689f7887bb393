// A heading over paragraphs of text, with anything the template adds below them.
import type { ReactNode } from 'react'
import { Band, type BandTone } from './Band.tsx'
import { SectionTitle } from './SectionHeading.tsx'

export function Prose({
  id,
  heading,
  paragraphs,
  children,
  tone = 'white',
}: {
  id: string
  heading: string
  paragraphs: string[]
  children?: ReactNode
  tone?: BandTone
}) {
  return (
    <Band id={id} tone={tone} inner="max-w-3xl">
      <SectionTitle id={id}>{heading}</SectionTitle>
      <div className="mt-5 space-y-4 text-lg text-slate-700">
        {paragraphs.map((p) => (
          <p key={p.slice(0, 40)}>{p}</p>
        ))}
      </div>
      {children && <div className="mt-8">{children}</div>}
    </Band>
  )
}
