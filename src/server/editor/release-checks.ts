// What a release must pass before it is served, beyond the content's own rules (which rendering
// it already ran, src/server/site-render.ts): every link of every page reaches a page or a file of
// the release, and every page's HTML is within its budget.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { filesIn, urlPathOf } from '../static-site.ts'

/** A public page's HTML, gzip, at most (the largest, the home page, is about 19 KB). */
const PAGE_HTML_BUDGET = 40 * 1024

/** Addresses the server's routes answer, not files of the release (src/server/main.ts). */
const SERVER_ROUTES = ['/contact/book', '/contact/sent', '/booking', '/unsubscribe', '/admin']

/** Each problem of the rendered release in `dir` (dist/client's layout), in words. */
export function checkRelease(dir: string): string[] {
  const files = filesIn(dir)
  const present = new Set(files)
  const addresses = new Set(files.filter((f) => f.endsWith('.html')).map(urlPathOf))
  const problems: string[] = []
  for (const file of files) {
    if (!file.endsWith('index.html')) continue
    const page = urlPathOf(file)
    const html = readFileSync(path.join(dir, file), 'utf8')
    for (const match of html.matchAll(/\shref="(\/[^"#?]*)[^"]*"/g)) {
      const href = match[1]!
      if (href.startsWith('//') || href.startsWith('/api/')) continue
      const target = href.length > 1 ? href.replace(/\/$/, '') : href
      if (!addresses.has(target) && !present.has(target.slice(1)) && !SERVER_ROUTES.includes(target))
        problems.push(`The page ${page} links to ${href}, which is not a page or file of the site.`)
    }
    const gz = present.has(`${file}.gz`) ? readFileSync(path.join(dir, `${file}.gz`)).length : 0
    if (page !== '/admin' && gz > PAGE_HTML_BUDGET)
      problems.push(
        `The page ${page} is ${Math.round(gz / 1024)} KB compressed, over its budget of ${PAGE_HTML_BUDGET / 1024} KB: shorten it.`,
      )
  }
  return [...new Set(problems)]
}
