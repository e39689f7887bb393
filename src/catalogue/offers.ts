// Seasonal offers (business.yaml `offers`) end by themselves: the build leaves out every offer
// whose last day has passed in the business's time zone. Pure and browser-safe.
import type { Business } from './types.gen.ts'

type Offer = NonNullable<Business['offers']>[number]

/** The offers still running on `now`'s date where the business is (an offer runs through its `ends` day). */
export function liveOffers(offers: readonly Offer[] | undefined, timeZone: string, now = new Date()): Offer[] {
  // en-CA writes dates as YYYY-MM-DD, which compare as text.
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
  return (offers ?? []).filter((offer) => offer.ends >= today)
}
