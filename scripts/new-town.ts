// `npm run new:town -- "Jarrettsville"`: writes content/areas/towns/jarrettsville-hvac.yaml, a
// valid town page to start from. Its copy is plain and true but general; the comments marked
// EDITOR say what to rewrite. Options: --state MD|PA|DE (default MD), --county "Harford County",
// --footer (also link the page from the footer). docs/content.md walks through the rest.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { defaultContentDir, loadCatalogue } from '../src/catalogue/load.ts'
import { ContentError } from '../src/catalogue/problems.ts'
import { findPage } from '../src/catalogue/routes.ts'
import {
  invalidOptions,
  townFile,
  townPath,
  townRecord,
  type StateCode,
  type TownOptions,
} from '../src/catalogue/new-town.ts'

/** Writes a new town's record into a content folder; checks the result with the loader. */
export function newTown(
  contentDir: string,
  options: TownOptions,
  root = process.cwd(),
): { file: string; path: string } {
  const invalid = invalidOptions(options)
  if (invalid) throw new Error(invalid)
  const rel = townFile(options.name, options.state)
  const file = path.join(contentDir, rel)
  const address = townPath(options.name, options.state)
  if (existsSync(file)) throw new Error(`${path.relative(root, file)} already exists. Edit it, or choose another name.`)
  const before = loadCatalogue({ contentDir, root })
  const taken = findPage(before, address)
  if (taken)
    throw new Error(`${address} is already the address of ${before.files.get(taken.record.path) ?? taken.record.path}.`)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, townRecord(options))
  try {
    loadCatalogue({ contentDir, root })
  } catch (error) {
    // Our template is wrong, not the editor's content: leave nothing half-made behind.
    rmSync(file)
    throw error
  }
  return { file: path.relative(root, file), path: address }
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      state: { type: 'string', default: 'MD' },
      county: { type: 'string' },
      footer: { type: 'boolean', default: false },
    },
  })
  const name = positionals.join(' ').trim()
  if (!name) {
    console.error('Usage: npm run new:town -- "Town Name" [--state MD|PA|DE] [--county "Harford County"] [--footer]')
    process.exit(1)
  }
  try {
    const state = values.state.toUpperCase() as StateCode
    const created = newTown(defaultContentDir(), {
      name,
      state,
      ...(values.county ? { county: values.county } : {}),
      footer: values.footer,
    })
    console.log(`Wrote ${created.file}: the page ${created.path}.`)
    console.log(`Next:
  1. Rewrite the copy marked EDITOR in ${created.file}.
  2. npm run content:check   (tells you exactly what to fix, if anything)
  3. npm run build           (the page, its sitemap entry and its card on /service-areas appear)
To link it from its county page, add to that page's intro.areas:
    - { name: ${name}, href: ${created.path} }`)
  } catch (error) {
    console.error(error instanceof ContentError ? error.message : `new:town: ${(error as Error).message}`)
    process.exit(1)
  }
}
