// Issue 22, pictures as content: the schema wants a description of every picture, and the
// images step (src/catalogue/picture-copies.ts) makes WebP copies in several widths with sharp, and
// keeps a small smallest copy as a data: address for the hero (decision 059).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, test } from 'vitest'
import { buildImage, IMAGE_WIDTHS, INLINE_MAX_BYTES } from '../../src/catalogue/picture-copies.ts'
import { imageRefs } from '../../src/catalogue/images.ts'
import { HOME, problemsOf } from '../helpers/content.ts'

const withHeroImage = (image: string) =>
  HOME.replace('hero: { title: Trusted HVAC Services,', `hero: { title: Trusted HVAC Services, image: ${image},`)

describe('a picture in a record', () => {
  test('needs its description (alt) and a file name in content/images', () => {
    expect(problemsOf({ 'pages/home.yaml': withHeroImage('{ src: van.svg }') })).toEqual([
      expect.stringMatching(/^content\/pages\/home\.yaml:\d+ {2}hero\.image\.alt: is missing\. What the picture shows/),
    ])
    expect(
      problemsOf({ 'pages/home.yaml': withHeroImage('{ src: ../van.svg, alt: Our van outside a house }') }),
    ).toEqual([expect.stringMatching(/^content\/pages\/home\.yaml:\d+ {2}hero\.image\.src: /)])
    expect(problemsOf({ 'pages/home.yaml': withHeroImage('{ src: van.svg, alt: Our van outside a house }') })).toEqual(
      [],
    )
  })

  test('is found wherever a record names one, with its field', () => {
    expect(
      imageRefs({
        hero: { title: 't', image: { src: 'a.svg', alt: 'A' } },
        cards: [{ photo: { src: 'b.jpg', alt: 'B' } }],
      }),
    ).toEqual([
      { ref: { src: 'a.svg', alt: 'A' }, at: 'hero.image' },
      { ref: { src: 'b.jpg', alt: 'B' }, at: 'cards.0.photo' },
    ])
  })
})

describe('the images step', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'longbar-images-'))
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  test('makes WebP copies of a drawing in every width, with its size', async () => {
    const set = await buildImage(path.resolve('content/images/service-van.svg'), out)
    expect(set).toMatchObject({ width: 1200, height: 800, fallback: '/images/service-van-800.webp' })
    expect(set.webp).toBe(IMAGE_WIDTHS.map((w) => `/images/service-van-${w}.webp ${w}w`).join(', '))
    expect(readdirSync(out).sort()).toEqual(IMAGE_WIDTHS.map((w) => `service-van-${w}.webp`).sort())
    const webp = await sharp(path.join(out, 'service-van-480.webp')).metadata()
    expect([webp.format, webp.width, webp.height]).toEqual(['webp', 480, 320])
    // The 480 px copy is small (6.7 KB): it may travel inside the page, byte for byte the file.
    expect(set.inline).toEqual({
      src: `data:image/webp;base64,${readFileSync(path.join(out, 'service-van-480.webp')).toString('base64')}`,
      width: 480,
    })
    // Three real WebP encodes: seconds on a busy 2-core machine, beyond the 5 s default.
  }, 60_000)

  test('never enlarges a photo: a 600 px wide one gets the 480 px copies only', async () => {
    const photo = path.join(out, 'photo.png')
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#123a6d' } })
      .png()
      .toFile(photo)
    const set = await buildImage(photo, out)
    expect(set).toMatchObject({ width: 480, height: 320 })
    expect(set.webp).toBe('/images/photo-480.webp 480w')
  })

  test('keeps a smallest copy over INLINE_MAX_BYTES a file only (a photo full of detail)', async () => {
    const photo = path.join(out, 'detail.png')
    const noise = Buffer.from(Array.from({ length: 800 * 533 * 3 }, (_, i) => (i * 2654435761) >>> 24))
    await sharp(noise, { raw: { width: 800, height: 533, channels: 3 } })
      .png()
      .toFile(photo)
    const set = await buildImage(photo, out)
    expect(statSync(path.join(out, 'detail-480.webp')).size).toBeGreaterThan(INLINE_MAX_BYTES)
    expect(set.inline).toBeUndefined()
    expect(set.webp).toBe('/images/detail-480.webp 480w, /images/detail-800.webp 800w')
  }, 60_000)
})
