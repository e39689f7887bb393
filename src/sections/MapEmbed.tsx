// A map of the place from the maps service, 400 px high. The page carries only a placeholder box
// with the frame's address and title (data-map-src, data-map-title); src/client/map.ts creates
// the <iframe> when the visitor scrolls near. Even an empty frame costs the phone a browsing
// context while the page loads (about 10 ms of main thread per frame, measured as Lighthouse's
// blocking time), and `loading="lazy"` alone still loads a frame within ~1,250–2,500 px of the
// first screen, which on a phone is most pages: a maps embed is hundreds of KB the visitor may
// never look at. Without script, a <noscript> frame (the browser's own lazy loading) fills the
// box. The server's CSP allows this frame source only.
import type { Map as MapBlock } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'
import { SectionTitle } from './SectionHeading.tsx'

const MAP_HEIGHT = 400

/** The embed address of a map search: `Bel Air, MD` → https://www.google.com/maps?q=Bel+Air%2C+MD&output=embed */
function mapEmbedUrl(query: string): string {
  return `https://www.google.com/maps?${new URLSearchParams({ q: query, output: 'embed' })}`
}

/** A link that opens the same search in the maps site or app. */
function mapLinkUrl(query: string): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query })}`
}

/** The frame's class, shared by the <noscript> frame and the one src/client/map.ts creates. */
const MAP_FRAME_CLASS = 'absolute inset-0 block h-full w-full border-0'

export function MapEmbed({ id, map, tone = 'white' }: { id: string; map: MapBlock; tone?: BandTone }) {
  const src = mapEmbedUrl(map.query)
  return (
    <Band id={id} tone={tone}>
      <SectionTitle id={id} className="mb-8 text-center">
        {map.heading}
      </SectionTitle>
      {/* h-[400px] is MAP_HEIGHT inside the border (box-content): a class, as the CSP allows no style attributes. */}
      <div
        className="relative box-content h-[400px] overflow-hidden rounded-xl border border-slate-200 bg-slate-100 shadow-sm"
        data-map-src={src}
        data-map-title={map.title}
        data-map-height={MAP_HEIGHT}
        data-map-class={MAP_FRAME_CLASS}
      >
        <p
          className="absolute inset-0 flex items-center justify-center p-6 text-center text-slate-600"
          aria-hidden="true"
        >
          {map.title}
        </p>
        <noscript>
          <iframe
            src={src}
            title={map.title}
            loading="lazy"
            height={MAP_HEIGHT}
            className={MAP_FRAME_CLASS}
            referrerPolicy="no-referrer-when-downgrade"
          />
        </noscript>
      </div>
      <p className="mt-3 text-center">
        <a
          href={mapLinkUrl(map.query)}
          className="font-semibold text-brand-700 hover:underline"
          rel="noopener noreferrer"
          target="_blank"
        >
          Open in Google Maps<span className="sr-only"> ({map.title}, opens in a new tab)</span>
        </a>
      </p>
    </Band>
  )
}
