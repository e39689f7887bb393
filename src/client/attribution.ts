// Where this visit came from, kept without cookies (docs/decisions/032-attribution-calls-privacy.md):
// the first page, the outside page that linked here, the campaign parameters and ad click ids of
// the landing address, in sessionStorage (this tab, until it closes). A new arrival from outside
// (another site, or an address with campaign parameters) starts a new record. The contact form
// sends the record with a request; a tap on a tel: link sends a beacon to /api/events with the
// page and what the source is worked out from (no click id's value, no address beyond the host).

import { arrival, beaconPayload, isNew, type Visit } from './visit.ts'

const KEY = 'visit'

/** The visit's record: the stored one, or this page's arrival. */
export function currentVisit(): Visit {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '') as Visit
  } catch {
    return arrival(new URL(location.href), '')
  }
}

try {
  let referrer = ''
  try {
    referrer = document.referrer && new URL(document.referrer).href
  } catch {
    // An unreadable referrer counts as none.
  }
  const here = arrival(new URL(location.href), referrer)
  if (isNew(here) || !sessionStorage.getItem(KEY)) sessionStorage.setItem(KEY, JSON.stringify(here))
} catch {
  // No sessionStorage (a private mode that refuses it): the form still sends its page.
}

document.addEventListener(
  'click',
  (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="tel:"]')
    if (link) navigator.sendBeacon('/api/events', JSON.stringify(beaconPayload(currentVisit(), location.pathname)))
  },
  { capture: true },
)
