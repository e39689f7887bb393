// https://vike.dev/client — not cumulative: the header's menu and the footer's map, as on every
// page, but not the visit record and beacons of the public pages (src/client/attribution.ts,
// vitals.ts): this page's address holds the customer's link, which must go nowhere else.
import '../../src/client/menu.ts'
import '../../src/client/map.ts'
