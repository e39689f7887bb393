import { describe, expect, it } from 'vitest'
import { clockTime, dayRange, hoursLines } from '../../src/catalogue/format.ts'
import { fillRecord, fillText, placeholderValues, unknownPlaceholders } from '../../src/catalogue/placeholders.ts'
import type { Business } from '../../src/catalogue/types.gen.ts'

describe('display forms of business facts', () => {
  it('writes times on a 12-hour clock', () => {
    expect([clockTime('07:00'), clockTime('12:30'), clockTime('18:00'), clockTime('00:15')]).toEqual([
      '7:00 AM',
      '12:30 PM',
      '6:00 PM',
      '12:15 AM',
    ])
  })
  it('groups consecutive days', () => {
    expect(dayRange(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])).toBe('Monday – Friday')
    expect(dayRange(['Saturday'])).toBe('Saturday')
    expect(dayRange(['Saturday', 'Sunday'])).toBe('Saturday, Sunday')
    expect(dayRange(['Monday', 'Wednesday', 'Friday'])).toBe('Monday, Wednesday, Friday')
  })
  it('shows a note for a day without hours', () => {
    expect(
      hoursLines([
        { days: ['Monday'], opens: '07:00', closes: '18:00' },
        { days: ['Sunday'], note: 'Emergency service only' },
      ]),
    ).toEqual([
      { days: 'Monday', hours: '7:00 AM – 6:00 PM' },
      { days: 'Sunday', hours: 'Emergency service only' },
    ])
  })
})

describe('placeholders', () => {
  const business = {
    name: 'Longbar Heating & Cooling',
    shortName: 'Longbar',
    phone: { display: '(410) 555-0142', e164: '+14105550142' },
    email: 'info@x.example',
    foundingYear: 2000,
  } as Business
  const values = placeholderValues(business, new Date('2026-11-22T00:00:00Z'))
  it('fills business facts into copy', () => {
    expect(fillText('Call {phone} — {company} since {foundingYear} ({yearsInBusiness} years)', values)).toBe(
      'Call (410) 555-0142 — Longbar Heating & Cooling since 2000 (26 years)',
    )
    expect(fillRecord({ a: ['{shortName}', { b: '{email}' }], n: 3 }, values)).toEqual({
      a: ['Longbar', { b: 'info@x.example' }],
      n: 3,
    })
  })
  it('finds names that are not placeholders, and leaves them as written', () => {
    expect(unknownPlaceholders('Call {phone} or {fone}', values)).toEqual(['fone'])
    expect(fillText('{fone}', values)).toBe('{fone}')
  })
})
