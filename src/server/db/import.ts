// `npm run db:import -- file.csv` (scripts/db-import.ts): requests from a CSV into
// contact_submissions, as docs/decisions/027-adopting-existing-data.md explains. The CSV is
// Supabase's table-editor export of the seed's table, or any CSV whose header names SPEC §3's
// columns (id and name at least; our other columns may come too). Each cell is read by the kind
// of its column in the stored request's one description (SUBMISSION_COLUMNS); a row that cannot
// be stored is reported with its line and why, and the others come along as they are. Rows whose
// id is already stored are skipped, so a second run imports nothing; the rows are written in one
// transaction, and only with `apply` (a dry run says what would happen).
import { parse } from 'csv-parse/sync'
import type { Kysely, Transaction } from 'kysely'
import { SERVICE_OPTIONS } from '../../lead/message.ts'
import { STATUSES, SUBMISSION_COLUMNS, type Column, type Status } from '../../lead/submission.ts'
import type { Db } from './client.ts'
import type { Tables } from './schema.ts'
import type { NewSubmission } from './submissions.ts'
import { indexNewRequests } from './search-index.ts'

type Name = keyof typeof SUBMISSION_COLUMNS
/** The columns a CSV may set: every described one but those the database computes. */
const IMPORTABLE = (Object.keys(SUBMISSION_COLUMNS) as Name[]).filter((n) => SUBMISSION_COLUMNS[n].kind !== 'computed')
/** The header must name these: the id makes a run repeatable, the name is what the inbox shows first. */
const REQUIRED_HEADER: Name[] = ['id', 'name']

type Problem = { line: number; problems: string[] }

export type ImportReport = {
  /** The data rows of the file (its header and empty lines not counted). */
  rows: number
  /** Valid rows whose id is not stored yet: imported with `apply`, else what would be. */
  toImport: number
  imported: number
  /** Rows whose id is already in the database. */
  alreadyPresent: number
  /** Rows whose id came earlier in the file: the first one counts. */
  repeated: { line: number; firstLine: number }[]
  invalid: Problem[]
  /** Header columns that are none of ours (Supabase's own, the old system's), not imported. */
  ignoredColumns: string[]
  /** Valid rows imported with a value the file did not give (an empty creation time…). */
  notes: { line: number; note: string }[]
}

/** The file is not a CSV this import can read (no header, a quote never closed…). */
export class CsvFileError extends Error {
  override name = 'CsvFileError'
}

type Record_ = { line: number; fields: string[] }

/** Counts line breaks (CRLF, LF or CR) in `buf` from `from` to `to`. */
function lineBreaks(buf: Buffer, from: number, to: number): number {
  let n = 0
  for (let i = from; i < to; i++) {
    const b = buf[i]
    if (b === 0x0a) n++
    else if (b === 0x0d && buf[i + 1] !== 0x0a) n++
  }
  return n
}

/**
 * Reads a CSV (RFC 4180: quoted fields holding commas, doubled quotes and line breaks; a BOM;
 * CRLF or LF) with csv-parse, and gives each record the line of the file it starts on.
 */
export function readCsv(buf: Buffer): { header: string[]; records: Record_[] } {
  let parsed: { record: string[]; info: { bytes: number } }[]
  try {
    parsed = parse(buf, {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as typeof parsed
  } catch (error) {
    throw new CsvFileError(`the file is not valid CSV: ${(error as Error).message}`)
  }
  // csv-parse counts a CRLF inside quotes as two lines: the line is counted here from the
  // record's first byte instead (each record ends where the next begins, after empty lines).
  const bom = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0
  let offset = bom
  let line = 1
  const records: Record_[] = []
  for (const { record, info } of parsed) {
    let start = offset
    while (buf[start] === 0x0a || buf[start] === 0x0d) start++
    line += lineBreaks(buf, offset, start)
    records.push({ line, fields: record })
    line += lineBreaks(buf, start, info.bytes)
    offset = info.bytes
  }
  const [header, ...rest] = records
  if (!header) throw new CsvFileError('the file is empty: it needs a header row naming the columns')
  return { header: header.fields.map((h) => h.trim().toLowerCase()), records: rest }
}

/** "2024-05-01 13:45:12.123456+00", "2024-05-01T13:45:12Z", "2024-05-01T09:45:12-04:00"… */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)$/i
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const FLAGS: Record<string, boolean> = { true: true, t: true, false: false, f: false }

/** A calendar day that exists (2024-02-30 does not). */
function realDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** An instant as we store it (ISO 8601, milliseconds, UTC), or the reason it is not one. */
export function parseTimestamp(text: string): { value: string } | { problem: string } {
  const m = TIMESTAMP.exec(text)
  if (!m) {
    const bare = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)
    return {
      problem: bare
        ? 'has no UTC offset (write 2024-05-01 13:45:12+00 or 2024-05-01T13:45:12Z)'
        : 'is not a time (write 2024-05-01 13:45:12+00 or 2024-05-01T13:45:12Z)',
    }
  }
  const [year, month, day, hour, minute, second = 0] = m.slice(1, 7).map((part) => (part ? Number(part) : undefined))
  const fraction = m[7] ?? ''
  const zone = (m[8] ?? 'Z').toUpperCase()
  if (!realDay(year!, month!, day!) || hour! > 23 || minute! > 59 || second > 59)
    return { problem: 'is not a real time' }
  let offsetMinutes = 0
  if (zone !== 'Z') {
    const digits = zone.slice(1).replace(':', '')
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'))
  }
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3))
  const utc = Date.UTC(year!, month! - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000
  return { value: new Date(utc).toISOString() }
}

const serviceValues = new Map(
  SERVICE_OPTIONS.flatMap((o) => [
    [o.value.toLowerCase(), o.value],
    [o.label.toLowerCase(), o.value],
  ]),
)

/** A cell as the column's value: null for an empty cell, or the reason it cannot be stored. */
function cellValue(name: Name, column: Column, text: string): { value: unknown } | { problem: string } {
  if (text === '') return { value: null }
  const quoted = JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text)
  switch (column.kind) {
    case 'uuid':
      return UUID.test(text) ? { value: text.toLowerCase() } : { problem: `${name} ${quoted} is not a UUID` }
    case 'timestamp': {
      const t = parseTimestamp(text.trim())
      return 'value' in t ? t : { problem: `${name} ${quoted} ${t.problem}` }
    }
    case 'date': {
      const m = DATE.exec(text.trim())
      return m && realDay(Number(m[1]), Number(m[2]), Number(m[3]))
        ? { value: text.trim() }
        : { problem: `${name} ${quoted} is not a date (write 2024-05-01)` }
    }
    case 'flag': {
      const flag = FLAGS[text.trim().toLowerCase()]
      return flag === undefined ? { problem: `${name} ${quoted} is not true, false, t or f` } : { value: flag }
    }
    case 'integer':
      return /^\d+$/.test(text.trim())
        ? { value: Number(text.trim()) }
        : { problem: `${name} ${quoted} is not a whole number` }
    default:
      break
  }
  if (name === 'status') {
    const status = text.trim().toLowerCase() as Status
    return STATUSES.includes(status)
      ? { value: status }
      : { problem: `status ${quoted} is not one of ${STATUSES.join(', ')}` }
  }
  // A service by its value or its label ("AC Repair"); another one is kept as it is (the inbox shows it).
  if (name === 'service') return { value: serviceValues.get(text.trim().toLowerCase()) ?? text }
  return { value: text }
}

/**
 * A row of the file as a stored request, or its problems. Old data comes along as it is
 * whenever it can be stored (a phone the form would refuse, an unknown service, long text); an
 * empty required cell is filled as migration 008 fills one (and said in `notes`), but for the
 * name and the id.
 */
function rowOf(
  header: string[],
  fields: string[],
  now: string,
): { row: NewSubmission; notes: string[] } | { problems: string[] } {
  if (fields.length !== header.length)
    return { problems: [`${fields.length} fields where the header has ${header.length} (a quote not closed?)`] }
  const values: Partial<Record<Name, unknown>> = {}
  const problems: string[] = []
  header.forEach((name, i) => {
    const column = SUBMISSION_COLUMNS[name as Name] as Column | undefined
    if (!column || column.kind === 'computed') return
    const cell = cellValue(name as Name, column, fields[i]!)
    if ('problem' in cell) problems.push(cell.problem)
    else values[name as Name] = cell.value
  })
  if (values.id === null) problems.push('id is empty')
  if (values.name === null || (typeof values.name === 'string' && values.name.trim() === ''))
    problems.push('name is empty')
  if (problems.length > 0) return { problems }

  const notes: string[] = []
  if (values.created_at == null) {
    values.created_at = values.read_at ?? now
    notes.push(`created_at empty: ${values.read_at ? 'its read_at' : 'the import time'} stored instead`)
  }
  values.is_read ??= values.read_at != null
  values.status ??= 'new'
  values.updated_at ??= values.created_at
  for (const name of IMPORTABLE) {
    const column = SUBMISSION_COLUMNS[name] as Column
    if (column.kind === 'flag' && !column.nullable) values[name] ??= false
  }
  const row = Object.fromEntries(IMPORTABLE.filter((n) => values[n] !== undefined).map((n) => [n, values[n]]))
  return { row: row as NewSubmission, notes }
}

const BATCH = 500

/** The ids of `ids` already stored. */
async function storedIds(k: Kysely<Tables> | Transaction<Tables>, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (let i = 0; i < ids.length; i += BATCH) {
    const rows = await k
      .selectFrom('contact_submissions')
      .select('id')
      .where('id', 'in', ids.slice(i, i + BATCH))
      .execute()
    for (const r of rows) found.add(r.id)
  }
  return found
}

/**
 * Reads `csv` and imports its requests into `db` (already migrated) when `apply`; otherwise
 * only says what it would do. Idempotent by id; the rows go in one transaction.
 */
export async function importSubmissions(
  db: Db,
  csv: Buffer,
  { apply = false, now = new Date() }: { apply?: boolean; now?: Date } = {},
): Promise<ImportReport> {
  const { header, records } = readCsv(csv)
  const missing = REQUIRED_HEADER.filter((n) => !header.includes(n))
  if (missing.length > 0)
    throw new CsvFileError(
      `the header row has no ${missing.join(' or ')} column (it names: ${header.join(', ')}); the columns are SPEC's: ${IMPORTABLE.slice(0, 15).join(', ')}`,
    )
  const twice = header.filter((h, i) => header.indexOf(h) !== i)
  if (twice.length > 0) throw new CsvFileError(`the header names ${[...new Set(twice)].join(', ')} twice`)

  const report: ImportReport = {
    rows: records.length,
    toImport: 0,
    imported: 0,
    alreadyPresent: 0,
    repeated: [],
    invalid: [],
    ignoredColumns: header.filter((h) => !IMPORTABLE.includes(h as Name) && h !== 'phone_digits'),
    notes: [],
  }
  const at = now.toISOString()
  const firstLine = new Map<string, number>()
  const valid: { line: number; row: NewSubmission; notes: string[] }[] = []
  for (const { line, fields } of records) {
    const result = rowOf(header, fields, at)
    if ('problems' in result) {
      report.invalid.push({ line, problems: result.problems })
      continue
    }
    const id = result.row.id
    const first = firstLine.get(id)
    if (first !== undefined) {
      report.repeated.push({ line, firstLine: first })
      continue
    }
    firstLine.set(id, line)
    valid.push({ line, ...result })
  }

  const write = async (k: Kysely<Tables> | Transaction<Tables>) => {
    const present = await storedIds(
      k,
      valid.map((v) => v.row.id),
    )
    const fresh = valid.filter((v) => !present.has(v.row.id))
    report.alreadyPresent = valid.length - fresh.length
    report.toImport = fresh.length
    report.notes = fresh.flatMap((v) => v.notes.map((note) => ({ line: v.line, note })))
    if (!apply) return
    // Rows of one batch share their columns: a file's rows all name the same ones.
    for (let i = 0; i < fresh.length; i += BATCH) {
      const batch = fresh.slice(i, i + BATCH).map((v) => v.row)
      await k.insertInto('contact_submissions').values(batch).execute()
    }
    // SQLite's full-text index takes the new rows in the same transaction (search-index.ts).
    if (db.kind === 'sqlite') await indexNewRequests(k)
    report.imported = fresh.length
  }
  if (apply) await db.k.transaction().execute(write)
  else await write(db.k)
  return report
}

/** The report as the script prints it. */
export function describeReport(report: ImportReport, { file, apply }: { file: string; apply: boolean }): string {
  const n = (x: number) => x.toLocaleString('en-US')
  const lines = [`${file}: ${n(report.rows)} row(s)`]
  lines.push(apply ? `  imported: ${n(report.imported)}` : `  would be imported: ${n(report.toImport)}`)
  lines.push(`  skipped, already stored (same id): ${n(report.alreadyPresent)}`)
  if (report.repeated.length > 0) {
    lines.push(`  skipped, same id as an earlier row of the file: ${n(report.repeated.length)}`)
    for (const r of report.repeated) lines.push(`    line ${r.line}: same id as line ${r.firstLine}`)
  }
  lines.push(`  invalid, not imported: ${n(report.invalid.length)}`)
  for (const p of report.invalid) lines.push(`    line ${p.line}: ${p.problems.join('; ')}`)
  if (report.notes.length > 0) {
    lines.push(
      `  ${apply ? 'imported' : 'to be imported'} with a value the file did not give: ${n(report.notes.length)}`,
    )
    for (const note of report.notes) lines.push(`    line ${note.line}: ${note.note}`)
  }
  if (report.ignoredColumns.length > 0) lines.push(`  columns not imported: ${report.ignoredColumns.join(', ')}`)
  lines.push(
    apply
      ? 'Done, in one transaction. Running it again imports nothing new.'
      : 'Dry run: nothing was written. Run again with --apply to import.',
  )
  return lines.join('\n')
}
