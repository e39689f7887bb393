// The words of the confirmation that stays (src/lead/confirmation.ts), for the panel above the
// form and /contact/sent/<id> alike: the name and phone repeated, when to expect the call by the
// office's hours, "call now" for an urgent request, the outside-area note.
import { describe, expect, test } from 'vitest'
import { confirmationWords, type Visitor } from '../../src/lead/confirmation.ts'
import { cataloguePageData } from '../../src/catalogue/page-data.ts'
import { loadCatalogue } from '../../src/catalogue/load.ts'

const contact = cataloguePageData('/contact')?.page
if (contact?.template !== 'contact') throw new Error('no contact record')
const form = contact.form
const { hours, timeZone } = loadCatalogue().business
const office = { hours, timeZone }
const DANA: Visitor = { name: 'Dana', phone: '(410) 555-0199', urgent: false, outside: false }
const at = (iso: string) => Date.parse(iso)

describe('the confirmation', () => {
  test('repeats the name and phone number, as given (a name holding [phone] stays as written)', () => {
    const words = confirmationWords(form, DANA, office, at('2026-11-23T15:00:00Z'))
    expect(words.heading).toBe('Your request has arrived')
    expect(words.details).toBe("Thank you, Dana. We'll call you at (410) 555-0199.")
    expect(confirmationWords(form, { ...DANA, name: 'A [phone] B' }, office, 0).details).toBe(
      "Thank you, A [phone] B. We'll call you at (410) 555-0199.",
    )
  })

  test.each([
    ['Monday 10 am (open)', '2026-11-23T15:00:00Z', 'Our office is open now, so expect our call within the hour.'],
    ['Monday 5 am', '2026-11-23T10:00:00Z', 'Our office is closed right now: we call back from 7 am today.'],
    ['Monday 8 pm', '2026-11-24T01:00:00Z', 'Our office is closed right now: we call back from 7 am tomorrow.'],
    ['Friday 7 pm', '2026-11-28T00:00:00Z', 'Our office is closed right now: we call back from 8 am tomorrow.'],
    ['Saturday 5 pm', '2026-11-28T22:00:00Z', 'Our office is closed right now: we call back from 7 am on Monday.'],
    [
      'Sunday noon (summer time)',
      '2026-07-12T16:00:00Z',
      'Our office is closed right now: we call back from 7 am tomorrow.',
    ],
  ])('says when to expect the call by the office hours: %s', (_label, iso, when) => {
    expect(confirmationWords(form, DANA, office, at(iso)).when).toBe(when)
  })

  test('an urgent request is told to call now; a ZIP code outside the area gets the note; neither otherwise', () => {
    const plain = confirmationWords(form, DANA, office, 0)
    expect([plain.urgent, plain.outside]).toEqual([null, null])
    const both = confirmationWords(form, { ...DANA, urgent: true, outside: true }, office, 0)
    expect(both.urgent).toBe(
      "Heating or cooling out right now? Don't wait for our call: call (410) 555-0142 now, day or night.",
    )
    expect(both.outside).toBe(form.confirmation.outside)
    // Sent already: never the field's "Send your request anyway".
    expect(both.outside).not.toMatch(/anyway/i)
  })
})
