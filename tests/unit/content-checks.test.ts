// What an editor is told when a town, county, state or service record is wrong: the file, the
// line, the field and what to write. These messages are pinned so they stay useful. Each test
// breaks one of the records below (written here, so their line numbers are the test's own) and
// expects exactly the problems that break makes.
import { describe, expect, test } from 'vitest'
import { plainPage, problemsOf, SITE, yaml } from '../helpers/content.ts'

/** The six service cards a county or state page needs, as one line of YAML. */
const SIX_CARDS = `[${[
  'Air Conditioning',
  'Heating',
  'Maintenance Plans',
  'Indoor Air Quality',
  'Commercial HVAC',
  'Emergency Service',
]
  .map((title) => `{ title: ${title}, description: What we do for you. }`)
  .join(', ')}]`

const BEL_AIR = yaml`
  # yaml-language-server: $schema=../../../schemas/pages/locality.schema.json
  template: locality
  path: /bel-air-hvac
  name: Bel Air
  parent: /service-areas
  listing:
    group: communities
    summary: Our home town, from Main Street to the subdivisions off Route 24.
  seo:
    title: Bel Air, MD HVAC Repair & Installation | {company}
    description: Furnace, heat pump and air conditioning repair and replacement in Bel Air, MD.
  hero:
    title: Heating & Air Conditioning Services in Bel Air, MD
  intro:
    heading: Bel Air's Hometown HVAC Contractor
    paragraphs:
      - "{company} has kept Bel Air homes comfortable since {foundingYear}."
    areasHeading: Neighborhoods We Serve Around Bel Air
    areas:
      - { name: Fallston, href: /fallston-hvac }
      - Emmorton
      - Hickory
  services:
    heading: HVAC Services in Bel Air
    cards:
      - { title: AC Repair, icon: snowflake, href: /air-conditioning, description: Fixed the same day. }
      - { title: Furnace Service, icon: flame, href: /heating, description: Repaired or replaced. }
      - { title: Maintenance Plans, icon: calendar-check, description: Two tune-ups a year. }
      - { title: Indoor Air Quality, icon: wind, description: Filters and humidifiers. }
  map:
    heading: Serving All of Bel Air
    query: Bel Air, MD
    title: Map of Bel Air, Maryland
  cta:
    title: Need HVAC Service in Bel Air?
`

const CECIL = yaml`
  # yaml-language-server: $schema=../../../schemas/pages/county.schema.json
  template: county
  path: /cecil-county-hvac
  name: Cecil County
  seo:
    title: Cecil County, MD HVAC Repair & Installation | {company}
    description: Heating and air conditioning service across Cecil County, from Elkton to Rising Sun.
  hero:
    title: HVAC Services in Cecil County, MD
  intro:
    heading: Cecil County's HVAC Team
    paragraphs: ["We work in Cecil County every week, from Elkton to Rising Sun."]
    areasHeading: Cecil County Towns
    areas: [Elkton, North East, { name: Fallston, href: /fallston-hvac }]
  services:
    heading: HVAC Services in Cecil County
    cards: ${SIX_CARDS}
  testimonial:
    heading: What Cecil County Customers Say
    quote: They came out the same afternoon and the house was warm by dinner.
    name: Mark S.
    location: Elkton, MD
  map: { heading: Serving Cecil County, query: "Cecil County, MD", title: Map of Cecil County }
  cta: { title: Need HVAC Service in Cecil County? }
`

const DELAWARE = yaml`
  # yaml-language-server: $schema=../../../schemas/pages/state.schema.json
  template: state
  path: /delaware-hvac
  name: Delaware
  seo:
    title: Delaware HVAC Repair & Installation | {company}
    description: Heating and air conditioning service in northern Delaware, from Newark to Middletown.
  hero:
    title: HVAC Services in Delaware
  intro:
    heading: HVAC Service in Northern Delaware
    paragraphs: ["Newark is barely ten minutes past Elkton, and we work there every week."]
    areasHeading: Delaware Communities We Serve
    areas: [Newark, Bear]
  hours:
    heading: Service Hours in Delaware
    text: The same schedule as Maryland, with no extra trip charge.
  services:
    heading: HVAC Services in Delaware
    cards: ${SIX_CARDS}
  cta: { title: Need HVAC Service in Delaware? }
`

const HEATING = yaml`
  # yaml-language-server: $schema=../../schemas/pages/service.schema.json
  template: service
  path: /heating
  name: Heating
  seo:
    title: Heating Repair & Installation | {company}
    description: Furnace and heat pump repair, replacement and maintenance from a local team.
  hero:
    title: Heating Services
  intro:
    heading: Heating You Can Count On
    paragraphs: ["We repair and replace furnaces and heat pumps of every make."]
  offerings:
    heading: Our Heating Services
    cards:
      - { title: Furnace Repair, href: /furnace-repair, description: Most repairs on the first visit. }
  cta: { title: Schedule Heating Service }
`

const FURNACE_REPAIR = yaml`
  # yaml-language-server: $schema=../../../schemas/pages/service-detail.schema.json
  template: service-detail
  path: /furnace-repair
  name: Furnace Repair
  parent: /heating
  seo:
    title: Furnace Repair in Harford County, MD | {company}
    description: Same-day furnace repair for gas, oil and electric furnaces of every make.
  hero:
    title: Furnace Repair
  intro:
    heading: When Your Furnace Stops
    paragraphs: ["Most furnace repairs are finished on the first visit."]
  keyFigures:
    heading: What a Repair Takes
    figures:
      - { value: Same day, label: on most repair calls }
      - { value: 1 visit, label: for most repairs }
  checklists:
    - heading: Common Furnace Repairs
      items:
        - title: Ignition failures
          text: Igniters and pilot assemblies replaced.
        - title: Blower motors
          text: Motors and capacitors tested and replaced.
  cta: { title: Schedule Furnace Repair }
`

const FALLSTON = plainPage('/fallston-hvac', 'Fallston')

/** Every record above, by file under content/ (beside the fixture's base records). */
const RECORDS = {
  'areas/towns/bel-air-hvac.yaml': BEL_AIR,
  'areas/towns/fallston-hvac.yaml': FALLSTON,
  'areas/counties/cecil-county-hvac.yaml': CECIL,
  'areas/states/delaware-hvac.yaml': DELAWARE,
  'services/heating.yaml': HEATING,
  'services/details/furnace-repair.yaml': FURNACE_REPAIR,
}

/** The problems of the records above with some of them replaced. */
const problemsWith = (changes: Partial<Record<keyof typeof RECORDS | 'site.yaml', string>>) =>
  problemsOf({ ...RECORDS, ...changes })

/** The record with `from` replaced by `to`; fails the test when `from` is not in it. */
function edit(record: string, from: string | RegExp, to: string): string {
  const after = record.replace(from, to)
  if (after === record) throw new Error(`${String(from)} is not in the record`)
  return after
}

test('the records above have no problem', () => {
  expect(problemsWith({})).toEqual([])
})

describe('internal links', () => {
  test('a link to a page that does not exist names the file, line and field, with a guess', () => {
    expect(
      problemsWith({
        'areas/towns/bel-air-hvac.yaml': edit(BEL_AIR, 'href: /fallston-hvac }', 'href: /falston-hvac }'),
      }),
    ).toEqual([
      'content/areas/towns/bel-air-hvac.yaml:20  intro.areas[0].href: /falston-hvac is not a page of this site. Did you mean "/fallston-hvac"? Link to the path or an alias of a page in content/, or to /admin.',
    ])
  })

  test('links in the header and footer of site.yaml are checked too', () => {
    const site = edit(
      edit(SITE, 'href: /air-conditioning }', 'href: /air-conditoning }'),
      'href: /service-areas }]',
      'href: /areas }]',
    )
    expect(problemsWith({ 'site.yaml': site })).toEqual([
      'content/site.yaml:8  header.menu[1].children[1].href: /air-conditoning is not a page of this site. Did you mean "/air-conditioning"? Link to the path or an alias of a page in content/, or to /admin.',
      'content/site.yaml:20  footer.areaLinks[0].href: /areas is not a page of this site. Link to the path or an alias of a page in content/, or to /admin.',
    ])
  })

  test('aliases, fixed pages and #sections are valid targets', () => {
    let belAir = edit(BEL_AIR, 'href: /fallston-hvac }', 'href: /fallston }')
    belAir = edit(belAir, '- Emmorton', '- { name: Emmorton, href: /admin }')
    belAir = edit(belAir, '- Hickory', '- { name: Hickory, href: /fallston-hvac#services }')
    expect(
      problemsWith({
        'areas/towns/bel-air-hvac.yaml': belAir,
        'areas/towns/fallston-hvac.yaml': `${FALLSTON}aliases: [/fallston]\n`,
      }),
    ).toEqual([])
  })

  test('moving a page reports every link to it', () => {
    expect(problemsWith({ 'areas/towns/fallston-hvac.yaml': plainPage('/fallston-md-hvac', 'Fallston') })).toEqual([
      'content/areas/counties/cecil-county-hvac.yaml:14  intro.areas[2].href: /fallston-hvac is not a page of this site. Did you mean "/fallston-md-hvac"? Link to the path or an alias of a page in content/, or to /admin.',
      'content/areas/towns/bel-air-hvac.yaml:20  intro.areas[0].href: /fallston-hvac is not a page of this site. Did you mean "/fallston-md-hvac"? Link to the path or an alias of a page in content/, or to /admin.',
    ])
  })
})

describe('area records', () => {
  test('a misspelt listing group gets a guess and the allowed values', () => {
    expect(
      problemsWith({ 'areas/towns/bel-air-hvac.yaml': edit(BEL_AIR, 'group: communities', 'group: comunities') }),
    ).toEqual([
      'content/areas/towns/bel-air-hvac.yaml:7  listing.group: "comunities" is not one of the allowed values. Did you mean "communities"? Write one of: counties, communities, beyond.',
    ])
  })

  test('a town with five service cards is told the limit', () => {
    const fifth = '    - { title: Geothermal, icon: leaf, description: Ground-source heating and cooling. }\n'
    expect(problemsWith({ 'areas/towns/bel-air-hvac.yaml': edit(BEL_AIR, '\nmap:', `\n${fifth}map:`) })).toEqual([
      'content/areas/towns/bel-air-hvac.yaml:26  services.cards: has 5 entries; at most 4 are allowed.',
    ])
  })

  test('a county page needs six cards and a testimonial', () => {
    let cecil = edit(CECIL, /testimonial:\n( {2}.*\n)+/, '')
    cecil = edit(cecil, ', { title: Emergency Service, description: What we do for you. }', '')
    expect(problemsWith({ 'areas/counties/cecil-county-hvac.yaml': cecil })).toEqual([
      'content/areas/counties/cecil-county-hvac.yaml:2  testimonial: is missing. A quote from a customer here.',
      'content/areas/counties/cecil-county-hvac.yaml:17  services.cards: has 5 entries; it needs at least 6. The service cards: exactly six.',
    ])
  })

  test('an area is a name, or a name and a link', () => {
    const belAir = edit(
      BEL_AIR,
      '    - Emmorton\n',
      '    - 42\n    - { name: Hickory Hills }\n    - { name: Wheel Road, hreff: /bel-air-hvac }\n',
    )
    expect(problemsWith({ 'areas/towns/bel-air-hvac.yaml': belAir })).toEqual([
      'content/areas/towns/bel-air-hvac.yaml:21  intro.areas[1]: is a number, but must be text or a group of fields (indented under this one). A place: its name, or its name and the page about it.',
      'content/areas/towns/bel-air-hvac.yaml:22  intro.areas[2].href: is missing. The page about this place. For example: "/fallston-hvac".',
      'content/areas/towns/bel-air-hvac.yaml:23  intro.areas[3].href: is missing. The page about this place. For example: "/fallston-hvac".',
      'content/areas/towns/bel-air-hvac.yaml:23  intro.areas[3].hreff: is not a field here. Did you mean "href"? Fields allowed here: name, href.',
    ])
  })

  test('a map query with characters a map search cannot take', () => {
    expect(
      problemsWith({ 'areas/towns/bel-air-hvac.yaml': edit(BEL_AIR, 'query: Bel Air, MD', 'query: Bel Air <MD>') }),
    ).toEqual([
      'content/areas/towns/bel-air-hvac.yaml:32  map.query: "Bel Air <MD>" is not written the right way. What the map looks up: the place and its state, as you would type it into a map search. For example: "Bel Air, MD".',
    ])
  })

  test('a state page needs its service hours', () => {
    expect(problemsWith({ 'areas/states/delaware-hvac.yaml': edit(DELAWARE, /hours:\n( {2}.*\n)+/, '') })).toEqual([
      'content/areas/states/delaware-hvac.yaml:2  hours: is missing. The business hours and emergency policy, under a heading of this page.',
    ])
  })
})

describe('ZIP codes of the service area', () => {
  const belAir = (zips: string) => edit(BEL_AIR, 'seo:\n', `zips: ${zips}\nseo:\n`)
  const cecil = (zips: string) => edit(CECIL, 'seo:\n', `zips:\n${zips}seo:\n`)

  test("ZIP codes on towns and counties, with the place after a county's, are fine", () => {
    expect(
      problemsWith({
        'areas/towns/bel-air-hvac.yaml': belAir('["21014", "21015"]'),
        'areas/counties/cecil-county-hvac.yaml': cecil('  - "21921 Elkton"\n  - "21901 North East"\n'),
      }),
    ).toEqual([])
  })

  test("a ZIP code listed by two records names both files, at the second one's line", () => {
    expect(
      problemsWith({
        'areas/towns/bel-air-hvac.yaml': belAir('["21014", "21921"]'),
        'areas/counties/cecil-county-hvac.yaml': cecil('  - "21901 North East"\n  - "21921 Elkton"\n'),
      }),
    ).toEqual([
      'content/areas/towns/bel-air-hvac.yaml:9  zips[1]: 21921 is already listed by content/areas/counties/cecil-county-hvac.yaml. Each ZIP code belongs to one place: remove it here or there.',
    ])
  })

  test('a ZIP code listed twice in one record, once with a place', () => {
    expect(
      problemsWith({ 'areas/counties/cecil-county-hvac.yaml': cecil('  - "21921"\n  - "21921 Elkton"\n') }),
    ).toEqual([
      'content/areas/counties/cecil-county-hvac.yaml:7  zips[1]: 21921 is already listed by content/areas/counties/cecil-county-hvac.yaml. Each ZIP code belongs to one place: remove it here or there.',
    ])
  })

  test('a malformed ZIP code: four digits, ZIP+4, a number without quotes', () => {
    expect(problemsWith({ 'areas/towns/bel-air-hvac.yaml': belAir('["2101", "21014-1234", 21015]') })).toEqual([
      'content/areas/towns/bel-air-hvac.yaml:9  zips[0]: "2101" is not written the right way. A ZIP code in quotes ("21014"), or a ZIP code and its place ("21085 Joppa"). For example: "21014".',
      'content/areas/towns/bel-air-hvac.yaml:9  zips[1]: "21014-1234" is not written the right way. A ZIP code in quotes ("21014"), or a ZIP code and its place ("21085 Joppa"). For example: "21014".',
      'content/areas/towns/bel-air-hvac.yaml:9  zips[2]: is a number, but must be text. A ZIP code in quotes ("21014"), or a ZIP code and its place ("21085 Joppa"). For example: "21014".',
    ])
  })
})

describe('service records', () => {
  test('a misspelt field of a checklist item gets a guess', () => {
    expect(
      problemsWith({
        'services/details/furnace-repair.yaml': edit(
          FURNACE_REPAIR,
          'failures\n        text:',
          'failures\n        txt:',
        ),
      }),
    ).toEqual([
      'content/services/details/furnace-repair.yaml:23  checklists[0].items[0].txt: is not a field here. Did you mean "text"? Fields allowed here: title, text.',
    ])
  })

  test('a detail page needs its key lists; a main service page its offerings', () => {
    expect(
      problemsWith({
        'services/details/furnace-repair.yaml': edit(FURNACE_REPAIR, /checklists:\n( {2}.*\n)+/, ''),
        'services/heating.yaml': edit(HEATING, /offerings:\n( {2}.*\n)+/, ''),
      }),
    ).toEqual([
      "content/services/details/furnace-repair.yaml:2  checklists: is missing. The page's key lists, in the order shown: common repairs, benefits, what a visit includes.",
      'content/services/heating.yaml:2  offerings: is missing. What this service covers, one card each; link a card to its detail page where there is one.',
    ])
  })

  test('a key figure too long to show big', () => {
    expect(
      problemsWith({
        'services/details/furnace-repair.yaml': edit(
          FURNACE_REPAIR,
          'value: 1 visit',
          'value: Five to ten years or so',
        ),
      }),
    ).toEqual([
      'content/services/details/furnace-repair.yaml:18  keyFigures.figures[1].value: is too long (23 characters); shorten it to at most 16.',
    ])
  })
})
