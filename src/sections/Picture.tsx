// A picture of the content (an `image` or `photo` field) as the build made it
// (scripts/build-images.ts): WebP in several widths (a photo also AVIF), the browser picks one; width and
// height set, so nothing moves when it arrives. Only the page's first picture (its hero's) loads
// at once and first; every other one when the visitor scrolls near it. The hero's picture, when it
// is a small drawing (SVG), is the page's own `<svg>` element: no request on any screen, nothing to
// decode, painted with the first paint, sharp at every size and pixel density (decision 059).
import { createContext, useContext } from 'react'

/** A picture's copies, by its name in content/images. */
export type ImageManifest = Record<
  string,
  {
    width: number
    height: number
    webp: string
    /** A photo's AVIF copies (a drawing has none), preferred by the browsers that show AVIF. */
    avif?: string
    /** A photo's AVIF copies a phone takes that could not be made to fit its first round trip (the build says so). */
    heavy?: string[]
    fallback: string
    /** The drawing itself (its root's viewBox and inner markup, checked by svgForPage), when it is an SVG small enough to travel in the page. */
    inline?: { viewBox: string; body: string }
  }
>

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
  // Only the first picture: a lazy one is not worth its bytes in every page view.
  const inline = first ? set.inline : undefined
  if (inline)
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={inline.viewBox}
        width={set.width}
        height={set.height}
        role="img"
        aria-label={image.alt}
        className={className}
        // The build's own markup of a drawing in content/images, checked (svgForPage): no script,
        // handler, style or outside link can be in it.
        dangerouslySetInnerHTML={{ __html: inline.body }}
      />
    )
  return (
    <picture>
      {set.avif ? <source type="image/avif" srcSet={set.avif} sizes={sizes} /> : null}
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
