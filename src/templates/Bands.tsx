// Sections that alternate white and pale grey whichever of them a record leaves out.
import { Fragment, type ReactNode } from 'react'
import type { BandTone } from '../sections/Band.tsx'

export type Band = ((tone: BandTone) => ReactNode) | false | undefined

export function Bands({ bands, first = 'white' }: { bands: Band[]; first?: BandTone }) {
  const other: BandTone = first === 'white' ? 'muted' : 'white'
  return (
    <>
      {bands
        .filter((band): band is (tone: BandTone) => ReactNode => typeof band === 'function')
        .map((band, i) => (
          <Fragment key={i}>{band(i % 2 === 0 ? first : other)}</Fragment>
        ))}
    </>
  )
}
