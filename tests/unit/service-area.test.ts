// The service area as ZIP codes (src/lead/service-area.ts): a town names itself, a county's or
// state's entry names its place in the county or state, and a ZIP code no record lists is outside.
import { describe, expect, test } from 'vitest'
import { parseZipEntry, placeOfZip, zipPlaces } from '../../src/lead/service-area.ts'
import { loadCatalogue } from '../../src/catalogue/load.ts'

const RECORDS = [
  { template: 'locality', name: 'Bel Air', zips: ['21014', '21015'] },
  { template: 'locality', name: 'Bel Air North' },
  { template: 'county', name: 'Harford County', zips: ['21085 Joppa', '21154 Street'] },
  { template: 'state', name: 'Delaware', zips: ['19711 Newark'] },
]

describe('ZIP code → place', () => {
  test('an entry is a ZIP code, and the place after it when there is one', () => {
    expect(parseZipEntry('21014')).toEqual({ zip: '21014' })
    expect(parseZipEntry('21005 Aberdeen Proving Ground')).toEqual({ zip: '21005', place: 'Aberdeen Proving Ground' })
  })

  test('a town names itself; a county or state names the place and itself; an unlisted ZIP code is outside', () => {
    const places = zipPlaces(RECORDS)
    expect(places).toEqual({
      '21014': 'Bel Air',
      '21015': 'Bel Air',
      '21085': 'Joppa, Harford County',
      '21154': 'Street, Harford County',
      '19711': 'Newark, Delaware',
    })
    expect(placeOfZip(places, '21085')).toBe('Joppa, Harford County')
    expect(placeOfZip(places, '90210')).toBeNull()
    expect(placeOfZip(places, null)).toBeNull()
    // Not a property of every object: a ZIP code is looked up as data only.
    expect(placeOfZip(places, 'toString')).toBeNull()
  })

  test("the real content lists the Harford and Cecil County towns' ZIP codes", () => {
    const places = zipPlaces(loadCatalogue().pages)
    expect(places['21014']).toBe('Bel Air')
    expect(places['21001']).toBe('Aberdeen')
    expect(places['21078']).toBe('Havre de Grace')
    expect(places['21085']).toBe('Joppa, Harford County')
    expect(places['21921']).toBe('Elkton, Cecil County')
    expect(places['17331']).toBe('Hanover, PA')
    expect(places['90210']).toBeUndefined()
    // Loads and checks every record of content/: seconds on a busy machine.
  }, 30_000)
})
