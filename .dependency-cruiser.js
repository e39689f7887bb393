// dependency-cruiser: the walls between the project's parts, checked on every import by
// `npm run lint` (docs/decisions/036-walls-and-dead-code.md). The browser's walls are run-time
// walls: an import the compiler erases (`import type`, `export type`) goes through, one it keeps
// does not, `import { type X }` included (with verbatimModuleSyntax it stays as `import {}`, and
// the module still loads). The other rules count every import.

/** Code that runs in the browser, or is rendered at build time and must stay browser-safe. */
const BROWSER = '^src/(admin|client|lead|sections|templates|layout)/'

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or around a loop: split out what both need.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'browser-not-to-server',
      severity: 'error',
      comment: 'Browser code never imports src/server at run time (its SQL and secrets would ship to the browser).',
      from: { path: BROWSER },
      to: { path: '^src/server/', preCompilationOnly: false },
    },
    {
      name: 'browser-not-to-node',
      severity: 'error',
      comment: 'Browser code never imports a Node built-in module at run time.',
      from: { path: BROWSER },
      to: { dependencyTypes: ['core'], preCompilationOnly: false },
    },
    {
      name: 'server-not-to-admin-or-pages',
      severity: 'error',
      comment: 'The server never imports the admin app (src/admin) or the pages (pages/): they are built by Vite.',
      from: { path: '^src/server/' },
      to: { path: '^(src/admin|pages)/' },
    },
    {
      name: 'scripts-not-to-tests',
      severity: 'error',
      comment: 'Scripts never import tests/: what both need lives in scripts/lib/.',
      from: { path: '^scripts/' },
      to: { path: '^tests/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import of a module that is not there.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment:
        'An import of a package package.json does not declare (it works only by chance, through another package).',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data|\\.reports|test-results|playwright-report)/' },
    // Type-only imports are in the graph (cycles count them), marked as erased before run time.
    tsPreCompilationDeps: 'specify',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
}
