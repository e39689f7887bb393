// The site's addresses as the catalogue defines them. Pure: works on a loaded catalogue.
import type { Catalogue, PageRecord } from './types.ts'
import type { Crumb } from '../seo/structured-data.ts'
import type { Link, Listing, Site } from './types.gen.ts'

/**
 * Catalogue records rendered by a Vike page of their own under pages/ rather than by the
 * `/@slug` route: the home page (a different route) and pages that load their own script.
 */
export const OWN_PAGE_PATHS = ['/', '/contact']

/**
 * Addresses served by a Vike page that is not a catalogue record. Links in content may point at
 * these besides the records' paths and aliases (the internal-link check in cross-checks.ts).
 */
export const FIXED_PATHS = ['/admin']

/** Every address a page answers at: each record's path, then its aliases. */
export function routePaths(catalogue: Catalogue): string[] {
  return catalogue.pages.flatMap((p) => [p.path, ...(p.aliases ?? [])])
}

/** The primary addresses (what the sitemap lists). */
export function primaryPaths(catalogue: Catalogue): string[] {
  return catalogue.pages.map((p) => p.path)
}

export function findPage(catalogue: Catalogue, path: string): { record: PageRecord; isAlias: boolean } | undefined {
  for (const record of catalogue.pages) {
    if (record.path === path) return { record, isAlias: false }
    if (record.aliases?.includes(path)) return { record, isAlias: true }
  }
  return undefined
}

/** Home › parents › the page, for breadcrumbs. */
export function trailOf(catalogue: Catalogue, record: PageRecord): Crumb[] {
  const home = catalogue.pages.find((p) => p.path === '/')
  const trail: Crumb[] = []
  const seen = new Set<string>()
  let current: PageRecord | undefined = record
  while (current && current.path !== '/' && !seen.has(current.path)) {
    seen.add(current.path)
    trail.unshift({ name: current.name, path: current.path })
    const parentPath: string | undefined = current.parent
    current = parentPath ? catalogue.pages.find((p) => p.path === parentPath) : undefined
  }
  return [{ name: home?.name ?? 'Home', path: '/' }, ...trail]
}

/** Which header entry is the current one on a page, or null when none is. */
export function activeNavIndex(site: Site, page: { path: string; template?: string }): number | null {
  const index = site.header.menu.findIndex(
    (entry) =>
      entry.href === page.path ||
      entry.children?.some((c) => c.href === page.path) ||
      entry.activeFor?.includes(page.path) ||
      (page.template !== undefined && entry.activeForTemplates?.includes(page.template)),
  )
  return index === -1 ? null : index
}

type ListingGroup = Listing['group']
type ListedPage = PageRecord & { listing: Listing }
/** A card of /service-areas: a listed page's name, address and summary. */
export type AreaCard = { name: string; path: string; summary: string }
export type AreaDirectory = Record<ListingGroup, AreaCard[]>

/** Pages whose record has a `listing`, by `listing.order` (unnumbered last), then by name. */
function listedPages(catalogue: Catalogue): ListedPage[] {
  const listed = catalogue.pages.filter((p): p is ListedPage => 'listing' in p && p.listing !== undefined)
  const order = (p: ListedPage) => p.listing.order ?? Number.MAX_SAFE_INTEGER
  return listed.sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name))
}

/** The three lists of /service-areas, generated from the records' `listing`. */
export function areaDirectory(catalogue: Catalogue): AreaDirectory {
  const directory: AreaDirectory = { counties: [], communities: [], beyond: [] }
  for (const page of listedPages(catalogue)) {
    directory[page.listing.group].push({ name: page.name, path: page.path, summary: page.listing.summary })
  }
  return directory
}

/** The footer's area links: the fixed ones of site.yaml, then every page listed with `footer: true`. */
export function footerAreaLinks(catalogue: Catalogue): Link[] {
  const listed = listedPages(catalogue)
    .filter((p) => p.listing.footer)
    .map((p) => ({ label: p.name, href: p.path }))
  return [...catalogue.site.footer.areaLinks, ...listed]
}
