// /sitemap.xml and /robots.txt as text, from the catalogue's primary addresses. Pure; written
// into dist/client by scripts/postbuild.ts so the server serves them as static files.
import { escapeMarkup } from '../templates/escape.ts'
import { canonicalUrl } from './canonical.ts'

/** Addresses that search engines must not crawl. */
const DISALLOWED = ['/admin', '/api/']

/** A sitemap listing each path once, at the public origin, in the order given. */
export function buildSitemap(origin: string, paths: string[]): string {
  const urls = [...new Set(paths)].map((p) => `  <url><loc>${escapeMarkup(canonicalUrl(origin, p))}</loc></url>`)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${canonicalUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n')
}
