// https://vike.dev/client — the only script of an HTML-only page. Not cumulative: a page with
// its own +client.ts imports this one.
import '../src/client/menu.ts'
import '../src/client/map.ts'
import '../src/client/attribution.ts'
import '../src/client/zip-check.ts'
import '../src/client/vitals.ts'
