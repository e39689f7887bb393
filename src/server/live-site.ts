// The site being served, replaced in one step when the site editor publishes or undoes
// (src/server/editor/releases.ts): every part of the server that answers from the site reads it
// through this object, so a request sees either the old release or the new one, never a mix.
import type { StaticSite } from './static-site.ts'

export type LiveSite = StaticSite & {
  /** Serves `next` from the next request on. */
  replace(next: StaticSite): void
}

export function liveSite(initial: StaticSite): LiveSite {
  let current = initial
  return {
    lookup: (urlPath) => current.lookup(urlPath),
    get notFound() {
      return current.notFound
    },
    get errorTemplate() {
      return current.errorTemplate
    },
    headersOfPage: (html) => current.headersOfPage(html),
    get dir() {
      return current.dir
    },
    heldPage: (urlPath) => current.heldPage(urlPath),
    get fileCount() {
      return current.fileCount
    },
    replace(next) {
      current = next
    },
  }
}
