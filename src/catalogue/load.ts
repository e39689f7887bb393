// Reads every record under content/, checks it against its schema and against the other records,
// and returns the typed catalogue. Node-only. Any problem in the content becomes a ContentError
// that lists every problem at once (file, line, field, what to write).
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { renderSetting } from './render-settings.ts'
import { createSchemaRegistry, type SchemaRegistry } from './schemas.ts'
import { ContentError, explainError, fieldPath, type ContentProblem } from './problems.ts'
import { fillRecord, placeholderValues, type PlaceholderValues } from './placeholders.ts'
import { lineOf, parseFile, problemAt, type ContentFile } from './content-file.ts'
import { checkAddresses, checkBooking, checkLinks, checkParents, checkPlaceholders, checkZips } from './cross-checks.ts'
import type { Catalogue, PageRecord } from './types.ts'
import type { Booking, Business, Reviews, Site, Urgency, Confirmation } from './types.gen.ts'

/** The singleton records, by file name under content/, and their schemas. */
export const SINGLETONS = {
  'business.yaml': 'business.schema.json',
  'site.yaml': 'site.schema.json',
  'reviews.yaml': 'reviews.schema.json',
  'urgency.yaml': 'urgency.schema.json',
  'confirmation.yaml': 'confirmation.schema.json',
  'booking.yaml': 'booking.schema.json',
} as const
type Singleton = keyof typeof SINGLETONS
/** Singletons a content folder may leave out: without booking.yaml nobody books online. */
const OPTIONAL = ['booking.yaml'] as const satisfies readonly Singleton[]

/** The records that passed their schemas: each singleton, and the pages in the files' order. */
type Records = {
  singletons: Record<Exclude<Singleton, (typeof OPTIONAL)[number]>, ContentFile> &
    Partial<Record<Singleton, ContentFile>>
  pages: ContentFile[]
}

const listYaml = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => /\.ya?ml$/.test(rel))
    .map((rel) => rel.split(path.sep).join('/'))
    .sort()

/** Checks a parsed file against a schema, adding a problem (at its line) for each error. */
function check(parsed: ContentFile, schemaFile: string, registry: SchemaRegistry, problems: ContentProblem[]): boolean {
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

/** A page record's template, checked against the schemas there are: the page's schema, or undefined. */
function pageSchema(parsed: ContentFile, registry: SchemaRegistry, problems: ContentProblem[]): string | undefined {
  const template = (parsed.data as { template?: unknown } | null)?.template
  if (typeof template === 'string' && registry.templates.includes(template)) return `pages/${template}.schema.json`
  problems.push(
    problemAt(
      parsed,
      ['template'],
      template === undefined
        ? `is missing. Every page record starts with "template:", one of: ${registry.templates.join(', ')}.`
        : `${JSON.stringify(template)} is not a page template. Write one of: ${registry.templates.join(', ')}.`,
    ),
  )
  return undefined
}

/**
 * Every YAML file under `contentDir`, parsed and checked against its schema (a singleton's own, a
 * page's by its template); a singleton missing is a problem too. The records with no problem.
 */
function readRecords(
  contentDir: string,
  root: string,
  registry: SchemaRegistry,
  problems: ContentProblem[],
  drafts: ReadonlyMap<string, string | null> = new Map(),
) {
  const singletons: Partial<Record<Singleton, ContentFile>> = {}
  const pages: ContentFile[] = []
  const files = new Set([...listYaml(contentDir), ...drafts.keys()])
  for (const rel of [...files].sort()) {
    const draft = drafts.get(rel)
    if (draft === null) continue
    const parsed = parseFile(root, contentDir, rel, problems, draft)
    if (!parsed) continue
    if (rel in SINGLETONS) {
      if (check(parsed, SINGLETONS[rel as Singleton], registry, problems)) singletons[rel as Singleton] = parsed
      continue
    }
    const schema = pageSchema(parsed, registry, problems)
    if (schema && check(parsed, schema, registry, problems)) pages.push(parsed)
  }
  for (const name of Object.keys(SINGLETONS) as Singleton[]) {
    if (
      !singletons[name] &&
      !(OPTIONAL as readonly Singleton[]).includes(name) &&
      !problems.some((p) => p.file.endsWith(name))
    ) {
      problems.push({
        file: path.relative(root, path.join(contentDir, name)),
        field: '',
        message: 'is missing. This file is required.',
      })
    }
  }
  return { singletons, pages }
}

/** The catalogue from records that passed every check, with their placeholders filled. */
function assemble({ singletons, pages }: Records, values: PlaceholderValues): Catalogue {
  return {
    business: fillRecord(singletons['business.yaml'].data as Business, values),
    site: fillRecord(singletons['site.yaml'].data as Site, values),
    reviews: fillRecord((singletons['reviews.yaml'].data as Reviews).reviews, values),
    urgency: singletons['urgency.yaml'].data as Urgency,
    confirmation: fillRecord(singletons['confirmation.yaml'].data as Confirmation, values),
    booking: singletons['booking.yaml'] && fillRecord(singletons['booking.yaml'].data as Booking, values),
    pages: pages.map((p) => fillRecord(p.data as PageRecord, values)).sort((a, b) => a.path.localeCompare(b.path)),
    files: new Map(pages.map((p) => [(p.data as PageRecord).path, p.file])),
  }
}

export type LoadOptions = {
  /** The content folder (default: `CONTENT_DIR` or ./content). */
  contentDir?: string
  /** Paths in messages are relative to this folder (default: the working directory). */
  root?: string
  /** The clock for {year} and {yearsInBusiness}. */
  now?: Date
  registry?: SchemaRegistry
  /**
   * Drafts read instead of the files on disk, by path under the content folder (`business.yaml`):
   * the site editor's records checked before they are written; a new path adds a file, null
   * leaves one out.
   */
  drafts?: ReadonlyMap<string, string | null>
}

export function defaultContentDir(): string {
  return path.resolve(renderSetting('CONTENT_DIR') || 'content')
}

/**
 * Each file against its schema first; then, when all pass, the records against each other
 * (cross-checks.ts). Throws a ContentError with every problem of the step that found some.
 */
export function loadCatalogue(options: LoadOptions = {}): Catalogue {
  const contentDir = options.contentDir ?? defaultContentDir()
  const root = options.root ?? process.cwd()
  const registry = options.registry ?? createSchemaRegistry()
  const problems: ContentProblem[] = []

  const { singletons, pages } = readRecords(contentDir, root, registry, problems, options.drafts)
  if (problems.length > 0) throw new ContentError(problems)
  const records = { singletons: singletons as Records['singletons'], pages }

  const values = placeholderValues(records.singletons['business.yaml'].data as Business, options.now)
  checkPlaceholders([...Object.values(records.singletons), ...pages], values, problems)
  const addresses = checkAddresses(pages, problems)
  checkParents(pages, problems)
  checkZips(pages, problems)
  if (records.singletons['booking.yaml']) checkBooking(records.singletons['booking.yaml'], problems)
  checkLinks([records.singletons['site.yaml'], ...pages], [...addresses.keys()], problems)
  if (problems.length > 0) throw new ContentError(problems)

  return assemble(records, values)
}

/** The catalogues loaded lately, by folder, the latest last. */
const cached = new Map<string, Catalogue>()
/** How many: the live site's, and a preview's or a publish's rendered beside it. */
const CACHED_FOLDERS = 3
/**
 * The catalogue of ./content (or CONTENT_DIR, or the render's own folder: render-settings.ts),
 * loaded once per folder: the site editor renders each release and preview from a folder of its
 * own, in the process that serves (src/server/editor/*), while the live site's keeps serving.
 */
export function getCatalogue(): Catalogue {
  const dir = defaultContentDir()
  const catalogue = cached.get(dir) ?? loadCatalogue({ contentDir: dir })
  cached.delete(dir)
  cached.set(dir, catalogue)
  if (cached.size > CACHED_FOLDERS) cached.delete(cached.keys().next().value!)
  return catalogue
}
