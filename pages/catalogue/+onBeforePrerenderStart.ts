// https://vike.dev/onBeforePrerenderStart — the addresses to prerender: every record's path and
// aliases, from the catalogue, except the records with a Vike page of their own.
import { getCatalogue } from '../../src/catalogue/load.ts'
import { OWN_PAGE_PATHS, routePaths } from '../../src/catalogue/routes.ts'

export function onBeforePrerenderStart() {
  return routePaths(getCatalogue()).filter((path) => !OWN_PAGE_PATHS.includes(path))
}
