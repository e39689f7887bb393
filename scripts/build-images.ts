// Before `vike build`: the copies of the content's pictures (src/catalogue/picture-copies.ts),
// written to public/images/ (which the build copies into the site; generated, not committed)
// with the manifest the pages are rendered with (a small drawing also as a data: address).
import { rmSync } from 'node:fs'
import path from 'node:path'
import { loadCatalogue } from '../src/catalogue/load.ts'
import { IMAGES_DIR } from '../src/catalogue/images.ts'
import { buildImages, IMAGE_WIDTHS, INLINE_SVG_MAX_BYTES } from '../src/catalogue/picture-copies.ts'

const contentDir = path.resolve(process.env.CONTENT_DIR || 'content')
rmSync(IMAGES_DIR, { recursive: true, force: true })
const { manifest, bytes } = await buildImages(loadCatalogue(), contentDir, IMAGES_DIR)
const inline = Object.values(manifest).filter((set) => set.inline).length
console.log(
  `images: ${Object.keys(manifest).length} pictures, ${IMAGE_WIDTHS.length} widths in WebP, ${(bytes / 1024).toFixed(1)} KB in public/images; ${inline} drawings of at most ${INLINE_SVG_MAX_BYTES / 1024} KB of SVG, shown inside the page when a hero's (decision 059)`,
)
