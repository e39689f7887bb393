// What an editor is told when a town, county, state or service record is wrong: the file, the
// line, the field and what to write. These messages are pinned so they stay useful.
import { afterEach, describe, expect, test } from 'vitest'
import { copyContent, type ContentCopy } from '../helpers/content.ts'

let copy: ContentCopy
afterEach(() => copy?.remove())

const BEL_AIR = 'areas/towns/bel-air-hvac.yaml'

describe('internal links', () => {
  test('the real content has no broken internal link', () => {
    copy = copyContent()
    expect(copy.problems()).toEqual([])
  })

  test('a link to a page that does not exist names the file, line and field, with a guess', () => {
    copy = copyContent()
    copy.edit(BEL_AIR, (t) => t.replace('href: /fallston-hvac }', 'href: /falston-hvac }'))
    expect(copy.problems()).toEqual([
      'content/areas/towns/bel-air-hvac.yaml:45  intro.areas[4].href: /falston-hvac is not a page of this site. Did you mean "/fallston-hvac"? Link to the path or an alias of a page in content/, or to /admin.',
    ])
  })

  test('links in the header and footer of site.yaml are checked too', () => {
    copy = copyContent()
    copy.edit('site.yaml', (t) => t.replaceAll('{ label: Geothermal, href: /geothermal }', '{ label: Geothermal, href: /geo-thermal }').replace('href: /service-areas }', 'href: /areas }'))
    expect(copy.problems()).toEqual([
      'content/site.yaml:17  header.menu[2].children[5].href: /geo-thermal is not a page of this site. Did you mean "/geothermal"? Link to the path or an alias of a page in content/, or to /admin.',
      'content/site.yaml:24  header.menu[3].children[3].href: /geo-thermal is not a page of this site. Did you mean "/geothermal"? Link to the path or an alias of a page in content/, or to /admin.',
      'content/site.yaml:48  footer.areaLinks[0].href: /areas is not a page of this site. Link to the path or an alias of a page in content/, or to /admin.',
    ])
  })

  test('aliases, fixed pages and #sections are valid targets', () => {
    copy = copyContent()
    copy.edit(BEL_AIR, (t) =>
      t
        .replace('href: /fallston-hvac }', 'href: /fallston }')
        .replace('href: /abingdon-hvac }', 'href: /admin }')
        .replace('href: /forest-hill-hvac }', 'href: /forest-hill-hvac#services }'),
    )
    expect(copy.problems()).toEqual([])
  })

  test('removing a page reports every link to it', () => {
    copy = copyContent()
    copy.edit('areas/towns/darlington-hvac.yaml', (t) => t.replace('path: /darlington-hvac', 'path: /darlington-md-hvac'))
    expect(copy.problems()).toEqual([
      'content/areas/counties/harford-county-hvac.yaml:50  intro.areas[8].href: /darlington-hvac is not a page of this site. Did you mean "/darlington-md-hvac"? Link to the path or an alias of a page in content/, or to /admin.',
    ])
  })
})

describe('area records', () => {
  test('a misspelt listing group gets a guess and the allowed values', () => {
    copy = copyContent()
    copy.edit(BEL_AIR, (t) => t.replace('  group: communities', '  group: comunities'))
    expect(copy.problems()).toEqual([
      'content/areas/towns/bel-air-hvac.yaml:8  listing.group: "comunities" is not one of the allowed values. Did you mean "communities"? Write one of: counties, communities, beyond.',
    ])
  })

  test('a town with five service cards is told the limit', () => {
    copy = copyContent()
    copy.edit(BEL_AIR, (t) => t.replace('testimonial:', '    - title: Geothermal\n      icon: leaf\n      description: Ground-source heating and cooling for larger lots.\ntestimonial:'))
    expect(copy.problems()).toEqual(['content/areas/towns/bel-air-hvac.yaml:53  services.cards: has 5 entries; at most 4 are allowed.'])
  })

  test('a county page needs six cards and a testimonial', () => {
    copy = copyContent()
    copy.edit('areas/counties/cecil-county-hvac.yaml', (t) => t.replace(/testimonial:\n( {2}.*\n)+/, '').replace(/ {4}- title: Emergency Service\n( {6}.*\n)+/, ''))
    expect(copy.problems()).toEqual([
      'content/areas/counties/cecil-county-hvac.yaml:2  testimonial: is missing. A quote from a customer here.',
      'content/areas/counties/cecil-county-hvac.yaml:59  services.cards: has 5 entries; it needs at least 6. The service cards: exactly six.',
    ])
  })

  test('an area is a name, or a name and a link', () => {
    copy = copyContent()
    copy.edit(BEL_AIR, (t) => t.replace('    - Emmorton\n', '    - 42\n    - { name: Hickory Hills }\n    - { name: Wheel Road, hreff: /bel-air-hvac }\n'))
    expect(copy.problems()).toEqual([
      'content/areas/towns/bel-air-hvac.yaml:47  intro.areas[6]: is a number, but must be text or a group of fields (indented under this one). A place: its name, or its name and the page about it.',
      'content/areas/towns/bel-air-hvac.yaml:48  intro.areas[7].href: is missing. The page about this place. For example: "/fallston-hvac".',
      'content/areas/towns/bel-air-hvac.yaml:49  intro.areas[8].href: is missing. The page about this place. For example: "/fallston-hvac".',
      'content/areas/towns/bel-air-hvac.yaml:49  intro.areas[8].hreff: is not a field here. Did you mean "href"? Fields allowed here: name, href.',
    ])
  })

  test('a map query with characters a map search cannot take', () => {
    copy = copyContent()
    copy.edit(BEL_AIR, (t) => t.replace('  query: Bel Air, MD', '  query: Bel Air <MD>'))
    expect(copy.problems()).toEqual([
      'content/areas/towns/bel-air-hvac.yaml:87  map.query: "Bel Air <MD>" is not written the right way. What the map looks up: the place and its state, as you would type it into a map search. For example: "Bel Air, MD".',
    ])
  })

  test('a state page needs its service hours', () => {
    copy = copyContent()
    copy.edit('areas/states/delaware-hvac.yaml', (t) => t.replace(/hours:\n( {2}.*\n)+/, ''))
    expect(copy.problems()).toEqual([
      'content/areas/states/delaware-hvac.yaml:2  hours: is missing. The business hours and emergency policy, under a heading of this page.',
    ])
  })
})

describe('service records', () => {
  test('a misspelt field of a checklist item gets a guess', () => {
    copy = copyContent()
    copy.edit('services/details/furnace-repair.yaml', (t) => t.replace('failures\n        text:', 'failures\n        txt:'))
    expect(copy.problems()).toEqual([
      'content/services/details/furnace-repair.yaml:38  checklists[0].items[0].txt: is not a field here. Did you mean "text"? Fields allowed here: title, text.',
    ])
  })

  test('a detail page needs its key lists; a main service page its offerings', () => {
    copy = copyContent()
    copy.edit('services/details/ac-repair.yaml', (t) => t.replace(/checklists:\n( {2}.*\n)+/, ''))
    copy.edit('services/heating.yaml', (t) => t.replace(/offerings:\n( {2}.*\n)+/, ''))
    expect(copy.problems()).toEqual([
      "content/services/details/ac-repair.yaml:2  checklists: is missing. The page's key lists, in the order shown: common repairs, benefits, what a visit includes.",
      'content/services/heating.yaml:2  offerings: is missing. What this service covers, one card each; link a card to its detail page where there is one.',
    ])
  })

  test('a key figure too long to show big', () => {
    copy = copyContent()
    copy.edit('services/details/geothermal.yaml', (t) => t.replace('value: 5–10 years', 'value: Five to ten years or so'))
    expect(copy.problems()).toEqual(['content/services/details/geothermal.yaml:38  keyFigures.figures[1].value: is too long (23 characters); shorten it to at most 16.'])
  })
})
