// A throwaway copy of content/ to break or extend in a test, and the problems the loader reports
// for it. The copy lives in a temp folder laid out like the project (…/content/…), so problem
// messages name files as an editor sees them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadCatalogue, type Catalogue } from '../../src/catalogue/load.ts'
import { ContentError, formatProblem } from '../../src/catalogue/problems.ts'
import { createSchemaRegistry, type SchemaRegistry } from '../../src/catalogue/schemas.ts'
import { projectRoot } from './server.ts'

export type ContentCopy = {
  root: string
  contentDir: string
  /** Rewrites a file of the copy (path relative to content/). */
  edit(rel: string, change: (text: string) => string): void
  write(rel: string, text: string): void
  load(): Catalogue
  /** The problems the loader reports, one formatted line each (as `npm run content:check` prints them). */
  problems(): string[]
  remove(): void
}

let registry: SchemaRegistry | undefined

export function copyContent(): ContentCopy {
  const schemas = (registry ??= createSchemaRegistry(path.join(projectRoot, 'schemas')))
  const root = mkdtempSync(path.join(tmpdir(), 'longbar-content-'))
  const contentDir = path.join(root, 'content')
  cpSync(path.join(projectRoot, 'content'), contentDir, { recursive: true })
  const load = () => loadCatalogue({ contentDir, root, registry: schemas, now: new Date('2026-06-01T12:00:00Z') })
  return {
    root,
    contentDir,
    edit(rel, change) {
      const file = path.join(contentDir, rel)
      const before = readFileSync(file, 'utf8')
      const after = change(before)
      if (after === before) throw new Error(`edit of ${rel} changed nothing`)
      writeFileSync(file, after)
    },
    write(rel, text) {
      writeFileSync(path.join(contentDir, rel), text)
    },
    load,
    problems() {
      try {
        load()
      } catch (error) {
        if (error instanceof ContentError) return error.problems.map((p) => formatProblem(p).trim())
        throw error
      }
      return []
    },
    remove() {
      rmSync(root, { recursive: true, force: true })
    },
  }
}
