// After `vike build`: write /sitemap.xml and /robots.txt from the catalogue, precompress every
// text file of dist/client with brotli and gzip (the server picks the variant a browser
// accepts), and record what the build was made for.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { getCatalogue } from '../src/catalogue/load.ts'
import { publicOrigin } from '../src/catalogue/page-data.ts'
import { primaryPaths } from '../src/catalogue/routes.ts'
import { buildRobots, buildSitemap } from '../src/seo/sitemap.ts'

export const distClient = path.resolve('dist/client')
const COMPRESSIBLE = /\.(html|css|js|json|svg|xml|txt|webmanifest)$/

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name
    return e.isDirectory() ? listFiles(dir, rel) : [rel]
  })
}

export function compressAll(dir: string): { files: number; before: number; br: number; gzip: number } {
  const totals = { files: 0, before: 0, br: 0, gzip: 0 }
  for (const rel of listFiles(dir)) {
    if (!COMPRESSIBLE.test(rel)) continue
    const file = path.join(dir, rel)
    const body = readFileSync(file)
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    const gz = gzipSync(body, { level: 9 })
    totals.files++
    totals.before += body.length
    // A variant that is not smaller is not worth sending.
    if (br.length < body.length) {
      writeFileSync(`${file}.br`, br)
      totals.br += br.length
    }
    if (gz.length < body.length) {
      writeFileSync(`${file}.gz`, gz)
      totals.gzip += gz.length
    }
  }
  return totals
}

/** Writes /sitemap.xml (the given addresses) and /robots.txt into the built site. */
export function writeSeoFiles(dir: string, origin: string, paths: string[]): void {
  writeFileSync(path.join(dir, 'sitemap.xml'), buildSitemap(origin, paths))
  writeFileSync(path.join(dir, 'robots.txt'), buildRobots(origin))
}

if (import.meta.main) {
  if (!statSync(distClient, { throwIfNoEntry: false })) throw new Error('dist/client is missing: run `vike build` first.')
  const origin = publicOrigin()
  // Primary addresses only: aliases are not listed, and /admin and /500 are not records.
  const paths = primaryPaths(getCatalogue())
  writeSeoFiles(distClient, origin, paths)
  writeFileSync(path.resolve('dist/build-info.json'), `${JSON.stringify({ publicOrigin: origin, builtAt: new Date().toISOString() }, null, 2)}\n`)
  const t = compressAll(distClient)
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(`postbuild: sitemap.xml with ${paths.length} addresses, robots.txt`)
  console.log(`postbuild: ${t.files} files precompressed: ${kb(t.before)} → brotli ${kb(t.br)}, gzip ${kb(t.gzip)}; canonical origin ${origin}`)
}
