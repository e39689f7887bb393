// A map of the place from the maps service. The frame gets its address (data-src → src) from
// src/client/map.ts only when the visitor scrolls near it: `loading="lazy"` alone still loads a
// frame within ~1,250–2,500 px of the first screen, which on a phone is most pages, and a maps
// embed is hundreds of KB the visitor may never look at. Without script, a <noscript> frame with
// its address (and the browser's own lazy loading) lies over the empty one.
// The server's CSP allows this frame source only.
import type { Map as MapBlock } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'

export const MAP_HEIGHT = 400

/** The embed address of a map search: `Bel Air, MD` → https://www.google.com/maps?q=Bel+Air%2C+MD&output=embed */
export function mapEmbedUrl(query: string): string {
  return `https://www.google.com/maps?${new URLSearchParams({ q: query, output: 'embed' })}`
}

/** A link that opens the same search in the maps site or app. */
export function mapLinkUrl(query: string): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query })}`
}

export function MapEmbed({ id, map, tone = 'white' }: { id: string; map: MapBlock; tone?: BandTone }) {
  return (
    <Band id={id} tone={tone}>
      <h2 id={id} className="mb-8 text-center text-2xl font-bold text-brand-900 sm:text-3xl">
        {map.heading}
      </h2>
      <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-100 shadow-sm">
        <iframe data-src={mapEmbedUrl(map.query)} title={map.title} loading="lazy" width="100%" height={MAP_HEIGHT} className="block w-full border-0" referrerPolicy="no-referrer-when-downgrade" />
        <noscript>
          <iframe src={mapEmbedUrl(map.query)} title={map.title} loading="lazy" width="100%" height={MAP_HEIGHT} className="absolute inset-0 block w-full border-0" referrerPolicy="no-referrer-when-downgrade" />
        </noscript>
      </div>
      <p className="mt-3 text-center">
        <a href={mapLinkUrl(map.query)} className="font-semibold text-brand-700 hover:underline" rel="noopener noreferrer" target="_blank">
          Open in Google Maps<span className="sr-only"> ({map.title}, opens in a new tab)</span>
        </a>
      </p>
    </Band>
  )
}
