// https://vike.dev/client — not cumulative: the inbox loads the header's script (the same header
// as every page), but not the visit record and call beacon of the public pages
// (src/client/attribution.ts): its tel: links are the office calling its customers.
import '../../src/client/menu.ts'
import '../../src/client/map.ts'
