// Before `vike build`: every picture the content names (an `image` or `photo` field: `src` and
// `alt`) made into WebP copies in several widths by sharp, written to public/images/
// (which the build copies into the site; generated, not committed), with a manifest of their
// addresses and sizes that the pages are rendered with (src/sections/Picture.tsx).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { loadCatalogue } from '../src/catalogue/load.ts'
import { imageRefs, IMAGES_DIR, MANIFEST } from '../src/catalogue/images.ts'
import type { ImageManifest } from '../src/sections/Picture.tsx'

/** The widths made of each picture (those wider than a photo itself are left out). */
export const IMAGE_WIDTHS = [480, 800, 1200]

/** Makes the copies of one picture into `outDir`; returns its manifest entry. */
export async function buildImage(file: string, outDir: string): Promise<ImageManifest[string]> {
  const input = readFileSync(file)
  const meta = await sharp(input).metadata()
  const isSvg = meta.format === 'svg'
  const largest = IMAGE_WIDTHS.at(-1)!
  // A drawing is rasterised at the size of the largest copy; a photo is never enlarged.
  const widths = isSvg ? IMAGE_WIDTHS : IMAGE_WIDTHS.filter((w) => w <= (meta.width ?? 0))
  if (widths.length === 0) widths.push(meta.width)
  const source = () => sharp(input, isSvg ? { density: (72 * largest) / meta.width } : {})
  const name = path.basename(file).replace(/\.[a-z]+$/, '')
  // WebP only: AVIF is a few KB smaller, but decoding the hero's AVIF cost the home page about
  // 200 ms of blocking time on Lighthouse's mobile profile (performance 97 → 100 without it).
  const webp: string[] = []
  for (const width of widths) {
    const out = `${name}-${width}.webp`
    await source().resize({ width }).webp({ quality: 78 }).toFile(path.join(outDir, out))
    webp.push(`/images/${out} ${width}w`)
  }
  const width = widths.at(-1)!
  return {
    width,
    height: Math.round((width * meta.height) / meta.width),
    webp: webp.join(', '),
    fallback: `/images/${name}-${widths[Math.min(1, widths.length - 1)]}.webp`,
  }
}

if (import.meta.main) {
  const contentDir = path.resolve(process.env.CONTENT_DIR || 'content')
  const catalogue = loadCatalogue()
  rmSync(IMAGES_DIR, { recursive: true, force: true })
  mkdirSync(IMAGES_DIR, { recursive: true })
  const manifest: ImageManifest = {}
  let bytes = 0
  for (const page of catalogue.pages) {
    for (const { ref, at } of imageRefs(page)) {
      if (manifest[ref.src]) continue
      const file = path.join(contentDir, 'images', ref.src)
      try {
        manifest[ref.src] = await buildImage(file, IMAGES_DIR)
      } catch (error) {
        throw new Error(
          `${page.path} ${at}.src: cannot read content/images/${ref.src} (${(error as Error).message}). Put the picture in content/images/ or correct the name.`,
        )
      }
    }
  }
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`)
  for (const set of Object.values(manifest))
    for (const entry of set.webp.split(', ')) bytes += readFileSync(path.join('public', entry.split(' ')[0]!)).length
  console.log(
    `images: ${Object.keys(manifest).length} pictures, ${IMAGE_WIDTHS.length} widths in WebP, ${(bytes / 1024).toFixed(1)} KB in public/images`,
  )
}
