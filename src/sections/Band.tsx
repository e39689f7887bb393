// The full-width stripe every page section sits on: a landmark labelled by its heading, white or
// warm paper (templates alternate them, src/templates/Bands.tsx), with the page's inner width.
import type { ReactNode } from 'react'

export type BandTone = 'white' | 'muted'

export function Band({
  id,
  tone = 'white',
  as: Tag = 'section',
  inner = '',
  children,
}: {
  id: string
  tone?: BandTone | undefined
  as?: 'section' | 'nav'
  inner?: string
  children: ReactNode
}) {
  return (
    <Tag className={tone === 'muted' ? 'bg-paper' : 'bg-white'} aria-labelledby={id}>
      <div className={`container-page py-section sm:py-section-lg${inner ? ` ${inner}` : ''}`}>{children}</div>
    </Tag>
  )
}
