// The records the site editor edits: every YAML file of the content folder (CONTENT_DIR), listed
// by kind, read with its JSON Schema (its `$ref`s written out, for a form made from it), and
// checked as drafts with the same loader, schemas and cross-record rules as `npm run
// content:check` (src/catalogue/load.ts), before anything is written. A record is named by its
// path under the content folder (`areas/towns/bel-air-hvac.yaml`); a name that is not one of the
// folder's records (or a new town's) names nothing, so nothing outside the folder can be reached.
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { loadCatalogue, SINGLETONS } from '../../catalogue/load.ts'
import { ContentError } from '../../catalogue/problems.ts'
import { createSchemaRegistry, type SchemaRegistry } from '../../catalogue/schemas.ts'
import { editedText } from './yaml-edit.ts'
import { NEAR_COPY_SHARE, sharedShare, wordRuns } from './near-copy.ts'
import { townRecord } from '../../catalogue/new-town.ts'

const RECORD_KINDS = [
  'business',
  'site',
  'reviews',
  'urgency',
  'confirmation',
  'booking',
  'page',
  'service',
  'town',
  'county',
  'state',
] as const
export type RecordKind = (typeof RECORD_KINDS)[number]

export type RecordEntry = { id: string; kind: RecordKind; name: string; path?: string }
export type EditorRecord = RecordEntry & {
  data: unknown
  /** The file's version: a draft based on another is refused at publishing (the file changed on disk). */
  version: string
  schema: Record<string, unknown>
}
export type Draft = { id: string; data: unknown }
/** A problem as `content:check` words it, at its record and field. */
export type EditorProblem = { id: string; field: string; line?: number; message: string }

/** A record's name: lowercase words and hyphens, in at most two folders, ending in .yaml. */
const RECORD_ID = /^(?:[a-z0-9][a-z0-9-]*\/){0,2}[a-z0-9][a-z0-9-]*\.yaml$/
/** A new town's record (scripts/new-town.ts townFile). */
const NEW_TOWN_ID = /^areas\/towns\/[a-z0-9][a-z0-9-]*-hvac\.yaml$/

const FOLDER_KINDS: [string, RecordKind][] = [
  ['pages/', 'page'],
  ['services/', 'service'],
  ['areas/towns/', 'town'],
  ['areas/counties/', 'county'],
  ['areas/states/', 'state'],
]

function kindOf(id: string): RecordKind | undefined {
  if (id in SINGLETONS) return id.slice(0, -'.yaml'.length) as RecordKind
  return FOLDER_KINDS.find(([folder]) => id.startsWith(folder))?.[1]
}

const versionOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16)

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `schema` with every `$ref` replaced by what it points at (a description beside it wins). */
function inlineRefs(schema: unknown, base: string, registry: SchemaRegistry, depth = 0): unknown {
  if (depth > 30) throw new Error(`a schema's $ref goes too deep at ${base}`)
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(item, base, registry, depth))
  if (!isObject(schema)) return schema
  if (typeof schema.$ref === 'string') {
    const target = new URL(schema.$ref, base).href
    const [file, pointer = ''] = target.split('#') as [string, string?]
    let found: unknown = registry.schemaAt(file)
    for (const seg of pointer.split('/').filter(Boolean)) found = isObject(found) ? found[seg] : undefined
    if (!isObject(found)) throw new Error(`the schema ${base} points at ${target}, which does not exist`)
    const { $ref: _ref, ...beside } = schema
    return inlineRefs({ ...found, ...beside }, file, registry, depth + 1)
  }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id' || key === '$schema' || key === 'definitions') continue
    out[key] = inlineRefs(value, base, registry, depth)
  }
  return out
}

export type ContentRecords = ReturnType<typeof contentRecords>

export function contentRecords(contentDir: string, registry: SchemaRegistry = createSchemaRegistry()) {
  const fileOf = (id: string) => path.join(contentDir, id)

  /** The folder's records, singletons first, then pages by folder and name. */
  function list(): RecordEntry[] {
    const ids = readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
      .map((rel) => rel.split(path.sep).join('/'))
      .filter((rel) => RECORD_ID.test(rel) && kindOf(rel) !== undefined && lstatSync(fileOf(rel)).isFile())
    const entries = ids.map((id): RecordEntry => {
      const data: unknown = parse(readFileSync(fileOf(id), 'utf8'))
      const kind = kindOf(id)!
      const name = isObject(data) && typeof data.name === 'string' ? data.name : kind
      return { id, kind, name, ...(isObject(data) && typeof data.path === 'string' ? { path: data.path } : {}) }
    })
    const rank = (e: RecordEntry) => RECORD_KINDS.indexOf(e.kind)
    return entries.sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id))
  }

  const realFolder = realpathSync(contentDir)
  /** Whether `id`'s folder is the content folder or one inside it (not a link out of it). */
  const insideFolder = (id: string) => {
    const folder = path.dirname(fileOf(id))
    if (!existsSync(folder)) return false
    const real = realpathSync(folder)
    return real === realFolder || real.startsWith(realFolder + path.sep)
  }

  /** Whether `id` is one of the folder's records (a regular file, not a link out of it). */
  function exists(id: string): boolean {
    if (!RECORD_ID.test(id) || kindOf(id) === undefined || !insideFolder(id)) return false
    return lstatSync(fileOf(id), { throwIfNoEntry: false })?.isFile() === true
  }

  /** Whether a draft may name `id`: an existing record, or a new town's where nothing is yet. */
  const mayWrite = (id: string) =>
    exists(id) ||
    (NEW_TOWN_ID.test(id) && insideFolder(id) && lstatSync(fileOf(id), { throwIfNoEntry: false }) === undefined)

  function schemaFileOf(id: string, data: unknown): string | undefined {
    if (id in SINGLETONS) return SINGLETONS[id as keyof typeof SINGLETONS]
    const template = isObject(data) ? data.template : undefined
    return typeof template === 'string' && registry.templates.includes(template)
      ? `pages/${template}.schema.json`
      : undefined
  }

  /** The schema a record's form is made from, `$ref`s written out. */
  function schemaOf(id: string, data: unknown): Record<string, unknown> {
    const file = schemaFileOf(id, data) ?? 'pages/locality.schema.json'
    return inlineRefs(registry.schemaAt(`file:///schemas/${file}`), `file:///schemas/${file}`, registry) as Record<
      string,
      unknown
    >
  }

  function read(id: string): EditorRecord | undefined {
    if (!exists(id)) return undefined
    const text = readFileSync(fileOf(id), 'utf8')
    const data: unknown = parse(text)
    const entry = list().find((e) => e.id === id)!
    return { ...entry, data, version: versionOf(text), schema: schemaOf(id, data) }
  }

  /** The current text of a record, undefined for a new one. */
  const textOf = (id: string) => (exists(id) ? readFileSync(fileOf(id), 'utf8') : undefined)

  /** A draft's YAML: the file with what changed written (yaml-edit.ts), or a new file with its modeline. */
  function draftText(draft: Draft): string {
    const original = textOf(draft.id)
    if (original !== undefined) return editedText(original, draft.data)
    const schema = schemaFileOf(draft.id, draft.data) ?? 'pages/locality.schema.json'
    const depth = draft.id.split('/').length - 1
    return editedText(`# yaml-language-server: $schema=${'../'.repeat(depth + 1)}schemas/${schema}\n`, draft.data)
  }

  /**
   * The drafts checked with the rest of the folder as `content:check` checks it: each problem at
   * its record and field, in its words; with their texts when there is none. Without `nearCopy`,
   * what the page would be is all that is asked (a preview shows a near-copy; publishing refuses it).
   */
  function check(
    drafts: Draft[],
    { nearCopy = true }: { nearCopy?: boolean } = {},
  ): { problems: EditorProblem[]; texts: Map<string, string> } {
    const texts = new Map(drafts.map((draft) => [draft.id, draftText(draft)]))
    const problems: EditorProblem[] = []
    try {
      loadCatalogue({ contentDir, root: contentDir, registry, drafts: texts })
    } catch (error) {
      if (!(error instanceof ContentError)) throw error
      for (const { file, field, line, message } of error.problems)
        problems.push({ id: file.split(path.sep).join('/'), field, ...(line === undefined ? {} : { line }), message })
    }
    return { problems: nearCopy ? [...problems, ...nearCopies(drafts)] : problems, texts }
  }

  /** Each drafted town page that is mostly another place's words, or new:town's starter text. */
  function nearCopies(drafts: Draft[]): EditorProblem[] {
    const towns = drafts.filter((d) => kindOf(d.id) === 'town')
    if (towns.length === 0) return []
    const drafted = new Map(drafts.map((d) => [d.id, d.data]))
    const places = list()
      .filter((e) => e.kind === 'town' || e.kind === 'county' || e.kind === 'state')
      .map((e) => e.id)
    const others = [...new Set([...places, ...towns.map((t) => t.id)])].map((id) => ({
      id,
      runs: wordRuns(drafted.has(id) ? drafted.get(id) : parse(readFileSync(fileOf(id), 'utf8'))),
    }))
    const starter = { id: 'the starter text of a new town', runs: wordRuns(parse(townRecord({ name: 'Sample' }))) }
    return towns.flatMap(({ id, data }) => {
      const runs = wordRuns(data)
      const [closest, share] = [starter, ...others.filter((o) => o.id !== id)]
        .map((other) => [other.id, sharedShare(runs, other.runs)] as const)
        .reduce((best, next) => (next[1] > best[1] ? next : best))
      if (share <= NEAR_COPY_SHARE) return []
      return [
        {
          id,
          field: 'intro.paragraphs',
          message: `is mostly the same words as ${closest} (${Math.round(share * 100)}% of its five-word runs). A town page must be about its town: rewrite the introduction, the cards and the closing words in your own words.`,
        },
      ]
    })
  }

  return { contentDir, list, read, exists, mayWrite, textOf, check, draftText, versionOf, schemaOf }
}
