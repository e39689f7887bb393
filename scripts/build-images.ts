// Before `vike build`: the copies of the content's pictures (src/catalogue/picture-copies.ts),
// written to public/images/ (which the build copies into the site; generated, not committed)
// with the manifest the pages are rendered with (a small drawing also as a data: address).
import { rmSync } from 'node:fs'
import path from 'node:path'
import { loadCatalogue } from '../src/catalogue/load.ts'
import { IMAGES_DIR } from '../src/catalogue/images.ts'
import { buildImages, FIRST_WINDOW_BYTES, IMAGE_WIDTHS, INLINE_SVG_MAX_BYTES } from '../src/catalogue/picture-copies.ts'

const contentDir = path.resolve(process.env.CONTENT_DIR || 'content')
rmSync(IMAGES_DIR, { recursive: true, force: true })
const { manifest, bytes } = await buildImages(loadCatalogue(), contentDir, IMAGES_DIR)
const inline = Object.values(manifest).filter((set) => set.inline).length
const photos = Object.values(manifest).filter((set) => set.avif).length
console.log(
  `images: ${Object.keys(manifest).length} pictures, ${IMAGE_WIDTHS.length} widths in WebP (${photos} photos also in AVIF), ${(bytes / 1024).toFixed(1)} KB in public/images; ${inline} drawings of at most ${INLINE_SVG_MAX_BYTES / 1024} KB of SVG, shown inside the page when a hero's (decision 059)`,
)
for (const [src, set] of Object.entries(manifest))
  if (set.heavy)
    console.warn(
      `images: ${src}: a phone's copy is over ${FIRST_WINDOW_BYTES / 1000} KB even at the lowest quality tried: ${set.heavy.join(', ')}. As a page's first picture it will show about a round trip later on a slow phone; a simpler or tighter-cropped photo fits (decision 065).`,
    )
