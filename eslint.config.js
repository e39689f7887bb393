// ESLint (flat config): type-aware TypeScript rules, React hooks and accessibility checks.
// Formatting is Prettier's job (eslint-config-prettier turns off the rules that would fight it).
// Decision: docs/decisions/023-lint-and-format.md.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.reports/', 'test-results/', 'playwright-report/', 'data/', '.scratch/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', '.dependency-cruiser.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a value taken apart on purpose (`const { etag: _etag, ...rest } = headers`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Type aliases and interfaces both read well; the codebase uses `type` for shapes.
      '@typescript-eslint/consistent-type-definitions': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // An empty string is as good as absent in content and environment values: `a || b` says so.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true, boolean: true } }],
      // React event handlers may be async: React ignores what they return.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Components and the hooks beside them (src/admin/mutations.ts and queries.ts are hooks in .ts files).
    files: ['**/*.tsx', 'src/admin/**/*.ts'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/catalogue/types.gen.ts'],
    // json-schema-to-typescript writes a `oneOf` of string constants as `(A | B | …) & string`.
    rules: { '@typescript-eslint/no-redundant-type-constituents': 'off' },
  },
  {
    files: ['tests/**'],
    // Vitest's asymmetric matchers (expect.any, expect.stringContaining) are typed `any`.
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // The linters' own configurations: plain JavaScript outside the TypeScript project.
    files: ['eslint.config.js', '.dependency-cruiser.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The inbox's service worker: plain JavaScript served as it is, in a worker's scope.
    files: ['public/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.serviceworker },
    },
  },
  prettier,
)
