// The server's request-body checks: a JSON Schema compiled once with ajv (strict, every error
// reported, the formats our schemas use).
import { Ajv, type Options } from 'ajv'
import { addFormats } from '../catalogue/schemas.ts'

export function compileSchema<T>(schema: object, options: Options = {}) {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, ...options })
  addFormats(ajv, ['email', 'date'])
  return ajv.compile<T>(schema)
}
