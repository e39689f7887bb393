// Pages rendered at run time, with state the build could not know: /contact with the problems of a
// form sent without JavaScript, /admin for a visitor who is signed in. Vike renders them with the
// pages' own React components (Vike's renderPage; pageContextInit carries the state). The server
// runs TypeScript without JSX, so it runs the server build of the pages (dist/server, which the
// build keeps: renderer/+config.ts), loaded on the first page asked for. Each page then gets what
// every prerendered page got after the build (src/server/page-html.ts) and a CSP of its own
// inline code. Decision: docs/decisions/024-no-js-contact-page.md.
import { statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { renderPage as vikeRenderPage } from 'vike/server'
import { cutOf, withCut, type PageCut } from './page-css.ts'
import { finishPageHtml } from './page-html.ts'
import type { StaticFile, StaticSite } from './static-site.ts'

export type RenderedPage = { html: string; headers: Record<string, string> }

export type PageRenderer = {
  /** Why no page can be rendered with this build, found at start; undefined when they can. */
  unavailable: string | undefined
  /** The page at `url` rendered with `pageContextInit`; rejects when it cannot be rendered. */
  render(url: string, pageContextInit: Partial<Vike.PageContext>): Promise<RenderedPage>
}

/** The server build of the pages beside a built site: `<dist>/server/entry.mjs` for `<dist>/client`. */
export const serverEntryOf = (siteDir: string) => path.join(path.dirname(siteDir), 'server', 'entry.mjs')

/** Vike's renderPage for the pages' server build `entry`: the build registers itself with Vike. */
export async function loadRenderPage(entry: string): Promise<typeof vikeRenderPage> {
  await import(pathToFileURL(entry).href)
  const { renderPage } = await import('vike/server')
  return renderPage
}

/** Pages rendered with the server build `entry` (by default the one beside the site's build). */
export function pageRenderer(site: StaticSite, entry = serverEntryOf(site.dir)): PageRenderer {
  const unavailable = statSync(entry, { throwIfNoEntry: false })?.isFile()
    ? undefined
    : `${entry} is missing: run \`npm run build\``

  // Loaded once, on the first page asked for; a failed load is tried again on the next one.
  let loading: Promise<typeof vikeRenderPage> | undefined
  const load = () =>
    (loading ??= loadRenderPage(entry).catch((error: unknown) => {
      loading = undefined
      throw error
    }))

  // The stylesheets and scripts a page names, from the built site in memory.
  const read = (urlPath: string) => {
    const file = site.lookup(urlPath)
    if (!file) throw new Error(`${urlPath}, named by a rendered page, is not in ${site.dir}`)
    return file.variants.identity.body.toString('utf8')
  }

  // A page the build prerendered and cut (page-css.ts), rendered again (/contact with a no-JS
  // form's problems, /contact/book): the same cut, so that /contact with nothing to say is the
  // prerendered page byte for byte, and its problems, which the page's script shows as well, are
  // styled by rules the cut kept for them. Worked out once per prerendered page. A page the build
  // did not prerender keeps the whole stylesheet; one that hydrates (/admin) stays as rendered.
  const cuts = new WeakMap<StaticFile, PageCut | undefined>()
  const cutAt = (url: string) => {
    const prerendered = site.lookup(new URL(url, 'http://localhost').pathname)
    if (!prerendered) return undefined
    if (!cuts.has(prerendered)) cuts.set(prerendered, cutOf(prerendered.variants.identity.body.toString('utf8'), read))
    return cuts.get(prerendered)
  }

  return {
    unavailable,
    async render(url, pageContextInit) {
      if (unavailable) throw new Error(unavailable)
      const renderPage = await load()
      const { httpResponse, errorWhileRendering } = await renderPage({ ...pageContextInit, urlOriginal: url })
      if (httpResponse?.statusCode !== 200) {
        throw new Error(`rendering ${url} gave status ${httpResponse?.statusCode ?? 'none'}`, {
          cause: errorWhileRendering,
        })
      }
      const html = withCut(finishPageHtml(httpResponse.body, read), cutAt(url))
      return { html, headers: site.headersOfPage(html) }
    },
  }
}
