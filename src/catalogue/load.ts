// Reads every record under content/, checks it against its schema and against the other records,
// and returns the typed catalogue. Node-only. Any problem in the content becomes a ContentError
// that lists every problem at once (file, line, field, what to write).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { LineCounter, parseDocument, isMap, isPair, isScalar, type Document } from 'yaml'
import { createSchemaRegistry, type SchemaRegistry } from './schemas.ts'
import { ContentError, didYouMean, explainError, fieldPath, type ContentProblem } from './problems.ts'
import { fillRecord, placeholderValues, stringsOf, unknownPlaceholders } from './placeholders.ts'
import { FIXED_PATHS } from './routes.ts'
import { zipEntries, type ZipRecord } from '../lead/service-area.ts'
import type { Business, ContentRecords, Reviews, Site, Urgency, Confirmation } from './types.gen.ts'

/** Every kind of page record: one per schema in schemas/pages/ (the records with a template). */
export type PageRecord = Extract<ContentRecords[keyof ContentRecords], { template: string }>
export type Template = PageRecord['template']
export type Review = Reviews['reviews'][number]

export type Catalogue = {
  business: Business
  site: Site
  reviews: Review[]
  /** What makes a request urgent in the inbox. */
  urgency: Urgency
  /** The e-mail a visitor who gave an address receives after sending the form. */
  confirmation: Confirmation
  /** Page records with placeholders filled, in a stable order (by path). */
  pages: PageRecord[]
  /** The file each page came from, by path (relative to the project root). */
  files: Map<string, string>
}

/** The singleton records, by file name under content/, and their schemas. */
const SINGLETONS = {
  'business.yaml': 'business.schema.json',
  'site.yaml': 'site.schema.json',
  'reviews.yaml': 'reviews.schema.json',
  'urgency.yaml': 'urgency.schema.json',
  'confirmation.yaml': 'confirmation.schema.json',
} as const

type Parsed = { file: string; doc: Document; lines: LineCounter; data: unknown }

const listYaml = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => /\.ya?ml$/.test(rel))
    .map((rel) => rel.split(path.sep).join('/'))
    .sort()

/** The line of a field in its YAML file (of the key when `atKey`, else of the value). */
function lineOf(parsed: Parsed, segments: (string | number)[], atKey = false): number | undefined {
  let node: unknown = parsed.doc.contents
  let range: [number, number, number] | undefined = (node as { range?: [number, number, number] } | null)?.range
  for (const [i, seg] of segments.entries()) {
    if (!isMap(node) && !(node && typeof node === 'object' && 'items' in node)) break
    const items = (node as { items: unknown[] }).items
    let next: unknown
    if (typeof seg === 'number') next = items[seg]
    else {
      const pair = items.find((i) => isPair(i) && isScalar(i.key) && i.key.value === seg)
      if (isPair(pair)) {
        const keyRange = (pair.key as { range?: [number, number, number] }).range
        if (atKey && i === segments.length - 1) return keyRange ? parsed.lines.linePos(keyRange[0]).line : undefined
        next = pair.value ?? pair.key
      }
    }
    if (!next) break
    node = next
    range = (node as { range?: [number, number, number] }).range ?? range
  }
  return range ? parsed.lines.linePos(range[0]).line : undefined
}

/** A problem at a field of a parsed file, with the field's line. */
function problemAt(parsed: Parsed, segments: (string | number)[], message: string, atKey = false): ContentProblem {
  return { file: parsed.file, line: lineOf(parsed, segments, atKey), field: fieldPath(segments), message }
}

function parseFile(root: string, contentDir: string, rel: string, problems: ContentProblem[]): Parsed | undefined {
  const file = path.relative(root, path.join(contentDir, rel)) || rel
  const lines = new LineCounter()
  const doc = parseDocument(readFileSync(path.join(contentDir, rel), 'utf8'), {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
  })
  if (doc.errors.length > 0) {
    for (const err of doc.errors) {
      problems.push({
        file,
        line: lines.linePos(err.pos[0]).line,
        field: '',
        message: `is not valid YAML: ${err.message.split('\n')[0]}`,
      })
    }
    return undefined
  }
  return { file, doc, lines, data: doc.toJS() }
}

function check(parsed: Parsed, schemaFile: string, registry: SchemaRegistry, problems: ContentProblem[]): boolean {
  const validate = registry.validator(schemaFile)
  if (validate(parsed.data)) return true
  for (const error of validate.errors ?? []) {
    // An `if`/`anyOf` wrapper repeats what its branches said; skip it.
    if (error.keyword === 'if' || error.keyword === 'anyOf' || error.keyword === 'oneOf') continue
    const { segments, message, atKey } = explainError(error, registry)
    // A missing field is reported at the key of the block it belongs in (`hero:`).
    const missing = error.keyword === 'required'
    const line = lineOf(parsed, missing ? segments.slice(0, -1) : segments, missing || atKey)
    problems.push({ file: parsed.file, line, field: fieldPath(segments), message })
  }
  return false
}

export type LoadOptions = {
  /** The content folder (default: `CONTENT_DIR` or ./content). */
  contentDir?: string
  /** Paths in messages are relative to this folder (default: the working directory). */
  root?: string
  /** The clock for {year} and {yearsInBusiness}. */
  now?: Date
  registry?: SchemaRegistry
}

export function defaultContentDir(): string {
  return path.resolve(process.env.CONTENT_DIR || 'content')
}

export function loadCatalogue(options: LoadOptions = {}): Catalogue {
  const contentDir = options.contentDir ?? defaultContentDir()
  const root = options.root ?? process.cwd()
  const registry = options.registry ?? createSchemaRegistry()
  const problems: ContentProblem[] = []
  const singletons: Partial<Record<keyof typeof SINGLETONS, Parsed>> = {}
  const pageFiles: Parsed[] = []

  for (const rel of listYaml(contentDir)) {
    const parsed = parseFile(root, contentDir, rel, problems)
    if (!parsed) continue
    if (rel in SINGLETONS) {
      const name = rel as keyof typeof SINGLETONS
      if (check(parsed, SINGLETONS[name], registry, problems)) singletons[name] = parsed
      continue
    }
    const template = (parsed.data as { template?: unknown } | null)?.template
    if (typeof template !== 'string' || !registry.templates.includes(template)) {
      problems.push(
        problemAt(
          parsed,
          ['template'],
          template === undefined
            ? `is missing. Every page record starts with "template:", one of: ${registry.templates.join(', ')}.`
            : `${JSON.stringify(template)} is not a page template. Write one of: ${registry.templates.join(', ')}.`,
        ),
      )
      continue
    }
    if (check(parsed, `pages/${template}.schema.json`, registry, problems)) pageFiles.push(parsed)
  }
  for (const name of Object.keys(SINGLETONS)) {
    if (!singletons[name as keyof typeof SINGLETONS] && !problems.some((p) => p.file.endsWith(name))) {
      problems.push({
        file: path.relative(root, path.join(contentDir, name)),
        field: '',
        message: 'is missing. This file is required.',
      })
    }
  }
  if (problems.length > 0) throw new ContentError(problems)

  const business = singletons['business.yaml']!.data as Business
  const values = placeholderValues(business, options.now)

  // Placeholders: every {name} must be one we know.
  for (const parsed of [...Object.values(singletons), ...pageFiles] as Parsed[]) {
    for (const [at, text] of stringsOf(parsed.data)) {
      for (const name of unknownPlaceholders(text, values)) {
        problems.push(
          problemAt(
            parsed,
            at,
            `uses {${name}}, which is not a known placeholder. Use one of: ${Object.keys(values)
              .map((v) => `{${v}}`)
              .join(', ')}.`,
          ),
        )
      }
    }
  }

  // Addresses: each path or alias belongs to one page only.
  const owner = new Map<string, Parsed>()
  for (const parsed of pageFiles) {
    const record = parsed.data as PageRecord
    for (const [i, address] of [record.path, ...(record.aliases ?? [])].entries()) {
      const other = owner.get(address)
      if (other) {
        const at = i === 0 ? ['path'] : ['aliases', i - 1]
        problems.push(
          problemAt(
            parsed,
            at,
            `${address} is already the address of ${other.file}. Each address can show only one page.`,
          ),
        )
      } else owner.set(address, parsed)
    }
  }
  for (const parsed of pageFiles) {
    const record = parsed.data as PageRecord
    if (record.parent && !pageFiles.some((p) => (p.data as PageRecord).path === record.parent)) {
      problems.push(
        problemAt(
          parsed,
          ['parent'],
          `${record.parent} is not the path of any page. Write the path of an existing page, or leave "parent" out.`,
        ),
      )
    }
  }
  // ZIP codes: each belongs to one area record only (src/lead/service-area.ts).
  const zipOwner = new Map<string, Parsed>()
  const zipRecords = pageFiles.map((parsed) => ({ ...(parsed.data as ZipRecord), parsed }))
  for (const { zip, record, index } of zipEntries(zipRecords)) {
    const other = zipOwner.get(zip)
    if (other)
      problems.push(
        problemAt(
          record.parsed,
          ['zips', index],
          `${zip} is already listed by ${other.file}. Each ZIP code belongs to one place: remove it here or there.`,
        ),
      )
    else zipOwner.set(zip, record.parsed)
  }
  // Internal links: every "/…" href must be a page's path or alias, or a fixed page.
  const addresses = [...owner.keys(), ...FIXED_PATHS]
  const known = new Set(addresses)
  const linking = [singletons['site.yaml'], ...pageFiles].filter((p): p is Parsed => p !== undefined)
  for (const parsed of linking) {
    for (const [at, href] of stringsOf(parsed.data)) {
      if (at[at.length - 1] !== 'href' || !href.startsWith('/')) continue
      const target = href.split('#')[0]!
      if (known.has(target)) continue
      const guess = didYouMean(target, addresses)
      problems.push(
        problemAt(
          parsed,
          at,
          `${href} is not a page of this site.${guess ? ` Did you mean "${guess}"?` : ''} Link to the path or an alias of a page in content/, or to ${FIXED_PATHS.join(', ')}.`,
        ),
      )
    }
  }
  if (problems.length > 0) throw new ContentError(problems)

  const pages = pageFiles
    .map((p) => fillRecord(p.data as PageRecord, values))
    .sort((a, b) => a.path.localeCompare(b.path))
  return {
    business: fillRecord(business, values),
    site: fillRecord(singletons['site.yaml']!.data as Site, values),
    reviews: fillRecord((singletons['reviews.yaml']!.data as Reviews).reviews, values),
    urgency: singletons['urgency.yaml']!.data as Urgency,
    confirmation: fillRecord(singletons['confirmation.yaml']!.data as Confirmation, values),
    pages,
    files: new Map(pageFiles.map((p) => [(p.data as PageRecord).path, p.file])),
  }
}

let cached: Catalogue | undefined
/** The catalogue of ./content (or CONTENT_DIR), loaded once per process. */
export function getCatalogue(): Catalogue {
  cached ??= loadCatalogue()
  return cached
}
