// A picture of the content (an `image` or `photo` field) as the build made it
// (scripts/build-images.ts): WebP in several widths, the browser picks one; width and
// height set, so nothing moves when it arrives. Only the page's first picture (its hero's) loads
// at once and first; every other one when the visitor scrolls near it.
import { createContext, useContext } from 'react'

/** A picture's copies, by its name in content/images. */
export type ImageManifest = Record<string, { width: number; height: number; webp: string; fallback: string }>

/** The manifest of the build, given by the catalogue page (pages/catalogue/CataloguePage.tsx). */
export const ImagesContext = createContext<ImageManifest>({})

export function Picture({
  image,
  sizes,
  first = false,
  className = '',
}: {
  image: { src: string; alt: string }
  /** How wide the picture shows, for the browser's choice: `(min-width: 1024px) 40vw, 100vw`. */
  sizes: string
  first?: boolean
  className?: string
}) {
  const set = useContext(ImagesContext)[image.src]
  // Not made (the live preview of `npm run dev`, which skips the images step): nothing to show.
  if (!set) return null
  return (
    <picture>
      <source type="image/webp" srcSet={set.webp} sizes={sizes} />
      <img
        src={set.fallback}
        alt={image.alt}
        width={set.width}
        height={set.height}
        className={className}
        {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
        decoding="async"
      />
    </picture>
  )
}
