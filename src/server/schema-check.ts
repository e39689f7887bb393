// The server's request-body checks: a JSON Schema compiled once with ajv (strict, every error
// reported, the formats our schemas use), and which field of the body each error is about.
import { Ajv, type ErrorObject, type Options } from 'ajv'
import { addFormats } from '../catalogue/schemas.ts'

export function compileSchema<T>(schema: object, options: Options = {}) {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, ...options })
  addFormats(ajv, ['email', 'date'])
  return ajv.compile<T>(schema)
}

/**
 * The top-level fields that ajv's errors are about, each once, in the order found: the field a
 * `required` error misses, the unknown field an `additionalProperties` error names, or the
 * first step of the error's path. Errors about the body as a whole (minProperties) name none.
 */
export function fieldsOf(errors: readonly ErrorObject[] | null | undefined): string[] {
  const fields = new Set<string>()
  for (const error of errors ?? []) {
    const field =
      error.keyword === 'required'
        ? (error.params as { missingProperty: string }).missingProperty
        : error.keyword === 'additionalProperties'
          ? (error.params as { additionalProperty: string }).additionalProperty
          : error.instancePath.split('/')[1]
    if (field) fields.add(field)
  }
  return [...fields]
}
