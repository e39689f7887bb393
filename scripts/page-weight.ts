// What a prerendered page makes the browser download before it is usable: the HTML, its
// stylesheets, and its scripts with every module they import statically. Used by the budget
// test and the benchmarks; reads dist/client only.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export type PageWeight = {
  html: { raw: number; gzip: number }
  js: { files: string[]; raw: number; gzip: number }
  css: { files: string[]; raw: number; gzip: number }
}

/** Gzip size as served: the precompressed .gz file when there is one. */
export function gzipSize(distClient: string, urlPath: string): number {
  const file = path.join(distClient, urlPath)
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length
  return gzipSync(readFileSync(file), { level: 9 }).length
}

function staticImports(distClient: string, urlPath: string, seen: Set<string>): void {
  if (seen.has(urlPath)) return
  seen.add(urlPath)
  const code = readFileSync(path.join(distClient, urlPath), 'utf8')
  // Static imports only: `import … from "…"`, `import "…"`, `export … from "…"` (minified or not).
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g)) {
    const spec = m[1]!
    const resolved = spec.startsWith('/') ? spec : path.posix.join(path.posix.dirname(urlPath), spec)
    staticImports(distClient, resolved, seen)
  }
}

export function pageWeight(distClient: string, htmlFile: string): PageWeight {
  const html = readFileSync(path.join(distClient, htmlFile), 'utf8')
  const js = new Set<string>()
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) staticImports(distClient, m[1]!, js)
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    staticImports(distClient, m[1]!, js)
  // Imported, or preloaded, by an inline loader after the first paint (src/server/page-html.ts).
  for (const m of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) staticImports(distClient, m[1]!, js)
  const css = [
    ...html.matchAll(
      /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"|<link[^>]*href="([^"]+\.css)"[^>]*rel="stylesheet"/g,
    ),
  ].map((m) => (m[1] ?? m[2])!)
  const sum = (files: string[], f: (u: string) => number) => files.reduce((n, u) => n + f(u), 0)
  const raw = (u: string) => readFileSync(path.join(distClient, u)).length
  return {
    html: { raw: Buffer.byteLength(html), gzip: gzipSize(distClient, htmlFile) },
    js: { files: [...js], raw: sum([...js], raw), gzip: sum([...js], (u) => gzipSize(distClient, u)) },
    css: { files: css, raw: sum(css, raw), gzip: sum(css, (u) => gzipSize(distClient, u)) },
  }
}
