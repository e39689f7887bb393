// A map of the place from the maps service, in a frame that loads only when the visitor scrolls
// near it (the page itself never waits for it). The server's CSP allows this frame source only.
import type { Map as MapBlock } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'

export const MAP_HEIGHT = 400

/** The embed address of a map search: `Bel Air, MD` → https://www.google.com/maps?q=Bel+Air%2C+MD&output=embed */
export function mapEmbedUrl(query: string): string {
  return `https://www.google.com/maps?${new URLSearchParams({ q: query, output: 'embed' })}`
}

export function MapEmbed({ id, map, tone = 'white' }: { id: string; map: MapBlock; tone?: BandTone }) {
  return (
    <Band id={id} tone={tone}>
      <h2 id={id} className="mb-8 text-center text-2xl font-bold text-brand-900 sm:text-3xl">
        {map.heading}
      </h2>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100 shadow-sm">
        <iframe src={mapEmbedUrl(map.query)} title={map.title} loading="lazy" width="100%" height={MAP_HEIGHT} className="block w-full border-0" referrerPolicy="no-referrer-when-downgrade" />
      </div>
    </Band>
  )
}
