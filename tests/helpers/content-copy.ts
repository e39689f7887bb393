// A copy of the project's content/ in a folder of its own, for a server started with CONTENT_DIR
// that a test may change (the site editor writes into it): the project's folder is never touched.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { projectRoot } from '../../scripts/lib/server.ts'

export type ContentCopy = { dir: string; remove(): void }

export function copyContent(): ContentCopy {
  const root = mkdtempSync(path.join(tmpdir(), 'longbar-content-'))
  const dir = path.join(root, 'content')
  cpSync(path.join(projectRoot, 'content'), dir, { recursive: true })
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) }
}
