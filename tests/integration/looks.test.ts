// Issue 22 in the built pages: the proof under the hero, from business.yaml, and the call bar's
// place (every public page, not /admin).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { liveOffers } from '../../src/catalogue/offers.ts'
import { IMAGE_WIDTHS, INLINE_SVG_MAX_BYTES } from '../../src/catalogue/picture-copies.ts'
import { builtHtml, distClient } from '../helpers/built-site.ts'
import { byTag, findAll, linksIn, readPage, textOf } from '../helpers/html.ts'

const { business, pages } = loadCatalogue()
const proof = business.proof!

describe('proof under the hero', () => {
  test.each(['/', '/heating', '/furnace-repair', '/bel-air-hvac', '/harford-county-hvac', '/delaware-hvac'])(
    '%s shows the rating with its count and link, the license, the founding year, certifications and brands',
    (path) => {
      const page = readPage(builtHtml(path))
      const strip = findAll(page.main, (e) => e.tag === 'section' && e.attrs['aria-label'] === proof.heading)
      expect(strip).toHaveLength(1)
      // Straight after the hero.
      const sections = findAll(page.main, byTag('section'))
      expect(sections.indexOf(strip[0]!)).toBe(sections.findIndex((s) => s.attrs.class?.includes('hero')) + 1)
      const text = textOf(strip[0]!)
      expect(text).toContain(`${proof.rating.value.toFixed(1)} out of 5 · ${proof.rating.count} ${proof.rating.source}`)
      expect(linksIn(strip[0]!).map((l) => l.href)).toContain(proof.rating.url)
      expect(text).toContain(`${proof.licenseLabel} #${business.license.number}`)
      expect(text).toContain(`${proof.sinceLabel} ${business.foundingYear}`)
      for (const c of proof.certifications) expect(text).toContain(c)
      for (const b of proof.brands ?? []) expect(text).toContain(b)
    },
  )

  test("the rating is on the page only: the structured data's rating is the reviews' own", () => {
    const { jsonLd } = readPage(builtHtml('/'))
    const json = JSON.stringify(jsonLd)
    expect(json).not.toContain(String(proof.rating.count))
    expect(json).not.toContain(proof.rating.url)
  })
})

describe('the call bar', () => {
  test.each(['/', '/contact', '/emergency-service', '/service-areas', '/bel-air-hvac'])('%s has it', (path) => {
    const bar = findAll(readPage(builtHtml(path)).doc, (e) => e.attrs.class === 'call-bar')
    expect(bar).toHaveLength(1)
    expect(linksIn(bar[0]!).map((l) => l.text)).toEqual(['Call now', 'Book a visit'])
  })

  test('/admin has none', () => {
    expect(builtHtml('/admin')).not.toContain('class="call-bar"')
  })
})

describe('pictures', () => {
  const heroImage = (url: string) =>
    (pages.find((p) => p.path === url) as { hero: { image: { src: string; alt: string } } }).hero.image
  // The drawing as the browser would see it: the same pixels as the file in content/images.
  const pixels = (svg: string | Buffer) => sharp(Buffer.from(svg)).resize({ width: 600 }).raw().toBuffer()

  // Decision 059: the hero's drawing is the page's own <svg>, so no screen makes a request for it,
  // nothing is decoded, it paints with the page, and a vector is sharp at any size and pixel density
  // (the 480 px WebP copy once inlined was soft on a 3x phone); no <picture>, no file for any screen.
  test.each(['/', '/about', '/heating'])(
    '%s shows its hero drawing first, sized, inside the page as the drawing itself, named by its alt text',
    async (url) => {
      const image = heroImage(url)
      expect(image.src).toMatch(/\.svg$/)
      const file = readFileSync(path.join('content/images', image.src))
      const meta = await sharp(file).metadata()
      const hero = /<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="([^"]+)" ([^>]*)>([\s\S]*?)<\/svg>/.exec(
        builtHtml(url),
      )
      expect(hero, `${url}: the hero's <svg>`).not.toBeNull()
      const [, viewBox, attrs, body] = hero!
      const alt = image.alt.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;')
      expect(attrs).toMatch(
        new RegExp(
          `^width="1200" height="${Math.round((1200 * meta.height) / meta.width)}" role="img" aria-label="${alt}" class="[^"]*"$`,
        ),
      )
      // It is the first picture of the page: no <picture> or <img> comes before it.
      const before = builtHtml(url).slice(0, hero!.index)
      expect(before).not.toMatch(/<img |<picture>/)
      expect(Buffer.byteLength(body!)).toBeLessThanOrEqual(Math.min(file.length, INLINE_SVG_MAX_BYTES))
      const drawing = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`
      expect((await pixels(drawing)).equals(await pixels(file))).toBe(true)
    },
  )

  test('the copies of the drawings are still made, for a picture further down a page', () => {
    for (const name of ['service-van', 'technician', 'home-comfort'])
      for (const w of IMAGE_WIDTHS) expect(existsSync(path.join(distClient, `images/${name}-${w}.webp`))).toBe(true)
  })
})

describe('financing and offers', () => {
  test('the service pages show the financing block with its example, terms and lender', () => {
    const financing = business.financing!
    for (const url of ['/heating', '/air-conditioning', '/furnace-replacement']) {
      const page = readPage(builtHtml(url))
      const text = textOf(page.section(financing.heading))
      expect(text).toContain(financing.example)
      expect(text).toContain(financing.terms)
      expect(linksIn(page.section(financing.heading)).map((l) => l.href)).toEqual([financing.lender.href])
    }
  })

  test('the home page shows the offers still running at build time, and only those', () => {
    const html = readPage(builtHtml('/')).main
    const live = liveOffers(business.offers, business.timeZone)
    for (const offer of business.offers ?? [])
      expect(textOf(html).includes(offer.title), offer.title).toBe(live.includes(offer))
  })
})
