// The copies of the content's pictures that the pages show: each picture a record names (an
// `image` or `photo` field: `src` and `alt`) made into WebP copies in several widths by sharp (a
// photo also into AVIF copies, a phone's small enough for its first round trip), with
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

/**
 * What a phone's copy of a photo (its AVIF copies up to 800 px wide) should weigh at most: a slow
 * phone connection's first round trip carries 10 TCP segments (14.6 KB), less the answer's
 * headers. A hero photo that fits arrives one round trip after the page, and Lighthouse's mobile
 * profile measured its LCP at 0.91 s; one that does not, a round trip or more later (1.05–1.20 s;
 * decision 065).
 */
export const FIRST_WINDOW_BYTES = 13_000

/** The qualities tried for a photo's AVIF copy, best first, until one fits FIRST_WINDOW_BYTES. */
export const AVIF_QUALITIES = [50, 45, 40, 35]

/** The widths a phone takes (at 2x or less), which must fit the first round trip. */
const PHONE_MAX_WIDTH = 800

/**
 * A photo's AVIF copy `width` px wide: at the best of AVIF_QUALITIES that fits FIRST_WINDOW_BYTES
 * when a phone takes it, else at the lowest (and `fits` false); a wider copy at the best.
 */
async function avifCopy(
  encode: (quality: number) => Promise<Buffer>,
  width: number,
): Promise<{ data: Buffer; quality: number; fits: boolean }> {
  const qualities = width <= PHONE_MAX_WIDTH ? AVIF_QUALITIES : AVIF_QUALITIES.slice(0, 1)
  let copy: { data: Buffer; quality: number; fits: boolean } = {
    data: Buffer.alloc(0),
    quality: qualities[0]!,
    fits: false,
  }
  for (const quality of qualities) {
    const data = await encode(quality)
    copy = { data, quality, fits: width > PHONE_MAX_WIDTH || data.length <= FIRST_WINDOW_BYTES }
    if (copy.fits) break
  }
  return copy
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
  const webp: string[] = []
  for (const width of widths) {
    const out = `${name}-${width}.webp`
    await source().resize({ width }).webp({ quality: 78 }).toFile(path.join(outDir, out))
    webp.push(`/images/${out} ${width}w`)
  }
  // A photo also in AVIF, which browsers prefer: a third to a half of the WebP's bytes at a like
  // quality, so a phone's copy can fit the first round trip (FIRST_WINDOW_BYTES). A drawing stays
  // WebP only: decoding a drawing's AVIF cost the home page about 200 ms of blocking time on
  // Lighthouse's mobile profile (decision 046), and a drawing's WebP is small already.
  const avif: string[] = []
  const heavy: string[] = []
  if (!isSvg)
    for (const width of widths) {
      const out = `${name}-${width}.avif`
      const copy = await avifCopy((quality) => source().resize({ width }).avif({ quality }).toBuffer(), width)
      writeFileSync(path.join(outDir, out), copy.data)
      avif.push(`/images/${out} ${width}w`)
      if (!copy.fits) heavy.push(`${out} (${(copy.data.length / 1024).toFixed(1)} KB at quality ${copy.quality})`)
    }
  const width = widths.at(-1)!
  return {
    width,
    height: Math.round((width * meta.height) / meta.width),
    ...(avif.length > 0 ? { avif: avif.join(', ') } : {}),
    ...(heavy.length > 0 ? { heavy } : {}),
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
    for (const entry of [...set.webp.split(', '), ...(set.avif ? set.avif.split(', ') : [])])
      bytes += readFileSync(path.join(outDir, path.basename(entry.split(' ')[0]!))).length
  return { manifest, bytes }
}
