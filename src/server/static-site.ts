// The prerendered site (dist/client), loaded into memory once at start: each file with its
// brotli and gzip variants (written by scripts/postbuild.ts), its ETag, cache policy and
// security headers, all computed up front. Only files found at start can ever be served, so an
// encoded or "../" path has nothing outside dist/ to reach.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'
const SHORT = 'public, max-age=3600'

type Encoding = 'br' | 'gzip' | 'identity'
type Variant = { body: Buffer; headers: Record<string, string> }

export type StaticFile = {
  urlPath: string
  isHtml: boolean
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant }
}

export type StaticSite = {
  /** The file served at a URL path, if any. */
  lookup(urlPath: string): StaticFile | undefined
  /** The not-found page (dist/client/404.html). */
  notFound: StaticFile
  /** The "Unexpected Application Error!" page with a marker where the message goes. */
  errorTemplate: string
  /**
   * The type and security headers of a page put together at run time (the 500 screen, /contact
   * with a form's problems): its CSP allows its own inline <style> and <script>, as each
   * prerendered page's does.
   */
  headersOfPage(html: string): Record<string, string>
  /** The folder the site was loaded from (dist/client). */
  dir: string
  /**
   * A prerendered page kept off the fast path because a route of the app answers its address
   * (/admin, which depends on the session): the route sends it when it fits.
   */
  heldPage(urlPath: string): StaticFile | undefined
  fileCount: number
}

/** Every file under `dir`, as paths relative to it with `/` between folders, sorted. */
export function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}

/** The URL a file answers at: `about/index.html` → `/about`, `index.html` → `/`. */
export function urlPathOf(rel: string): string {
  if (rel === 'index.html') return '/'
  if (rel.endsWith('/index.html')) return `/${rel.slice(0, -'/index.html'.length)}`
  return `/${rel}`
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`

/** sha256 hashes of a page's inline <style> elements, for its CSP. */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1] ?? '')))]
}

/** sha256 hashes of a page's inline executable scripts, for its CSP. Data blocks (JSON-LD) are not scripts. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? ''
    if (/\bsrc\s*=/i.test(attrs)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase()
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue
    hashes.push(sha256(m[2] ?? ''))
  }
  return hashes
}

/** A page's security headers, its CSP allowing exactly its own inline scripts and styles by hash. */
function pageSecurityHeaders(html: string, https: boolean): Record<string, string> {
  return securityHeaders({
    https,
    csp: contentSecurityPolicy({ https, scriptHashes: inlineScriptHashes(html), styleHashes: inlineStyleHashes(html) }),
  })
}

/**
 * The inbox's service worker (public/admin/sw.js): always checked for a newer one, and allowed to
 * control /admin itself, one level above its folder (docs/decisions/030-web-push.md).
 */
const SERVICE_WORKER = { file: 'admin/sw.js', headers: { 'service-worker-allowed': '/admin' } }

function cacheControlOf(rel: string): string {
  if (rel.startsWith('assets/')) return IMMUTABLE
  if (rel.endsWith('.html') || rel.endsWith('.pageContext.json')) return REVALIDATE
  if (rel === SERVICE_WORKER.file || rel.endsWith('.webmanifest')) return REVALIDATE
  return SHORT
}

/** The files that can name the site's origin (canonical links, JSON-LD, sitemap, robots.txt). */
const STAMPED = /\.(html|xml|txt|json|webmanifest)$/

/**
 * The file's bytes with the origin the build was made for replaced by the one it is served at
 * (docs/decisions/041-run-time-origin.md), and its compressed variants made again if it changed;
 * as built otherwise.
 */
function stamped(dir: string, rel: string, present: Set<string>, origin?: { built: string; served: string }) {
  const body = readFileSync(path.join(dir, rel))
  const read = (suffix: string) =>
    present.has(`${rel}${suffix}`) ? readFileSync(path.join(dir, `${rel}${suffix}`)) : undefined
  if (!origin || origin.built === origin.served || !STAMPED.test(rel))
    return { body, br: read('.br'), gzip: read('.gz') }
  const text = body.toString('utf8')
  if (!text.includes(origin.built)) return { body, br: read('.br'), gzip: read('.gz') }
  const served = Buffer.from(text.replaceAll(origin.built, origin.served))
  const smaller = (data: Buffer) => (data.length < served.length ? data : undefined)
  return {
    body: served,
    br: smaller(brotliCompressSync(served, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })),
    gzip: smaller(gzipSync(served, { level: 6 })),
  }
}

export function loadStaticSite(
  dir: string,
  {
    https = false,
    held = [] as string[],
    origin,
  }: {
    https?: boolean
    held?: string[]
    /** The origin the build was made for, and the one to serve it at (PUBLIC_ORIGIN): every page is stamped with it. */
    origin?: { built: string; served: string }
  } = {},
): StaticSite {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`The built site is missing: ${dir} does not exist. Run \`npm run build\` first.`)
  }
  const all = filesIn(dir)
  const present = new Set(all)
  const byUrl = new Map<string, StaticFile>()
  const heldPages = new Map<string, StaticFile>()
  let notFound: StaticFile | undefined
  let errorTemplate: string | undefined
  // Files other than pages run no inline code: the plain policy.
  const fileHeaders = securityHeaders({ https, csp: contentSecurityPolicy({ https }) })

  for (const rel of all) {
    if (rel.endsWith('.br') || rel.endsWith('.gz')) continue
    const ext = path.extname(rel)
    const { body, br, gzip } = stamped(dir, rel, present, origin)
    const isHtml = ext === '.html'
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22)
    const base = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': cacheControlOf(rel),
      ...(isHtml ? pageSecurityHeaders(body.toString('utf8'), https) : fileHeaders),
      ...(rel === SERVICE_WORKER.file ? SERVICE_WORKER.headers : {}),
    }
    const variant = (encoding: Encoding, data: Buffer): Variant => ({
      body: data,
      headers: {
        ...base,
        etag: encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`,
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        ...((br ?? gzip) ? { vary: 'Accept-Encoding' } : {}),
        'content-length': String(data.length),
      },
    })
    const file: StaticFile = { urlPath: urlPathOf(rel), isHtml, variants: { identity: variant('identity', body) } }
    if (br) file.variants.br = variant('br', br)
    if (gzip) file.variants.gzip = variant('gzip', gzip)

    if (rel === '404.html') notFound = file
    else if (rel === '500/index.html' || rel === '500/index.pageContext.json') {
      if (isHtml) errorTemplate = body.toString('utf8')
    } else (held.includes(file.urlPath) ? heldPages : byUrl).set(file.urlPath, file)
  }
  if (!notFound) throw new Error(`${dir}/404.html is missing: the build did not prerender the error page.`)
  if (!errorTemplate) throw new Error(`${dir}/500/index.html is missing: the build did not prerender the error screen.`)
  return {
    lookup: (p) => byUrl.get(p),
    notFound,
    errorTemplate,
    headersOfPage: (html) => ({ 'content-type': TYPES['.html']!, ...pageSecurityHeaders(html, https) }),
    dir,
    heldPage: (p) => heldPages.get(p),
    fileCount: byUrl.size,
  }
}

const ACCEPTS = {
  br: /(?:^|,)\s*br\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*(?:,|$)/i,
  gzip: /(?:^|,)\s*gzip\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*(?:,|$)/i,
}
/** What an Accept-Encoding header allows; browsers send a handful of distinct headers, so remember them. */
const accepted = new Map<string, { br: boolean; gzip: boolean }>()

function acceptsOf(acceptEncoding: string): { br: boolean; gzip: boolean } {
  let found = accepted.get(acceptEncoding)
  if (!found) {
    const allows = (re: RegExp) => {
      const m = re.exec(acceptEncoding)
      return m !== null && (m[1] === undefined || Number(m[1]) > 0)
    }
    found = { br: allows(ACCEPTS.br), gzip: allows(ACCEPTS.gzip) }
    if (accepted.size >= 200) accepted.clear()
    accepted.set(acceptEncoding, found)
  }
  return found
}

/** The best encoding the client accepts among those the file has. */
export function negotiate(file: StaticFile, acceptEncoding: string | undefined): Variant {
  if (acceptEncoding) {
    const accepts = acceptsOf(acceptEncoding)
    if (file.variants.br && accepts.br) return file.variants.br
    if (file.variants.gzip && accepts.gzip) return file.variants.gzip
  }
  return file.variants.identity
}

function notModified(req: IncomingMessage, etag: string): boolean {
  const inm = req.headers['if-none-match']
  if (!inm) return false
  return inm === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)
}

/** Writes a file to a response; the fast path for pages and assets (no framework in between). */
export function sendFile(req: IncomingMessage, res: ServerResponse, file: StaticFile, status = 200): void {
  const variant = negotiate(file, req.headers['accept-encoding'])
  if (status === 200 && notModified(req, variant.headers.etag!)) {
    const { 'content-length': _len, 'content-encoding': _enc, ...headers } = variant.headers
    res.writeHead(304, headers)
    res.end()
    return
  }
  res.writeHead(status, variant.headers)
  res.end(req.method === 'HEAD' ? undefined : variant.body)
}
