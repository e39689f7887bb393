// The site's addresses as the catalogue defines them. Pure: works on a loaded catalogue.
import type { Catalogue, PageRecord } from './load.ts'
import type { Crumb } from '../seo/structured-data.ts'
import type { Site } from './types.gen.ts'

/**
 * Catalogue records rendered by a Vike page of their own under pages/ rather than by the
 * `/@slug` route: the home page (a different route) and pages that load their own script.
 */
export const OWN_PAGE_PATHS = ['/', '/contact']

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
