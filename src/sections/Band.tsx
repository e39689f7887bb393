// The full-width stripe every page section sits on: a landmark labelled by its heading, white or
// pale grey (templates alternate them, src/templates/Bands.tsx), with the page's inner width.
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
    <Tag className={tone === 'muted' ? 'bg-slate-50' : 'bg-white'} aria-labelledby={id}>
      <div className={`container-page py-14 sm:py-20${inner ? ` ${inner}` : ''}`}>{children}</div>
    </Tag>
  )
}
