// https://vike.dev/onBeforePrerenderStart — the addresses to prerender: every record's path and
// aliases, from the catalogue. The home page is pages/index.
import { getCatalogue } from '../../src/catalogue/load.ts'
import { routePaths } from '../../src/catalogue/routes.ts'

export function onBeforePrerenderStart() {
  return routePaths(getCatalogue()).filter((path) => path !== '/')
}
