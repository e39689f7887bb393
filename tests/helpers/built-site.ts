// Facts about the built site in dist/ that tests compare pages with.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../../scripts/lib/server.ts'

export const distClient = path.join(projectRoot, 'dist/client')

/** The origin the build wrote into canonical links, JSON-LD and the sitemap. */
export function builtOrigin(): string {
  return (JSON.parse(readFileSync(path.join(projectRoot, 'dist/build-info.json'), 'utf8')) as { publicOrigin: string })
    .publicOrigin
}

/** The prerendered HTML of a page, read from dist/client. */
export function builtHtml(urlPath: string): string {
  return readFileSync(path.join(distClient, urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}/index.html`), 'utf8')
}
