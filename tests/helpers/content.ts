// A temporary copy of content/ that a test can break, for checking what editors are told.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { projectRoot } from './server.ts'

export type ContentCopy = { dir: string; root: string; edit(file: string, change: (text: string) => string): void; write(file: string, text: string): void; remove(): void }

export function copyContent(): ContentCopy {
  const root = mkdtempSync(path.join(tmpdir(), 'longbar-content-'))
  const dir = path.join(root, 'content')
  cpSync(path.join(projectRoot, 'content'), dir, { recursive: true })
  return {
    dir,
    root,
    edit(file, change) {
      const p = path.join(dir, file)
      const before = readFileSync(p, 'utf8')
      const after = change(before)
      if (after === before) throw new Error(`edit of ${file} changed nothing`)
      writeFileSync(p, after)
    },
    write(file, text) {
      writeFileSync(path.join(dir, file), text)
    },
    remove() {
      rmSync(root, { recursive: true, force: true })
    },
  }
}
