// Issue 22 in the built pages: the proof under the hero, from business.yaml, and the call bar's
// place (every public page, not /admin).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { liveOffers } from '../../src/catalogue/offers.ts'
import { IMAGE_WIDTHS, INLINE_MAX_BYTES } from '../../src/catalogue/picture-copies.ts'
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
  test.each(['/', '/about', '/heating'])('%s shows its hero picture first, in WebP, sized', (url) => {
    const record = pages.find((p) => p.path === url)!
    const image = (record as { hero: { image?: { src: string; alt: string } } }).hero.image!
    const { main } = readPage(builtHtml(url))
    const picture = findAll(main, byTag('picture'))[0]!
    const img = findAll(picture, byTag('img'))[0]!
    expect(img.attrs).toMatchObject({ alt: image.alt, width: '1200', fetchpriority: 'high' })
    expect(img.attrs.loading).toBeUndefined()
    const sources = findAll(picture, byTag('source'))
    expect(sources.map((s) => s.attrs.type)).toEqual(['image/webp'])
    for (const s of sources)
      for (const entry of s.attrs.srcset!.split(', ')) {
        expect(existsSync(path.join(distClient, entry.split(' ')[0]!)), entry).toBe(true)
      }
  })

  // Decision 059: the hero's 480 px copy is in the page, so a phone makes no request for the
  // picture (LCP 1.05 s → under 1.0 s on Lighthouse's mobile profile); wider screens keep the
  // three files, from the <source>.
  test.each(['/', '/about', '/heating'])(
    "%s carries its hero's phone copy inside the page, and the larger copies for wider screens",
    (url) => {
      const record = pages.find((p) => p.path === url)!
      const name = (record as { hero: { image: { src: string } } }).hero.image.src.replace(/\.svg$/, '')
      const picture = findAll(readPage(builtHtml(url)).main, byTag('picture'))[0]!
      const img = findAll(picture, byTag('img'))[0]!
      const [, base64] = /^data:image\/webp;base64,([A-Za-z0-9+/=]+)$/.exec(img.attrs.src!) ?? []
      expect(base64, img.attrs.src!.slice(0, 40)).toBeDefined()
      const bytes = Buffer.from(base64!, 'base64')
      expect(bytes.length).toBeLessThanOrEqual(INLINE_MAX_BYTES)
      expect(bytes.equals(readFileSync(path.join(distClient, `images/${name}-480.webp`)))).toBe(true)
      const [source] = findAll(picture, byTag('source'))
      expect(source!.attrs.media).toBe('(min-width: 481px)')
      expect(source!.attrs.srcset).toBe(IMAGE_WIDTHS.map((w) => `/images/${name}-${w}.webp ${w}w`).join(', '))
    },
  )
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
