// The pictures of the content: which ones a record names, and the copies made of them
// (picture-copies.ts; its manifest), for the pages to be rendered with.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { ImageManifest } from '../sections/Picture.tsx'
import { renderSetting } from './render-settings.ts'

export const IMAGES_DIR = path.resolve('public/images')
const MANIFEST = path.join(IMAGES_DIR, 'manifest.json')
/**
 * Names another manifest for the pages rendered by this process: a server rendering a mounted
 * content folder at start (src/server/site-render.ts) makes its copies elsewhere. The pages'
 * server build has its own copy of this module, so the setting travels in the environment (or in
 * the render's own settings: render-settings.ts).
 */
export const MANIFEST_ENV = 'LONGBAR_IMAGE_MANIFEST'

type ImageRef = { src: string; alt: string }

/** Every picture a record names (an object with `src` and `alt`), with its field path: `hero.image`. */
export function imageRefs(value: unknown, at: string[] = []): { ref: ImageRef; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => imageRefs(v, [...at, String(i)]))
  if (!value || typeof value !== 'object') return []
  const record = value as Record<string, unknown>
  if (typeof record.src === 'string' && typeof record.alt === 'string')
    return [{ ref: { src: record.src, alt: record.alt }, at: at.join('.') }]
  return Object.entries(record).flatMap(([k, v]) => imageRefs(v, [...at, k]))
}

/** The manifest entries of the pictures a record names (none before the images step has run). */
export function recordImages(record: unknown): ImageManifest {
  const file = renderSetting(MANIFEST_ENV) || MANIFEST
  if (!existsSync(file)) return {}
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as ImageManifest
  return Object.fromEntries(
    imageRefs(record).flatMap(({ ref }) => (manifest[ref.src] ? [[ref.src, manifest[ref.src]!]] : [])),
  )
}
