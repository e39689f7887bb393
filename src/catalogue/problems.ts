// Turns schema violations into messages a content editor can act on: the file, the line, the
// field, what is wrong and what to write instead (from the schema's description and examples).
import type { ErrorObject } from 'ajv'
import type { SchemaRegistry } from './schemas.ts'

export type ContentProblem = {
  /** The file, relative to the project root. */
  file: string
  line?: number | undefined
  /** The field, as a dotted path (`hero.badges[1]`); empty for the whole record. */
  field: string
  message: string
}

/** "Your content is wrong" (as opposed to "our code is wrong"): carries every problem found. */
export class ContentError extends Error {
  readonly problems: ContentProblem[]
  constructor(problems: ContentProblem[]) {
    super(
      `${problems.length} problem${problems.length === 1 ? '' : 's'} in content/:\n${problems.map(formatProblem).join('\n')}`,
    )
    this.name = 'ContentError'
    this.problems = problems
  }
}

export function formatProblem(p: ContentProblem): string {
  const where = p.line ? `${p.file}:${p.line}` : p.file
  return `  ${where}  ${p.field || '(whole file)'}: ${p.message}`
}

/** `/hero/badges/1` → `hero.badges[1]` */
export function fieldPath(segments: (string | number)[]): string {
  return segments.map((s, i) => (typeof s === 'number' || /^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('')
}

function pointerSegments(instancePath: string): (string | number)[] {
  if (!instancePath) return []
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
}

type Schema = Record<string, unknown>

function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
  return text.length > 60 ? `${text.slice(0, 56)}…"` : text
}

function typeName(value: unknown): string {
  if (value === null) return 'empty'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a group of fields'
  if (typeof value === 'string') return 'text'
  return typeof value === 'number' ? 'a number' : typeof value === 'boolean' ? 'true/false' : typeof value
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list (lines starting with "- ")',
  object: 'a group of fields (indented under this one)',
}

/** Follows `$ref` so descriptions of referenced blocks are found. */
function resolve(schema: Schema | undefined, baseId: string | undefined, registry: SchemaRegistry): Schema | undefined {
  if (!schema || typeof schema.$ref !== 'string') return schema
  const target = new URL(schema.$ref, baseId ?? 'file:///schemas/').href
  const [file, pointer] = target.split('#')
  let found = registry.schemaAt(file!)
  for (const seg of pointerSegments(pointer ?? '')) found = (found?.[seg] as Schema | undefined) ?? undefined
  // A description written next to the $ref describes this use of the block; prefer it.
  return found ? { ...found, ...(schema.description ? { description: schema.description } : {}) } : schema
}

function hint(schema: Schema | undefined): string {
  if (!schema) return ''
  const parts: string[] = []
  if (typeof schema.description === 'string') parts.push(schema.description)
  const examples = schema.examples
  if (Array.isArray(examples) && examples.length > 0) parts.push(`For example: ${show(examples[0])}.`)
  return parts.length ? ` ${parts.join(' ')}` : ''
}

/** The closest of `candidates` to `word` by edit distance, if it is close enough to be a typo. */
export function didYouMean(word: string, candidates: string[]): string | undefined {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i)
    for (let i = 1; i <= a.length; i++) {
      let prev = row[0]!
      row[0] = i
      for (let j = 1; j <= b.length; j++) {
        const tmp = row[j]!
        row[j] = Math.min(
          row[j]! + 1,
          row[j - 1]! + 1,
          prev + (a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1),
        )
        prev = tmp
      }
    }
    return row[b.length]!
  }
  let best: string | undefined
  let bestDistance = Infinity
  for (const c of candidates) {
    const d = distance(word, c)
    if (d < bestDistance) [best, bestDistance] = [c, d]
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined
}

export type Located = { segments: (string | number)[]; message: string; atKey?: boolean }

/** One editor-facing message per ajv error. */
export function explainError(error: ErrorObject, registry: SchemaRegistry): Located {
  const segments = pointerSegments(error.instancePath)
  const parent = error.parentSchema as Schema | undefined
  const baseId = (error.schemaPath.startsWith('#') ? undefined : error.schemaPath.split('#')[0]) ?? undefined
  const fieldSchema = resolve(parent, baseId, registry)
  const value = error.data
  const p = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required': {
      const name = String(p.missingProperty)
      const properties = (parent?.properties ?? {}) as Record<string, Schema>
      return {
        segments: [...segments, name],
        message: `is missing.${hint(resolve(properties[name], baseId, registry))}`,
      }
    }
    case 'additionalProperties': {
      const name = String(p.additionalProperty)
      const allowed = Object.keys(parent?.properties ?? {}).filter((k) => k !== '$schema')
      const guess = didYouMean(name, allowed)
      return {
        segments: [...segments, name],
        atKey: true,
        message: `is not a field here.${guess ? ` Did you mean "${guess}"?` : ''} Fields allowed here: ${allowed.join(', ')}.`,
      }
    }
    case 'type': {
      const expected = String(p.type)
        .split(',')
        .map((t) => TYPE_WORDS[t] ?? t)
      return { segments, message: `is ${typeName(value)}, but must be ${expected.join(' or ')}.${hint(fieldSchema)}` }
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String)
      const guess = typeof value === 'string' ? didYouMean(value, allowed) : undefined
      return {
        segments,
        message: `${show(value)} is not one of the allowed values.${guess ? ` Did you mean "${guess}"?` : ''} Write one of: ${allowed.join(', ')}.`,
      }
    }
    case 'const':
      return { segments, message: `is ${show(value)}, but must be ${show(p.allowedValue)}.${hint(fieldSchema)}` }
    case 'pattern':
      return { segments, message: `${show(value)} is not written the right way.${hint(fieldSchema)}` }
    case 'format':
      return {
        segments,
        message: `${show(value)} is not a valid ${p.format === 'email' ? 'e-mail address' : p.format === 'date' ? 'date (write YYYY-MM-DD in quotes)' : String(p.format)}.${hint(fieldSchema)}`,
      }
    case 'minLength':
      return {
        segments,
        message: `is too short (${String(value).length} characters); write at least ${String(p.limit)}.${hint(fieldSchema)}`,
      }
    case 'maxLength':
      return {
        segments,
        message: `is too long (${String(value).length} characters); shorten it to at most ${String(p.limit)}.`,
      }
    case 'minItems':
      return {
        segments,
        message: `has ${(value as unknown[]).length} entries; it needs at least ${String(p.limit)}.${hint(fieldSchema)}`,
      }
    case 'maxItems':
      return {
        segments,
        message: `has ${(value as unknown[]).length} entries; at most ${String(p.limit)} are allowed.`,
      }
    case 'uniqueItems':
      return {
        segments,
        message: `lists the same entry twice (entries ${Number(p.j) + 1} and ${Number(p.i) + 1}); remove one.`,
      }
    case 'minimum':
    case 'maximum':
      return {
        segments,
        message: `is ${show(value)}, but must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(p.limit)}.${hint(fieldSchema)}`,
      }
    default:
      return { segments, message: `${error.message ?? 'is not valid'}.${hint(fieldSchema)}` }
  }
}
