// dist/build-info.json read back with a check (src/server/build-info.ts): a file that fits is
// taken as written; one from another release or edited by hand stops the start, naming every
// field that is wrong and saying to run `npm run build`. The file here is made from content/ as
// scripts/postbuild.ts makes it, so nothing needs to be built.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { loadBuildInfo, replaceBuildInfo } from '../../src/server/build-info.ts'

const catalogue = loadCatalogue()
const contact = catalogue.pages.find((p) => p.path === '/contact')
if (contact?.template !== 'contact') throw new Error('no contact record')
const { name, phone, email, hours, timeZone } = catalogue.business

const fitting = () => ({
  publicOrigin: 'https://www.example.com',
  builtAt: '2026-11-25T12:00:00.000Z',
  business: { name, phone, email },
  office: { hours, timeZone },
  urgency: catalogue.urgency,
  confirmation: catalogue.confirmation,
  contactForm: contact.form,
  zipPlaces: { '21014': 'Bel Air' },
})

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** Writes `info` as <dist>/build-info.json and reads it back as the server does. */
function readBack(info: unknown) {
  const dist = mkdtempSync(path.join(tmpdir(), 'longbar-build-info-'))
  dirs.push(dist)
  writeFileSync(path.join(dist, 'build-info.json'), JSON.stringify(info))
  return () => loadBuildInfo(path.join(dist, 'client'))
}

describe('the build info read back', () => {
  test('takes a file that fits as it was written, with the pages’ data', () => {
    const info = { ...fitting(), contactPageData: { page: { path: '/contact' } } }
    expect(readBack(info)()).toEqual(info)
  })

  test('refuses one from another release, naming each field and saying to build', () => {
    const { urgency: _urgency, ...older } = fitting()
    const { confirmation: _confirmation, ...form } = older.contactForm
    const read = readBack({ ...older, contactForm: form })
    expect(read).toThrow(/build-info\.json does not fit this server/)
    expect(read).toThrow(/urgency: /)
    expect(read).toThrow(/contactForm: must have required property 'confirmation'/)
    expect(read).toThrow(/Run `npm run build`\.$/)
  })

  test('refuses one edited by hand, naming the field', () => {
    const edited = fitting()
    const read = readBack({
      ...edited,
      office: { ...edited.office, timeZone: 5 },
      business: { ...edited.business, phone: { display: edited.business.phone.display } },
      zipPlaces: { '21014': 21014 },
      contactPageData: 'the contact page',
    })
    expect(read).toThrow(/; office\.timeZone: must be string; /)
    expect(read).toThrow(/business\.phone: must have required property 'e164'/)
    expect(read).toThrow(/zipPlaces\.21014: /)
    expect(read).toThrow(/contactPageData: must be an object\)/)
  })

  test('says to build when there is no file', () => {
    expect(() => loadBuildInfo(path.join(tmpdir(), 'no-such-dist', 'client'))).toThrow(
      /build-info\.json is missing or unreadable: run `npm run build` first/,
    )
  })
})

describe('the live build info made another release’s in place (replaceBuildInfo)', () => {
  test('keeps every object a part took at start, with the new release’s values, and drops what is gone', () => {
    const live = readBack(fitting())()
    const { business, office, contactForm } = live
    const next = readBack({
      ...fitting(),
      business: { name, phone: { ...phone, display: '(443) 555-0177', e164: '+14435550177' }, email },
      office: { hours: hours.slice(0, 1), timeZone },
      zipPlaces: { '21015': 'Bel Air' },
    })()
    replaceBuildInfo(live, next)
    expect(live.business).toBe(business)
    expect(business.phone.display).toBe('(443) 555-0177')
    expect(live.office).toBe(office)
    expect(office.hours).toEqual(hours.slice(0, 1))
    expect(live.contactForm).toBe(contactForm)
    expect(live.zipPlaces).toEqual({ '21015': 'Bel Air' })
    expect(live).toEqual(next)
  })
})
