// Where this visit came from, kept without cookies (docs/decisions/032-attribution-calls-privacy.md):
// the first page, the outside page that linked here, the campaign parameters and ad click ids of
// the landing address, in sessionStorage (this tab, until it closes). A new arrival from outside
// (another site, or an address with campaign parameters) starts a new record. The contact form
// sends the record with a request; a tap on a tel: link sends a beacon to /api/events with the
// page and what the source is worked out from (no click id's value, no address beyond the host).
// A visitor who moved on before the landing page's script ran (it waits for the first paint) is
// recovered on the next page from its same-origin referrer, the landing address.

import { arrival, arrivalBefore, beaconPayload, isNew, type Visit } from './visit.ts'

const KEY = 'visit'

/** This page's arrival: from another site, or with campaign parameters, it starts a new visit record. */
function arrivalHere(): Visit {
  try {
    return arrival(new URL(location.href), document.referrer)
  } catch {
    // An unreadable referrer counts as none.
    return arrival(new URL(location.href), '')
  }
}
const here = arrivalHere()

/** The visit's record: the stored one, or this page's arrival (no sessionStorage). */
export function currentVisit(): Visit {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '') as Visit
  } catch {
    return isNew(here) ? here : (landedBefore() ?? here)
  }
}

/** With no record yet, the landing page before this one, if it carried a campaign the visitor left too fast to keep. */
function landedBefore(): Visit | null {
  try {
    const before = arrivalBefore(new URL(location.href), document.referrer)
    return before && isNew(before) ? before : null
  } catch {
    return null
  }
}

try {
  if (isNew(here)) sessionStorage.setItem(KEY, JSON.stringify(here))
  else if (!sessionStorage.getItem(KEY)) sessionStorage.setItem(KEY, JSON.stringify(landedBefore() ?? here))
} catch {
  // No sessionStorage (a private mode that refuses it): the form still sends this page's arrival.
}

document.addEventListener(
  'click',
  (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="tel:"]')
    if (link) navigator.sendBeacon('/api/events', JSON.stringify(beaconPayload(currentVisit(), location.pathname)))
  },
  { capture: true },
)
