// SPEC §2's pages as a visitor reads them in the built HTML: list lengths, link texts and link
// targets exactly as the spec gives them, the marketing claims of §9, and the business facts
// that must never be contradicted.
import { describe, expect, test } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { hoursLines } from '../../src/catalogue/format.ts'
import { builtHtml, builtOrigin } from '../helpers/built-site.ts'
import { byTag, elements, findAll, linksIn, parseHtml, readPage, textOf, type El, type Page } from '../helpers/html.ts'
import { BEYOND, CITY_PAGES, COUNTIES, MD_LOCALITIES, PA_CITIES, SERVICE_PAGES, STATES } from '../helpers/spec.ts'

/** The map boxes of a page (src/sections/MapEmbed.tsx) and the frames in their <noscript>. */
const mapBoxes = (p: Page) => findAll(p.main, (e) => 'data-map-src' in e.attrs)
const noscriptFrames = (box: El) =>
  findAll(box, byTag('noscript')).flatMap((n) =>
    findAll(parseHtml(n.children.filter((c) => typeof c === 'string').join('')), byTag('iframe')),
  )

const { business } = loadCatalogue()
const cache = new Map<string, Page>()
const page = (path: string) => {
  if (!cache.has(path)) cache.set(path, readPage(builtHtml(path)))
  return cache.get(path)!
}
const titles = (items: El[]) =>
  items.map((li) => textOf(findAll(li, (e) => e.tag === 'strong' || e.tag === 'h3')[0] ?? li))
const mainLinks = (path: string) => linksIn(page(path).main)
const contactLinks = (path: string) =>
  mainLinks(path)
    .filter((l) => l.href === '/contact')
    .map((l) => l.text)

describe('detail service pages: list lengths of SPEC §2', () => {
  test.each([
    ['/furnace-repair', 'Common Furnace Repairs', 8],
    ['/furnace-replacement', 'Benefits of a New High-Efficiency Furnace', 6],
    ['/heat-pump-repair', 'Heat Pump Problems We Fix', 8],
    ['/heat-pump-replacement', 'Advantages of a New Heat Pump', 6],
    ['/hvac-maintenance', 'What Every Maintenance Plan Includes', 8],
    ['/hvac-maintenance', 'Benefits of a Maintenance Plan', 6],
    ['/geothermal', 'Benefits of Geothermal', 8],
    ['/ac-repair', 'Common AC Problems We Fix', 8],
  ])('%s: "%s" lists %i', (path, heading, count) => {
    expect(page(path).items(heading)).toHaveLength(count)
  })

  test('the maintenance plan schedule: spring AC check, fall heating check, quarterly filter changes, year-round priority service', () => {
    expect(titles(page('/hvac-maintenance').items('Your Maintenance Schedule'))).toEqual([
      'Spring AC check',
      'Fall heating check',
      'Quarterly filter changes',
      'Year-round priority service',
    ])
  })

  test('heating tips advise changing the filter every 1–3 months', () => {
    expect(titles(page('/heating').items('Heating Tips from Our Technicians'))).toContain(
      'Change the filter every 1–3 months',
    )
  })
})

describe('marketing claims of SPEC §9', () => {
  const text = (path: string) => textOf(page(path).main)
  test('furnace savings up to 30%, AC up to 40%', () => {
    expect(text('/heating')).toContain('Up to 30% lower heating costs with a high-efficiency furnace')
    expect(text('/furnace-replacement')).toContain('Up to 30% lower heating costs')
    expect(text('/air-conditioning')).toContain('Up to 40% lower cooling costs with a high-efficiency system')
    expect(text('/ac-replacement')).toContain('Up to 40% lower cooling costs')
  })
  test('geothermal up to 70% with payback in 5–10 years', () => {
    expect(text('/geothermal')).toContain('Up to 70% lower heating and cooling costs')
    expect(text('/geothermal')).toContain('5–10 years typical payback')
  })
  test('maintenance twice a year', () => {
    expect(text('/hvac-maintenance')).toContain('Manufacturers recommend maintenance twice a year')
    expect(text('/maintenance')).toContain('Two visits a year')
  })
  test('Pennsylvania service within 30 miles of the Maryland line', () => {
    expect(text('/pennsylvania-hvac')).toContain('within 30 miles of the Maryland line')
  })
})

describe('service pages link to /contact with the labels of SPEC §2', () => {
  test.each([
    ['/air-conditioning', ['Request Service Online', 'Get Free Estimate']],
    ['/heating', ['Schedule Service', 'Schedule Service']],
    ['/commercial-hvac', ['Schedule Consultation', 'Schedule Consultation']],
    ['/indoor-air-quality', ['Start a Conversation', 'Start a Conversation']],
    ['/maintenance', ['Get Plan Details', 'Get Plan Details']],
    ['/emergency-service', ['Request Service Online']],
    ['/furnace-repair', ['Schedule Service', 'Schedule Service']],
    ['/furnace-replacement', ['Get Free Estimate', 'Get Free Estimate']],
    ['/heat-pump-repair', ['Schedule Service', 'Schedule Service']],
    ['/heat-pump-replacement', ['Get Free Estimate', 'Get Free Estimate']],
    ['/hvac-maintenance', ['Get Plan Details', 'Get Plan Details']],
    ['/geothermal', ['Schedule Consultation', 'Schedule Consultation']],
    ['/ac-repair', ['Request Service Online', 'Request Service Online']],
    ['/ac-replacement', ['Get Free Estimate', 'Get Free Estimate']],
  ])('%s', (path, labels) => {
    expect(contactLinks(path)).toEqual(labels)
  })

  test('every service page has a call button', () => {
    for (const path of SERVICE_PAGES) {
      expect(
        mainLinks(path).filter((l) => l.href === `tel:${business.phone.e164}`).length,
        path,
      ).toBeGreaterThanOrEqual(2)
    }
  })
})

const WITH_TESTIMONIAL = [
  '/bel-air-hvac',
  '/downtown-bel-air-hvac',
  '/bel-air-south-hvac',
  '/bel-air-north-hvac',
  ...COUNTIES,
]

const hero = (p: Page) => findAll(p.main, byTag('section'))[0]!
const cards = (p: Page, heading: RegExp) => p.items(heading)
const areas = (p: Page) => {
  const intro = findAll(
    p.main,
    (e) =>
      e.tag === 'h3' &&
      /^(Areas|Neighborhoods|Communities|Harford County Communities|Cecil County Towns|Baltimore County Communities|Delaware Communities|Pennsylvania Communities|Where We Work)/.test(
        textOf(e),
      ),
  )[0]
  const list = intro && elements(intro.parent!)[elements(intro.parent!).indexOf(intro) + 1]
  if (!list) throw new Error('no list of areas')
  return elements(list)
}

describe('locality, county and state pages', () => {
  test.each([...MD_LOCALITIES, ...PA_CITIES, ...COUNTIES, ...STATES])(
    '%s: hero with call button and Schedule Service, areas, emergency box, cards, closing call to action',
    (path) => {
      const p = page(path)
      const heroLinks = linksIn(hero(p))
      expect(heroLinks).toContainEqual({ href: '/contact', text: 'Schedule Service' })
      expect(heroLinks.some((l) => l.href === `tel:${business.phone.e164}`)).toBe(true)
      expect(areas(p).length).toBeGreaterThanOrEqual(5)
      expect(textOf(p.section(business.emergency.label))).toContain(business.emergency.text)
      const cardCount = cards(p, /^HVAC Services|^What We Do|^Downtown HVAC Services/).length
      if (COUNTIES.includes(path) || STATES.includes(path)) expect(cardCount).toBe(6)
      else expect([3, 4]).toContain(cardCount)
      const closing = findAll(p.main, byTag('section')).at(-1)!
      expect(linksIn(closing).map((l) => l.href)).toEqual(['/contact', `tel:${business.phone.e164}`])
    },
  )

  test.each([...MD_LOCALITIES, ...PA_CITIES, ...COUNTIES])(
    '%s: a lazily loaded map, 400 high, with a title',
    (path) => {
      // A 400 px box holds the frame's address until the visitor scrolls near (src/client/map.ts
      // creates the frame); no frame is loaded, or even created, with the page.
      const boxes = mapBoxes(page(path))
      expect(boxes).toHaveLength(1)
      const box = boxes[0]!
      const { 'data-map-src': src = '', 'data-map-title': title, 'data-map-height': height } = box.attrs
      expect(box.attrs.class).toContain('h-[400px]')
      expect(new URL(src).origin).toBe('https://www.google.com')
      expect(new URL(src).searchParams.get('output')).toBe('embed')
      expect(new URL(src).searchParams.get('q')).toMatch(/, (MD|PA|DE)$/)
      expect(height).toBe('400')
      expect(title).toMatch(/^Map of /)
      // Without script (and for crawlers reading the HTML), the frame itself in a <noscript>, which
      // the browser loads lazily.
      expect(noscriptFrames(box).map((f) => f.attrs)).toEqual([
        expect.objectContaining({ src, title, loading: 'lazy', height: '400' }),
      ])
    },
  )

  test('a testimonial with a name and a town on Bel Air, its neighborhoods and the county pages', () => {
    for (const path of WITH_TESTIMONIAL) {
      const quotes = findAll(page(path).main, byTag('figure'))
      expect(quotes, path).toHaveLength(1)
      const [name, town] = elements(findAll(quotes[0]!, byTag('figcaption'))[0]!).map(textOf)
      expect(name, path).toMatch(/^[A-Z][a-z]+( and [A-Z][a-z]+)? [A-Z]\.$/)
      expect(town, path).toMatch(/^[A-Z][A-Za-z ]+, MD$/)
    }
  })

  test('Bel Air links to its neighborhoods and nearby towns', () => {
    expect(areas(page('/bel-air-hvac')).flatMap((li) => linksIn(li).map((l) => l.href))).toEqual([
      '/downtown-bel-air-hvac',
      '/bel-air-south-hvac',
      '/bel-air-north-hvac',
      '/forest-hill-hvac',
      '/fallston-hvac',
      '/abingdon-hvac',
    ])
  })

  test('Harford County links to the city pages plus Churchville and Darlington', () => {
    expect(areas(page('/harford-county-hvac')).flatMap((li) => linksIn(li).map((l) => l.href))).toEqual([
      ...CITY_PAGES,
      '/churchville-hvac',
      '/darlington-hvac',
    ])
  })

  test('Cecil County: 15 towns, emergency box, map, 6 cards, one testimonial', () => {
    const p = page('/cecil-county-hvac')
    expect(areas(p)).toHaveLength(15)
    expect(
      findAll(p.main, (e) => e.tag === 'aside' && e.attrs['aria-label'] === business.emergency.label),
    ).toHaveLength(1)
    expect(mapBoxes(p)).toHaveLength(1)
    expect(cards(p, /^HVAC Services/)).toHaveLength(6)
    expect(findAll(p.main, byTag('blockquote'))).toHaveLength(1)
  })

  test('Delaware: 10 communities, service hours, 6 cards, 4 reasons to choose us', () => {
    const p = page('/delaware-hvac')
    expect(areas(p)).toHaveLength(10)
    const hours = textOf(p.section('Service Hours in Delaware'))
    for (const line of hoursLines(business.hours)) expect(hours).toContain(`${line.days}${line.hours}`)
    expect(hours).toContain('24/7 Emergency Service')
    expect(cards(p, /^HVAC Services/)).toHaveLength(6)
    expect(cards(p, /^Why Delaware Homeowners Choose Us/)).toHaveLength(4)
  })

  test('Pennsylvania: 12 communities, the first three linking to York, Hanover and Red Lion, service hours and cards', () => {
    const p = page('/pennsylvania-hvac')
    const list = areas(p)
    expect(list).toHaveLength(12)
    expect(list.slice(0, 3).map((li) => linksIn(li)[0]?.href)).toEqual([
      '/york-pa-hvac',
      '/hanover-pa-hvac',
      '/red-lion-pa-hvac',
    ])
    expect(list.slice(3).flatMap(linksIn)).toEqual([])
    expect(textOf(p.section('Service Hours in Pennsylvania'))).toContain('24/7 Emergency Service')
    expect(cards(p, /^HVAC Services/)).toHaveLength(6)
  })

  test.each([
    [
      '/hanover-pa-hvac',
      ['AC Repair & Installation', 'Heating', 'HVAC Maintenance', 'Residential Service'],
      ['Downtown Hanover', 'Hanover Borough', 'Penn Township', 'Conewago Township', 'Rural areas'],
    ],
    [
      '/red-lion-pa-hvac',
      ['Air Conditioning', 'Heating', 'Maintenance', 'Community-Focused Service'],
      [
        'Red Lion Borough',
        'Windsor Township',
        'Lower Windsor Township',
        'Rural communities',
        'Local business district',
      ],
    ],
    [
      '/churchville-hvac',
      ['Air Conditioning', 'Heating', 'Maintenance', 'Rural Property Service'],
      ['Rural properties', 'Neighborhoods', 'Country estates', 'Local businesses', 'Agricultural properties'],
    ],
    [
      '/darlington-hvac',
      ['Air Conditioning', 'Heating', 'Maintenance', 'Rural Property Service'],
      [
        'Rural estates and farms',
        'Country homes',
        'Agricultural properties',
        'Equestrian properties',
        'Historic rural properties',
      ],
    ],
  ])('%s: cards and areas exactly as SPEC lists them', (path, cardTitles, areaNames) => {
    const p = page(path)
    expect(titles(cards(p, /^HVAC Services/))).toEqual(cardTitles)
    expect(areas(p).map(textOf)).toEqual(areaNames)
  })
})

describe('/service-areas', () => {
  const p = () => page('/service-areas')
  const linksWith = (text: string) =>
    mainLinks('/service-areas')
      .filter((l) => l.text === text)
      .map((l) => l.href)

  test('three county cards link to the -hvac county pages with "View County Services"', () => {
    expect(linksWith('View County Services')).toEqual(COUNTIES)
  })

  test('twelve local community links "Local HVAC Services →"', () => {
    expect(linksWith('Local HVAC Services →')).toEqual(MD_LOCALITIES)
  })

  test('five "Learn More →" links beyond Maryland', () => {
    expect(linksWith('Learn More →')).toEqual(BEYOND)
  })

  test('what makes us special: local expertise, fast response, community focus', () => {
    const special = p().items('What Makes Us Special')
    expect(titles(special)).toEqual(['Local Expertise', 'Fast Response', 'Community Focus'])
    expect(textOf(special[1]!)).toMatch(/same-day service.*priority emergency scheduling/i)
  })

  test('closes by asking visitors whose area is not listed to call', () => {
    const closing = findAll(p().main, byTag('section')).at(-1)!
    expect(textOf(closing)).toMatch(/Don't See Your Area Listed\?.*Call us/)
    expect(linksIn(closing).map((l) => l.href)).toContain(`tel:${business.phone.e164}`)
  })

  test('business and breadcrumb structured data with the 50000 m circle', () => {
    const [biz, crumbs] = p().jsonLd
    expect(
      (biz?.areaServed as { '@type': string; geoRadius?: number }[]).find((a) => a['@type'] === 'GeoCircle')?.geoRadius,
    ).toBe(50000)
    expect((crumbs?.itemListElement as { name: string }[]).map((c) => c.name)).toEqual(['Home', 'Service Areas'])
  })
})

describe('/contact', () => {
  const p = () => page('/contact')
  test('title with the phone number; description with AC repair, heating, emergency HVAC, Maryland and free estimates', () => {
    expect(p().title).toContain(business.phone.display)
    expect(p().description).toMatch(/AC repair, heating and emergency HVAC service across Maryland.*Free estimates/)
  })

  test('exactly two structured-data blocks: the business and Home › Contact', () => {
    const [biz, crumbs, ...rest] = p().jsonLd
    expect(rest).toEqual([])
    expect(biz).toMatchObject({
      '@type': 'HVACBusiness',
      telephone: business.phone.e164,
      address: { postalCode: '21014', addressLocality: 'Belair' },
    })
    expect((biz?.openingHoursSpecification as unknown[]).length).toBe(2)
    expect(crumbs?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${builtOrigin()}/` },
      { '@type': 'ListItem', position: 2, name: 'Contact', item: `${builtOrigin()}/contact` },
    ])
  })

  test('"Let\'s Get You Comfortable", then phone, service area, business hours, e-mail and the emergency call box', () => {
    expect(textOf(findAll(p().main, byTag('h1'))[0]!)).toBe("Let's Get You Comfortable")
    const details = textOf(p().section('Get in Touch'))
    expect(details).toContain(`Phone${business.phone.display}`)
    expect(details).toContain('Service AreaHarford, Baltimore and Cecil counties')
    expect(details).toContain(
      'Business HoursMonday – Friday: 7:00 AM – 6:00 PMSaturday: 8:00 AM – 4:00 PMSunday: Emergency service only',
    )
    expect(details).toContain(`Email${business.email}`)
    expect(linksIn(p().section('24/7 Emergency Service Available'))).toEqual([
      { href: `tel:${business.phone.e164}`, text: `Call ${business.phone.display} Now` },
    ])
  })
})

describe('the business record is never contradicted', () => {
  const every = loadCatalogue().pages.map((r) => r.path)
  test('no page names other business hours or limits emergency service', () => {
    for (const path of every) {
      const text = textOf(page(path).main)
      expect(text, path).not.toMatch(/\b(8|9|10) ?(a\.m\.|am) (to|–|-) ?(5|4) ?(p\.m\.|pm)\b/i)
      expect(text, path).not.toMatch(/not (offer|provide)[^.]*24\/7|no 24\/7/i)
    }
  })

  test('every page shows the Maryland HVACR license number in its footer and its structured data', () => {
    for (const path of every) {
      const footer = findAll(page(path).doc, byTag('footer'))[0]!
      expect(textOf(footer), path).toContain(`${business.license.label} #${business.license.number}`)
      const biz = page(path).jsonLd.find((b) => b['@type'] === 'HVACBusiness')
      expect(biz?.hasCredential, path).toMatchObject({
        identifier: business.license.number,
        credentialCategory: 'license',
      })
    }
  })

  test('the footer of every page lists the flagged area pages', () => {
    const footer = findAll(page('/geothermal').doc, byTag('footer'))[0]!
    const areaNav = findAll(footer, (e) => e.tag === 'nav' && e.attrs['aria-labelledby'] === 'footer-areas')[0]!
    expect(linksIn(areaNav).map((l) => l.href)).toEqual(['/service-areas', ...CITY_PAGES])
  })
})
