// The wall between browser code and the server. What runs in the browser (src/admin, src/client,
// src/lead) and what is rendered at build time but must stay browser-safe (src/sections,
// src/templates, src/layout) imports nothing from src/server and no Node built-in module, not
// even through another file. The test follows every relative import from those folders, as a
// bundler would; `import type` and `export type` are left out, since the compiler erases them.
// `npm run lint` checks the same wall with dependency-cruiser (.dependency-cruiser.js), but only
// import by import: its rules that follow chains cannot leave out the imports the compiler erases.
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { projectRoot } from '../../scripts/lib/server.ts'

const BROWSER_SAFE = ['src/admin', 'src/client', 'src/lead', 'src/sections', 'src/templates', 'src/layout']
const SERVER = 'src/server'
const CODE = /\.(ts|tsx|js|mjs)$/

/** The modules a file imports at run time: static and dynamic imports and re-exports, not type-only ones. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier))
      found.push(node.moduleSpecifier.text)
    else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text)
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** A relative specifier as the file it names (the query of `./x.css?url` dropped). */
function resolve(from: string, specifier: string): string {
  const target = path.resolve(path.dirname(from), specifier.split('?')[0]!)
  if (existsSync(target)) return target
  const withExtension = ['.ts', '.tsx', '.js'].map((ext) => target + ext).find((f) => existsSync(f))
  return withExtension ?? target
}

/**
 * Every way the files under `roots` reach `forbiddenDir` or a Node built-in, as import chains
 * (paths relative to `base`), following relative imports through any folder.
 */
function wallBreaches(base: string, roots: string[], forbiddenDir: string): string[] {
  const rel = (file: string) => path.relative(base, file).split(path.sep).join('/')
  const forbidden = path.join(base, forbiddenDir) + path.sep
  const breaches: string[] = []
  const seen = new Set<string>()
  const walk = (file: string, chain: string[]): void => {
    if (seen.has(file)) return
    seen.add(file)
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('node:') || isBuiltin(specifier)) {
        breaches.push([...chain, specifier].join(' → '))
        continue
      }
      if (!specifier.startsWith('.')) continue // a package (react, lucide-react…)
      const target = resolve(file, specifier)
      if (target.startsWith(forbidden)) breaches.push([...chain, rel(target)].join(' → '))
      else if (CODE.test(target) && existsSync(target)) walk(target, [...chain, rel(target)])
    }
  }
  for (const root of roots) {
    const dir = path.join(base, root)
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => CODE.test(f))
    for (const file of files.sort()) walk(path.join(dir, file), [rel(path.join(dir, file))])
  }
  return breaches
}

test('browser-safe code reaches neither src/server nor a Node built-in, directly or through other files', () => {
  expect(wallBreaches(projectRoot, BROWSER_SAFE, SERVER)).toEqual([])
})

describe('the wall check itself', () => {
  test('finds a forbidden import through other files, and ignores type-only imports', () => {
    const base = mkdtempSync(path.join(tmpdir(), 'longbar-walls-'))
    try {
      const files: Record<string, string> = {
        'src/client/menu.ts': "import { label } from '../shared/label.ts'\nexport const menu = label\n",
        'src/shared/label.ts': "export { format } from './format'\nexport const label = 'Menu'\n",
        'src/shared/format.ts': "import { readFileSync } from 'node:fs'\nexport const format = readFileSync\n",
        'src/client/map.ts':
          "import type { Db } from '../server/db.ts'\nexport type { Env } from '../server/env.ts'\nconst load = () => import('../server/db.ts')\nexport { load }\n",
        'src/client/toast.ts': "import 'path'\nimport styles from './toast.css?url'\nexport { styles }\n",
        'src/client/toast.css': '.toast {}\n',
        'src/server/db.ts': 'export type Db = object\n',
        'src/server/env.ts': 'export type Env = object\n',
      }
      for (const [rel, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(base, rel)), { recursive: true })
        writeFileSync(path.join(base, rel), text)
      }
      expect(wallBreaches(base, ['src/client'], 'src/server')).toEqual([
        'src/client/map.ts → src/server/db.ts',
        'src/client/menu.ts → src/shared/label.ts → src/shared/format.ts → node:fs',
        'src/client/toast.ts → path',
      ])
    } finally {
      rmSync(base, { recursive: true, force: true })
    }
  })
})
