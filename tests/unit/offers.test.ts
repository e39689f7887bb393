// Seasonal offers end by themselves (src/catalogue/offers.ts): an offer runs through its last day
// in the business's time zone, and the next build after it leaves it out.
import { describe, expect, test } from 'vitest'
import { liveOffers } from '../../src/catalogue/offers.ts'

const offer = (ends: string) => ({ title: `Offer to ${ends}`, text: 'Ten dollars off.', ends })
const offers = [offer('2026-12-15'), offer('2026-12-16')]
const titles = (now: string) => liveOffers(offers, 'America/New_York', new Date(now)).map((o) => o.ends)

describe('seasonal offers', () => {
  test("run through their last day and are gone the day after, in the business's time zone", () => {
    expect(titles('2026-12-15T23:30:00-05:00')).toEqual(['2026-12-15', '2026-12-16'])
    // 00:30 on the 16th in Maryland is still the 16th's early hours in UTC: the offer is over.
    expect(titles('2026-12-16T00:30:00-05:00')).toEqual(['2026-12-16'])
    expect(titles('2026-12-17T09:00:00-05:00')).toEqual([])
  })

  test('none when the business has none', () => {
    expect(liveOffers(undefined, 'America/New_York')).toEqual([])
  })
})
