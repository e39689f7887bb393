// Issue 22, pictures as content: the schema wants a description of every picture, and the
// images step (src/catalogue/picture-copies.ts) makes WebP copies in several widths with sharp, and
// keeps a small drawing (SVG) itself as a data: address for the hero, never a photo (decision 059).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { afterAll, describe, expect, test } from 'vitest'
import {
  AVIF_QUALITIES,
  buildImage,
  FIRST_WINDOW_BYTES,
  IMAGE_WIDTHS,
  INLINE_SVG_MAX_BYTES,
  svgForPage,
} from '../../src/catalogue/picture-copies.ts'
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

describe('a drawing made ready for the page (svgForPage)', () => {
  const svg = (inner: string, root = 'viewBox="0 0 10 10"') =>
    `<svg xmlns="http://www.w3.org/2000/svg" ${root}>${inner}</svg>`

  test('keeps shapes, text, gradients and links inside itself', () => {
    const inner =
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
      '<rect width="10" height="10" fill="url(#g)"/><text font-style="italic">Hi</text><use href="#g"/>'
    expect(svgForPage(svg(inner), 'van')).toEqual({
      viewBox: '0 0 10 10',
      body:
        '<defs><linearGradient id="van-g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#van-g)"/><text font-style="italic">Hi</text><use href="#van-g"/>',
    })
  })

  test.each([
    ['a script', '<script>alert(1)</script>'],
    ['an event handler', '<rect onclick="alert(1)"/>'],
    ['an event handler without quotes', '<rect onload=alert(1) />'],
    ['a foreign object', '<foreignObject><div>x</div></foreignObject>'],
    ['a style sheet', '<style>rect{fill:red}</style>'],
    ['a style attribute', '<rect style="fill:red"/>'],
    ['a link out', '<a href="https://example.com"><rect/></a>'],
    ['a link out by xlink', '<use xlink:href="other.svg#x"/>'],
    ['a javascript: address', '<a href="javascript:alert(1)"><rect/></a>'],
    ['an outside picture', '<image href="data:image/png;base64,AAAA"/>'],
  ])('keeps a drawing with %s out of the page (it stays files)', (_, inner) => {
    expect(svgForPage(svg(inner), 'van')).toBeUndefined()
  })

  test('keeps a drawing without a viewBox out of the page, or with a DTD', () => {
    expect(svgForPage(svg('<rect/>', 'width="10" height="10"'), 'van')).toBeUndefined()
    expect(svgForPage(`<!DOCTYPE svg [<!ENTITY x "y">]>${svg('<rect/>')}`, 'van')).toBeUndefined()
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
    // The drawing (3.6 KB of SVG) may travel inside the page: the drawing itself, not a raster copy,
    // its ids the picture's own (a page's ids are one namespace), its comments left out.
    const inline = set.inline!
    expect(inline.viewBox).toBe('0 0 1200 800')
    expect(inline.body).not.toContain('<!--')
    expect(inline.body).toContain('id="service-van-sky"')
    expect(inline.body).toContain('url(#service-van-sky)')
    expect(inline.body).not.toMatch(/"sky"|#sky\)/)
    const drawing = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${inline.viewBox}">${inline.body}</svg>`
    const pixels = (svg: string | Buffer) => sharp(Buffer.from(svg)).resize({ width: 600 }).raw().toBuffer()
    const file = readFileSync(path.resolve('content/images/service-van.svg'))
    expect((await pixels(drawing)).equals(await pixels(file))).toBe(true)
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

  /** A 1,600 × 1,000 photo of gaussian noise (`sigma`), as hard to compress as a test needs, written to `out`. */
  async function noisePhoto(
    file: string,
    background: string,
    sigma: number,
    encode: (image: Sharp) => Sharp,
  ): Promise<string> {
    const noise = { type: 'gaussian' as const, mean: 128, sigma }
    const photo = path.join(out, file)
    writeFileSync(
      photo,
      await encode(sharp({ create: { width: 1600, height: 1000, channels: 3, background, noise } })).toBuffer(),
    )
    return photo
  }

  // Decision 065: a phone's copy of a hero photo fits a slow connection's first round trip.
  test("makes a photo's AVIF copies too, a phone's at the best quality that fits its first round trip", async () => {
    // A photo's grain: its 800 px WebP is about 55 KB, its AVIF 30 KB at the best quality tried.
    const photo = await noisePhoto('grain.jpg', '#6b8fb5', 30, (image) => image.blur(1).jpeg({ quality: 90 }))
    const set = await buildImage(photo, out)
    expect(set.avif).toBe(IMAGE_WIDTHS.map((w) => `/images/grain-${w}.avif ${w}w`).join(', '))
    expect(set.heavy).toBeUndefined()
    const size = (file: string) => statSync(path.join(out, file)).size
    expect(size('grain-800.webp')).toBeGreaterThan(FIRST_WINDOW_BYTES)
    // The 800 px copy is the first quality tried that fits, not the best (which does not).
    const sizes = await Promise.all(
      AVIF_QUALITIES.map(
        async (quality) => (await sharp(photo).resize({ width: 800 }).avif({ quality }).toBuffer()).length,
      ),
    )
    const fits = sizes.findIndex((n) => n <= FIRST_WINDOW_BYTES)
    expect(fits).toBeGreaterThan(0)
    expect(size('grain-800.avif')).toBe(sizes[fits])
    expect(size('grain-480.avif')).toBeLessThanOrEqual(FIRST_WINDOW_BYTES)
    expect((await sharp(path.join(out, 'grain-800.avif')).metadata()).format).toBe('heif')
  }, 120_000)

  test('names the copies a phone takes that cannot fit, made at the lowest quality tried', async () => {
    const photo = await noisePhoto('noise.png', '#808080', 60, (image) => image.png())
    const set = await buildImage(photo, out)
    expect(set.heavy).toContainEqual(expect.stringMatching(/^noise-800\.avif \([\d.]+ KB at quality 35\)$/))
    expect(statSync(path.join(out, 'noise-1200.avif')).size).toBeGreaterThan(0)
  }, 120_000)

  test('makes no AVIF copy of a drawing', async () => {
    const set = await buildImage(path.resolve('content/images/technician.svg'), out)
    expect(set.avif).toBeUndefined()
  }, 60_000)
})
