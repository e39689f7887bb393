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
 * The largest drawing (bytes of its SVG file) that travels inside the page, as the hero's own
 * `<svg>` element (src/sections/Picture.tsx): no request for the picture on any screen, nothing to
 * decode, painted with the page's first paint, and a vector is sharp at every pixel density
 * (decision 059). The drawings that come with the site are 1.1–3.6 KB (0.3–0.9 KB of their page,
 * brotli). A bigger drawing, and every photo (a raster: a copy small enough to inline would show
 * enlarged and soft on a 2× or 3× phone), stays files with a srcset.
 */
export const INLINE_SVG_MAX_BYTES = 8 * 1024

/**
 * What a drawing may not hold to travel inside the page, where its markup is the page's own: a
 * script, an event handler, a foreign object, a style sheet (the pages' CSP allows none of them
 * anyway), a link anywhere but inside itself, or a DTD. A drawing with any of these stays files,
 * shown through `<img>`, where none of it can act.
 */
const UNSAFE_IN_PAGE =
  /<\s*(script|foreignObject|style|iframe|embed|object|image)\b|\son[a-z]+\s*=|href\s*=\s*(?!["']?#)|javascript:|<!(DOCTYPE|ENTITY)|\sstyle\s*=/i

/**
 * An SVG drawing made ready to stand inside a page: its root's `viewBox` and its inner markup, its
 * comments left out (they draw nothing) and its ids prefixed with the picture's name (a page's ids
 * are one namespace); or nothing when it has no viewBox or holds what UNSAFE_IN_PAGE names.
 */
export function svgForPage(svg: string, name: string): { viewBox: string; body: string } | undefined {
  const drawing = svg.replace(/<!--[\s\S]*?-->/g, '').trim()
  if (UNSAFE_IN_PAGE.test(drawing)) return undefined
  const root = /^(?:<\?xml[^>]*\?>\s*)?<svg\b([^>]*)>([\s\S]*)<\/svg>$/.exec(drawing)
  const viewBox = root && /\sviewBox="([-\d.\s,]+)"/.exec(root[1]!)?.[1]
  if (!root || !viewBox) return undefined
  const ids = [...root[2]!.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)
  let body = root[2]!.trim()
  for (const id of ids) {
    const own = `${name}-${id}`
    body = body
      .replaceAll(`id="${id}"`, `id="${own}"`)
      .replaceAll(`url(#${id})`, `url(#${own})`)
      .replaceAll(`href="#${id}"`, `href="#${own}"`)
  }
  return { viewBox, body }
}

const inlineDrawing = (svg: string, name: string) => {
  const inline = svgForPage(svg, name)
  return inline ? { inline } : {}
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
    ...(isSvg && input.length <= INLINE_SVG_MAX_BYTES ? inlineDrawing(input.toString('utf8'), name) : {}),
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
