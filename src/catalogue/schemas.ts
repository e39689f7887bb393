// The JSON Schemas of schemas/, compiled once with ajv. Node-only (reads the schemas folder).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS; its default export arrives wrapped under Node's ESM loader.
export const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule

/** Resolved from the project root, where every npm script runs (this module is also bundled by Vite). */
const schemasDir = path.resolve('schemas')

/** Schemas are registered under this base so their relative `$ref`s resolve as files do on disk. */
const BASE = 'file:///schemas/'

export type SchemaRegistry = {
  ajv: Ajv
  /** The validator of a schema file, by its path under schemas/ (e.g. `pages/home.schema.json`). */
  validator(file: string): ValidateFunction
  /** The page templates that have a schema under schemas/pages/. */
  templates: string[]
  /** A schema object by its resolved id, for reading descriptions and examples. */
  schemaAt(id: string): Record<string, unknown> | undefined
}

const listSchemaFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((rel) => rel.endsWith('.schema.json'))

export function createSchemaRegistry(dir = schemasDir): SchemaRegistry {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true })
  addFormats(ajv, ['email', 'date'])
  const files = listSchemaFiles(dir)
  for (const file of files) {
    const schema = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>
    ajv.addSchema({ ...schema, $id: BASE + file })
  }
  const cache = new Map<string, ValidateFunction>()
  return {
    ajv,
    templates: files
      .filter((f) => f.startsWith('pages/'))
      .map((f) => f.slice('pages/'.length, -'.schema.json'.length))
      .sort(),
    validator(file) {
      let fn = cache.get(file)
      if (!fn) {
        fn = ajv.getSchema(BASE + file)
        if (!fn) throw new Error(`No schema file schemas/${file}`)
        cache.set(file, fn)
      }
      return fn
    },
    schemaAt(id) {
      return ajv.getSchema(id)?.schema as Record<string, unknown> | undefined
    },
  }
}
