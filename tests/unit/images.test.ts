// Issue 22, pictures as content: the schema wants a description of every picture, and the
// images step (src/catalogue/picture-copies.ts) makes WebP copies in several widths with sharp, and
// keeps a small drawing (SVG) itself as a data: address for the hero, never a photo (decision 059).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, test } from 'vitest'
import { buildImage, IMAGE_WIDTHS, INLINE_SVG_MAX_BYTES } from '../../src/catalogue/picture-copies.ts'
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
    // The drawing (3.6 KB of SVG) may travel inside the page: the drawing itself, not a raster copy.
    const [, encoded] = /^data:image\/svg\+xml,(.+)$/.exec(set.inline ?? '') ?? []
    const drawing = decodeURIComponent(encoded!)
    expect(drawing).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 800">/)
    expect(drawing).not.toContain('<!--')
    const pixels = (svg: string | Buffer) => sharp(Buffer.from(svg)).resize({ width: 600 }).raw().toBuffer()
    const file = readFileSync(path.resolve('content/images/service-van.svg'))
    expect((await pixels(drawing)).equals(await pixels(file))).toBe(true)
    // Valid in an HTML src as it is: nothing a URL must not carry raw (spaces, quotes, #, <, >).
    expect(set.inline).toMatch(/^data:image\/svg\+xml,[A-Za-z0-9%\-_.!~*'()]+$/)
    // Three real WebP encodes: seconds on a busy 2-core machine, beyond the 5 s default.
  }, 60_000)

  // The old rule (any smallest copy of at most 8 KB) inlined this photo's 480 px copy: shown
  // enlarged, and soft, on a 2x or 3x phone. A photo stays files, whatever its size.
  test.each(['png', 'jpeg'] as const)(
    'never enlarges a photo (%s): a 600 px wide one gets the 480 px copies only, never inlined',
    async (format) => {
      const photo = path.join(out, `photo.${format}`)
      await sharp({ create: { width: 600, height: 400, channels: 3, background: '#123a6d' } })
        .toFormat(format)
        .toFile(photo)
      expect(statSync(photo).size).toBeLessThan(INLINE_SVG_MAX_BYTES)
      const set = await buildImage(photo, out)
      expect(set).toMatchObject({ width: 480, height: 320 })
      expect(set.webp).toBe('/images/photo-480.webp 480w')
      expect(statSync(path.join(out, 'photo-480.webp')).size).toBeLessThan(1024)
      expect(set.inline).toBeUndefined()
    },
  )

  test('keeps a drawing over INLINE_SVG_MAX_BYTES files only', async () => {
    const big = path.join(out, 'big.svg')
    const dots = Array.from({ length: 200 }, (_, i) => `<circle cx="${i * 6}" cy="${i * 4}" r="5" fill="#4f8dd3"/>`)
    writeFileSync(big, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800">${dots.join('')}</svg>`)
    expect(statSync(big).size).toBeGreaterThan(INLINE_SVG_MAX_BYTES)
    const set = await buildImage(big, out)
    expect(set.inline).toBeUndefined()
    expect(set.webp).toBe(IMAGE_WIDTHS.map((w) => `/images/big-${w}.webp ${w}w`).join(', '))
  }, 60_000)
})
