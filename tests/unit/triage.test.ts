// The triage of a new request (src/server/contact/triage.ts): spam and its weak signals, urgency,
// office hours and the ZIP code's place, decided together from the message, its envelope and the
// build's facts (an inline set here, so editing the content does not move these tests).
import { describe, expect, it } from 'vitest'
import { MANY_LINKS, spamReason, suspicionOf, triage, type TriageFacts } from '../../src/server/contact/triage.ts'

const FACTS: TriageFacts = {
  urgency: {
    services: ['emergency'],
    outNow: 'Out right now',
    signs: [{ label: 'No heat', phrases: ['no heat', 'furnace out'] }],
  },
  office: {
    timeZone: 'America/New_York',
    hours: [
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00' },
      { days: ['Saturday'], opens: '08:00', closes: '16:00' },
      { days: ['Sunday'], note: 'Emergency service only' },
    ],
  },
  zipPlaces: { '21014': 'Bel Air', '21085': 'Joppa, Harford County' },
}
/** Monday 23 November 2026, 10:00 EST (open) and 19:30 EST (closed). */
const OPEN = Date.parse('2026-11-23T15:00:00Z')
const CLOSED = Date.parse('2026-11-24T00:30:00Z')

describe('spam signals', () => {
  const person = { name: 'Dana', phone: '4105550199', page: '/contact' }

  it('files only a filled honeypot as spam: a fast or script-less send is a real person too', () => {
    expect(spamReason({ ...person, website: 'x' })).toBe('honeypot field filled in')
    expect(spamReason({ ...person, elapsedMs: 0 })).toBeNull()
    expect(spamReason({ name: 'a', phone: 'b' })).toBeNull()
  })

  it('names each weak signal: a fill under a second, no form, no page, malformed envelope, many links', () => {
    expect(suspicionOf({ ...person, elapsedMs: 999 }, { json: true })).toBe(
      'sent 1.0 s after the form was first touched',
    )
    expect(suspicionOf({ ...person, elapsedMs: 332 }, { json: true })).toBe(
      'sent 0.3 s after the form was first touched',
    )
    expect(suspicionOf({ ...person, elapsedMs: 1000 }, { json: true })).toBeNull()
    // The form's script always sends its timing; a plain form post (no JavaScript) never does.
    expect(suspicionOf(person, { json: true })).toBe('sent without the form')
    expect(suspicionOf(person, { json: false })).toBeNull()
    expect(suspicionOf({ name: 'a', phone: 'b' })).toBe('no page named')
    expect(suspicionOf({ name: 'a', phone: 'b' }, { odd: ['elapsedMs', 'page'], json: true })).toBe(
      'malformed elapsedMs, page',
    )
    const links = 'Cheap SEO https://a.example https://b.example and www.c.example'
    expect(suspicionOf({ ...person, message: links })).toBe(`${MANY_LINKS} links in the message`)
    expect(suspicionOf({ ...person, message: 'Photo: https://photos.example/furnace' })).toBeNull()
  })
})

describe('the triage of a new request', () => {
  const person = { name: 'Dana', phone: '4105550199', page: '/contact', elapsedMs: 9_000 }

  it('decides everything at once from the message, the envelope and the facts', () => {
    expect(
      triage({ ...person, message: 'Furnace out since noon', zip: '21085' }, { json: true }, FACTS, CLOSED),
    ).toEqual({
      spamReason: null,
      suspicion: null,
      urgency: 'No heat: “furnace out”',
      afterHours: true,
      zipPlace: 'Joppa, Harford County',
    })
    expect(triage({ ...person, service: 'emergency', zip: '90210' }, { json: true }, FACTS, OPEN)).toEqual({
      spamReason: null,
      suspicion: null,
      urgency: 'Emergency Service',
      afterHours: false,
      zipPlace: null,
    })
  })

  it('names the weak signals of a request that is not spam, and only the spam reason of one that is', () => {
    const quick = { ...person, elapsedMs: 400 }
    expect(triage(quick, { json: true, odd: ['referrer'] }, FACTS, OPEN)).toMatchObject({
      spamReason: null,
      suspicion: 'sent 0.4 s after the form was first touched; malformed referrer',
    })
    expect(triage({ ...quick, website: 'x', outNow: 'yes' }, { json: true }, FACTS, OPEN)).toEqual({
      spamReason: 'honeypot field filled in',
      suspicion: null,
      urgency: 'Out right now',
      afterHours: false,
      zipPlace: null,
    })
  })

  it('without the facts, decides the spam signals only: not urgent, in office hours, no place', () => {
    expect(triage({ ...person, message: 'no heat', zip: '21014' }, {}, {}, CLOSED)).toEqual({
      spamReason: null,
      suspicion: null,
      urgency: null,
      afterHours: false,
      zipPlace: null,
    })
  })

  it('gives the same verdict for the same inputs, however often asked', () => {
    const message = { ...person, message: 'NO HEAT!!! furnace out', zip: '21014' }
    const first = triage(message, { json: true }, FACTS, CLOSED)
    for (let i = 0; i < 3; i++) expect(triage(message, { json: true }, FACTS, CLOSED)).toEqual(first)
    expect(first.urgency).toBe('No heat: “no heat”')
  })
})
