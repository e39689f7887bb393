// The inbox's pure parts: how it shows dates and phone links, the query strings it sends, and how
// a background refresh merges into a list that "Load more" has extended.
import { describe, expect, it } from 'vitest'
import { csvUrl, listParams } from '../../src/admin/api.ts'
import { formatDateTime, formatDay, isDay, telHref, today } from '../../src/admin/format.ts'
import type { Submission } from '../../src/admin/types.ts'
import { mergeFirstPage } from '../../src/admin/useInbox.ts'

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
    expect(today(new Date(2026, 10, 2))).toBe('2026-11-02')
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
    expect(String(listParams({ view: 'all', q: '', status: '', service: '' }))).toBe('view=all')
    expect(String(listParams({ view: 'unread', q: '  dana  whitaker ', status: 'new', service: 'none' }, 'abc'))).toBe('view=unread&q=dana++whitaker&status=new&service=none&cursor=abc')
  })

  it('exports the view and filters shown', () => {
    expect(csvUrl({ view: 'clients', q: 'bel air', status: '', service: 'maintenance' })).toBe('/api/admin/submissions.csv?view=clients&q=bel+air&service=maintenance')
  })
})

describe('a background refresh', () => {
  const row = (id: string, created_at: string) => ({ id, created_at }) as Submission
  const loaded = { items: [row('e', '2026-11-05'), row('d', '2026-11-04'), row('c', '2026-11-03'), row('b', '2026-11-02')], nextCursor: 'after-b' }

  it('puts new requests on top and keeps the older rows "Load more" brought', () => {
    const page = { items: [row('f', '2026-11-06'), row('e', '2026-11-05')], nextCursor: 'after-e' }
    expect(mergeFirstPage(loaded, page)).toEqual({ items: [row('f', '2026-11-06'), row('e', '2026-11-05'), row('d', '2026-11-04'), row('c', '2026-11-03'), row('b', '2026-11-02')], nextCursor: 'after-b' })
  })

  it('drops rows of the refreshed range that are gone (deleted, or no longer in the view)', () => {
    const page = { items: [row('e', '2026-11-05'), row('c', '2026-11-03')], nextCursor: 'after-c' }
    expect(mergeFirstPage(loaded, page).items.map((i) => i.id)).toEqual(['e', 'c', 'b'])
  })

  it('takes the page as it is when it is the whole list', () => {
    const page = { items: [row('e', '2026-11-05')], nextCursor: null }
    expect(mergeFirstPage(loaded, page)).toEqual(page)
  })
})
