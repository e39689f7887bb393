// The copies of the content's pictures that the pages show: each picture a record names (an
// `image` or `photo` field: `src` and `alt`) made into WebP copies in several widths by sharp, with
// a manifest of their addresses and sizes that the pages are rendered with
// (src/sections/Picture.tsx). Made by the build (scripts/build-images.ts, into public/images/) and
// by a server rendering a mounted content folder at start (src/server/site-render.ts). Node-only.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import type { ImageManifest } from '../sections/Picture.tsx'
import { imageRefs } from './images.ts'
import type { Catalogue } from './types.ts'

/** The widths made of each picture (those wider than a photo itself are left out). */
export const IMAGE_WIDTHS = [480, 800, 1200]

/**
 * The largest drawing (bytes of its SVG file) that travels inside the page, as the hero's `<img>`
 * itself (src/sections/Picture.tsx): no request for the picture on any screen, and a vector is
 * sharp at every pixel density (decision 059). The drawings that come with the site are
 * 1.1–3.6 KB (0.3–0.9 KB of their page, brotli). A bigger drawing, and every photo (a raster: a
 * copy small enough to inline would show enlarged and soft on a 2× or 3× phone), stays files with
 * a srcset.
 */
export const INLINE_SVG_MAX_BYTES = 8 * 1024

/**
 * An SVG drawing as a `data:` address: its comments left out (they draw nothing), the rest as
 * written, percent-encoded (in the built pages, brotli and gzip, within a few bytes of the minimal
 * encoding that turns double quotes into single ones, and smaller on two pages of three; decision
 * 059).
 */
function svgDataUrl(svg: string): string {
  const drawing = svg.replace(/<!--[\s\S]*?-->/g, '').trim()
  return `data:image/svg+xml,${encodeURIComponent(drawing)}`
}

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
    ...(isSvg && input.length <= INLINE_SVG_MAX_BYTES ? { inline: svgDataUrl(input.toString('utf8')) } : {}),
  }
}

/**
 * The copies of every picture the catalogue's pages name, from `<contentDir>/images/` into
 * `outDir` (the site's /images/), with `manifest.json` there. Returns the manifest and the bytes
 * of the copies. A picture that cannot be read is an error naming the page and field.
 */
export async function buildImages(
  catalogue: Catalogue,
  contentDir: string,
  outDir: string,
): Promise<{ manifest: ImageManifest; bytes: number }> {
  mkdirSync(outDir, { recursive: true })
  const manifest: ImageManifest = {}
  for (const page of catalogue.pages) {
    for (const { ref, at } of imageRefs(page)) {
      if (manifest[ref.src]) continue
      const file = path.join(contentDir, 'images', ref.src)
      try {
        manifest[ref.src] = await buildImage(file, outDir)
      } catch (error) {
        throw new Error(
          `${page.path} ${at}.src: cannot read ${path.join(path.basename(contentDir), 'images', ref.src)} (${(error as Error).message}). Put the picture in the content folder's images/ or correct the name.`,
        )
      }
    }
  }
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  let bytes = 0
  for (const set of Object.values(manifest))
    for (const entry of set.webp.split(', '))
      bytes += readFileSync(path.join(outDir, path.basename(entry.split(' ')[0]!))).length
  return { manifest, bytes }
}
