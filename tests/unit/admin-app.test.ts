// The inbox's pure parts: how it shows dates, durations and phone links, and the query strings it sends.
import { describe, expect, it } from 'vitest'
import { csvUrl, listParams } from '../../src/admin/api.ts'
import {
  firstName,
  formatDateTime,
  formatDay,
  formatDuration,
  isDay,
  mailtoHref,
  relativeTime,
  smsHref,
  telHref,
  today,
} from '../../src/admin/format.ts'

describe('dates', () => {
  it('shows when a request came as a long date-time', () => {
    expect(formatDateTime('2026-11-22T20:45:00.000Z')).toMatch(/^November 22, 2026 at \d{1,2}:45 (AM|PM)$/)
    expect(formatDateTime('not a date')).toBe('not a date')
  })

  it('shows client dates as a medium date, the same day in every time zone', () => {
    expect(formatDay('2026-11-22')).toBe('Nov 22, 2026')
    expect(formatDay('2027-01-01')).toBe('Jan 1, 2027')
    expect(formatDay('22/11/2026')).toBe('22/11/2026')
  })

  it('knows a real calendar day written YYYY-MM-DD', () => {
    expect(isDay('2028-02-29')).toBe(true)
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2026-13-01')).toBe(false)
    expect(isDay('2026-1-01')).toBe(false)
    expect(today(new Date(2026, 10, 2, 12))).toBe('2026-11-02')
    expect(today(new Date('2026-11-24T03:00:00Z'), 'America/New_York')).toBe('2026-11-23')
  })
})

describe('phone links', () => {
  it('calls the digits however the number was written', () => {
    expect(telHref('(410) 555-0199')).toBe('tel:+14105550199')
    expect(telHref('+1 410 555 0199')).toBe('tel:+14105550199')
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958')
    expect(telHref('1-410-555-0199')).toBe('tel:14105550199')
  })
})

describe('query strings', () => {
  it('sends only the filters that are set', () => {
    expect(String(listParams({ view: 'all', q: '', status: '', service: '', source: '' }))).toBe('view=all')
    expect(
      String(
        listParams(
          { view: 'unread', q: '  dana  whitaker ', status: 'new', service: 'none', source: 'Google Ads' },
          'abc',
        ),
      ),
    ).toBe('view=unread&q=dana++whitaker&status=new&service=none&source=Google+Ads&cursor=abc')
  })

  it('exports the view and filters shown', () => {
    expect(csvUrl({ view: 'clients', q: 'bel air', status: '', service: 'maintenance', source: '' })).toBe(
      '/api/admin/submissions.csv?view=clients&q=bel+air&service=maintenance',
    )
  })
})

describe('the lead desk', () => {
  const now = Date.parse('2026-11-23T23:43:00Z')

  it('says how long ago a request came, as a person would', () => {
    expect(relativeTime('2026-11-23T23:42:40Z', now)).toBe('just now')
    expect(relativeTime('2026-11-23T23:31:00Z', now)).toBe('12 min ago')
    expect(relativeTime('2026-11-23T20:40:00Z', now)).toBe('3 h ago')
    expect(relativeTime('2026-11-22T20:00:00Z', now)).toBe('yesterday')
    expect(relativeTime('2026-11-19T20:00:00Z', now)).toBe('4 days ago')
    expect(relativeTime('2026-11-02T20:00:00Z', now)).toBe('Nov 2')
  })

  it('shows the long date-time on the office clock', () => {
    expect(formatDateTime('2026-11-23T23:31:00Z', 'America/New_York')).toBe('November 23, 2026 at 6:31 PM')
  })

  it('gives durations in minutes, hours and days', () => {
    expect(formatDuration(45 * 60_000)).toBe('45 min')
    expect(formatDuration(125 * 60_000)).toBe('2 h 5 min')
    expect(formatDuration(120 * 60_000)).toBe('2 h')
    expect(formatDuration(27 * 3_600_000)).toBe('1 day 3 h')
    expect(formatDuration(48 * 3_600_000)).toBe('2 days')
  })

  it('texts and calls the same number, and greets by first name', () => {
    expect(smsHref('(410) 555-0199')).toBe('sms:+14105550199')
    expect(firstName('  Maria  Lopez ')).toBe('Maria')
    expect(firstName('Prince')).toBe('Prince')
  })

  it('writes an e-mail link that no ? or & in the address can add headers to', () => {
    expect(mailtoHref('dana@example.com')).toBe('mailto:dana@example.com')
    expect(mailtoHref('a?bcc=x@evil.example&body=hi@example.com')).toBe(
      'mailto:a%3Fbcc%3Dx@evil.example%26body%3Dhi@example.com',
    )
  })
})
