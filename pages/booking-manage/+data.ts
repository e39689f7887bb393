// https://vike.dev/data — the page of a customer's booking link: everything comes from the server,
// which renders it with the data the build made for the layout (dist/build-info.json) and the
// booking's state (src/server/booking/page.ts). There is no page without them.
import type { PageContextServer } from 'vike/types'
import type { BookingLinkPage } from '../../src/lead/booking-link.ts'

export function data(pageContext: PageContextServer): BookingLinkPage {
  if (!pageContext.bookingLink) throw new Error('/booking/manage is rendered by the server, with a booking.')
  return pageContext.bookingLink
}
