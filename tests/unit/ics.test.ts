// The calendar file attached to a booked request's confirmation (src/server/mail/ics.ts, RFC 5545):
// its times in UTC, its text escaped, its lines folded at 75 octets and ended with CRLF.
import { describe, expect, it } from 'vitest'
import { calendarFile, escapeText, foldLine, utcStamp } from '../../src/server/mail/ics.ts'

/** The content lines of a file, each continuation joined back (RFC 5545 §3.1 unfolding). */
const unfold = (file: string) => file.replace(/\r\n /g, '').split('\r\n')

describe('a calendar file', () => {
  const event = {
    uid: 'booking-3f0b1c2a-0000-4000-8000-000000000001@longbar-hvac.example',
    stamp: new Date('2026-11-23T15:04:05.678Z'),
    // 8–10 am in New York on a winter day: 13:00–15:00 UTC.
    start: new Date('2026-12-01T13:00:00.000Z'),
    end: new Date('2026-12-01T15:00:00.000Z'),
    summary: 'Arrival window: Longbar Heating & Cooling',
    location: 'Bel Air 21014',
    description: 'The technician arrives within this window. To change it, call (410) 555-0100.',
  }

  it('is one published VEVENT with its times in UTC', () => {
    const file = calendarFile(event, '-//Longbar Heating & Cooling//Booking//EN')
    expect(unfold(file)).toEqual([
      'BEGIN:VCALENDAR',
      'PRODID:-//Longbar Heating & Cooling//Booking//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      'DTSTAMP:20261123T150405Z',
      'DTSTART:20261201T130000Z',
      'DTEND:20261201T150000Z',
      'SUMMARY:Arrival window: Longbar Heating & Cooling',
      'LOCATION:Bel Air 21014',
      'DESCRIPTION:The technician arrives within this window. To change it\\, call (410) 555-0100.',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ])
  })

  it('ends every line with CRLF, and no line is longer than 75 octets', () => {
    const long = { ...event, description: `Ça commence à ${'é'.repeat(60)}, puis ${'x'.repeat(200)} 🔧🔧🔧 fin.` }
    const file = calendarFile(long, '-//Test//EN')
    expect(file.endsWith('\r\n')).toBe(true)
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    for (const line of file.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    const description = unfold(file).find((l) => l.startsWith('DESCRIPTION:'))!
    expect(description).toBe(`DESCRIPTION:${escapeText(long.description)}`)
  })

  it('leaves out LOCATION and DESCRIPTION when there are none', () => {
    const file = calendarFile({ ...event, location: undefined, description: undefined }, '-//Test//EN')
    expect(file).not.toContain('LOCATION')
    expect(file).not.toContain('DESCRIPTION')
  })
})

describe('folding', () => {
  it('keeps a line of 75 octets whole, and folds one of 76 with a space', () => {
    expect(foldLine('a'.repeat(75))).toBe('a'.repeat(75))
    expect(foldLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`)
    // A continuation holds 74 octets after its space.
    expect(foldLine('a'.repeat(75 + 74 + 1))).toBe(`${'a'.repeat(75)}\r\n ${'a'.repeat(74)}\r\n a`)
  })

  it('never cuts a UTF-8 character', () => {
    // 'é' is 2 octets: 37 of them are 74 octets, the 38th would make 76.
    const folded = foldLine('é'.repeat(40))
    const [first, second] = folded.split('\r\n')
    expect(first).toBe('é'.repeat(37))
    expect(second).toBe(` ${'é'.repeat(3)}`)
    // A four-octet emoji is never split either.
    for (const line of foldLine(`${'a'.repeat(73)}🔧🔧`).split('\r\n'))
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line)
    expect(foldLine(`${'a'.repeat(73)}🔧`)).toBe(`${'a'.repeat(73)}\r\n 🔧`)
  })
})

describe('escaping', () => {
  it('escapes backslash, semicolon, comma and line breaks, in that order', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
    expect(escapeText('already \\n')).toBe('already \\\\n')
  })
})

describe('UTC times', () => {
  it('writes a date-time in UTC with Z, whatever the zone it was made in', () => {
    expect(utcStamp(new Date('2026-03-08T06:59:59.999Z'))).toBe('20260308T065959Z')
    expect(utcStamp(new Date(Date.UTC(2026, 6, 4, 12, 0, 0)))).toBe('20260704T120000Z')
  })
})
