// After `vike build`: write /sitemap.xml and /robots.txt from the catalogue, precompress every
// text file of dist/client with brotli and gzip (the server picks the variant a browser
// accepts), and record what the build was made for.
import { statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { getCatalogue } from '../src/catalogue/load.ts'
import { publicOrigin } from '../src/catalogue/page-data.ts'
import { primaryPaths } from '../src/catalogue/routes.ts'
import { data as contactSentData } from '../pages/contact-sent/+data.ts'
import { compressAll, finishPages, makeBuildInfo, writeSiteFiles } from '../src/server/site-files.ts'

const distClient = path.resolve('dist/client')

if (import.meta.main) {
  if (!statSync(distClient, { throwIfNoEntry: false }))
    throw new Error('dist/client is missing: run `vike build` first.')
  const origin = publicOrigin()
  // Primary addresses only: aliases are not listed, and /admin and /500 are not records.
  const catalogue = getCatalogue()
  const paths = primaryPaths(catalogue)
  writeSiteFiles(distClient, origin, paths, catalogue.business.name)
  const info = makeBuildInfo(catalogue, origin, await contactSentData())
  writeFileSync(path.resolve('dist/build-info.json'), `${JSON.stringify(info, null, 2)}\n`)
  const finished = await finishPages(distClient)
  const t = compressAll(distClient)
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(`postbuild: sitemap.xml with ${paths.length} addresses, robots.txt`)
  console.log(
    `postbuild: stylesheet inlined and cut to each page, script deferred past first paint in ${finished} pages; ${t.files} files precompressed: ${kb(t.before)} → brotli ${kb(t.br)}, gzip ${kb(t.gzip)}; canonical origin ${origin}`,
  )
}
