// `npm run db:import` (scripts/db-import.ts) on SQLite and PostgreSQL with a generated export of
// 10,000 rows as Supabase's table editor writes one (a BOM, CRLF, quoted commas, quotes and line
// breaks, its timestamp format, t/f flags, empty statuses, a column of the old system), with
// invalid rows, rows already stored and ids repeated in the file: the dry run's report, line by
// line; --apply; a second --apply importing nothing; one transaction. Prints the import's time.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client.ts'
import { countSubmissions, getSubmission, insertSubmission } from '../../src/server/db/submissions.ts'
import { projectRoot } from '../../scripts/lib/server.ts'
import { createStorage, STORAGE_KINDS, type StorageTarget } from '../../scripts/lib/storage.ts'

const run = promisify(execFile)
const ROWS = 10_000
const HEADER = [
  'id',
  'name',
  'email',
  'phone',
  'service',
  'message',
  'created_at',
  'is_read',
  'read_at',
  'status',
  'is_client',
  'client_since',
  'next_delivery_date',
  'delivery_frequency',
  'delivery_notes',
  'origin_site',
]
const STATUSES = ['new', 'contacted', 'scheduled', 'completed', 'closed', '']
const SERVICES = ['ac-repair', 'heating-repair', 'installation', 'maintenance', 'commercial', 'emergency', 'other', '']

const idOf = (i: number) => `c${i.toString(16).padStart(7, '0')}-0000-4000-8000-${i.toString().padStart(12, '0')}`
const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)
const supabaseTime = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').replace('Z', '')}456+00`

/** What a generated row breaks, where it must be refused, and the report's words for it. */
const INVALID: Record<number, { cells: Record<string, string>; problem: string }> = {
  13: {
    cells: { status: 'pending' },
    problem: 'status "pending" is not one of new, contacted, scheduled, completed, closed',
  },
  77: { cells: { created_at: 'yesterday' }, problem: 'created_at "yesterday" is not a time' },
  150: { cells: { created_at: '2024-05-01 13:45:12' }, problem: 'created_at "2024-05-01 13:45:12" has no UTC offset' },
  999: { cells: { client_since: '2024-13-01' }, problem: 'client_since "2024-13-01" is not a date' },
  2024: { cells: { name: '' }, problem: 'name is empty' },
  4242: { cells: { id: '42' }, problem: 'id "42" is not a UUID' },
  7000: { cells: { is_read: 'yes' }, problem: 'is_read "yes" is not true, false, t or f' },
  9999: {
    cells: { read_at: '2024-02-30 10:00:00+00' },
    problem: 'read_at "2024-02-30 10:00:00+00" is not a real time',
  },
}
/** Rows already in the database before the import (same id): every 200th. */
const STORED = Array.from({ length: ROWS / 200 }, (_, k) => k * 200 + 5)
/** Rows repeating an earlier row's id: row → the row whose id it repeats. */
const REPEATS: Record<number, number> = { 500: 499, 5001: 12, 8888: 8000 }

type Generated = { csv: string; lineOf: Map<number, number> }

/** The file, and the line each row starts on (a message with a line break makes a row two lines). */
function generate(): Generated {
  const lineOf = new Map<number, number>()
  const lines = [HEADER.join(',')]
  let line = 2
  const base = Date.UTC(2023, 0, 1)
  for (let i = 0; i < ROWS; i++) {
    const created = base + i * 3_600_000 + (i % 1000)
    const read = i % 3 === 0
    const cells: Record<string, string> = {
      id: idOf(REPEATS[i] ?? i),
      name: i % 11 === 0 ? `O'Neil, "Jo" ${i}` : `Customer ${i}`,
      email: i % 4 === 0 ? '' : `customer${i}@example.com`,
      phone: i % 5 === 0 ? '' : i % 9 === 0 ? '555' : `(410) 555-${(i % 10000).toString().padStart(4, '0')}`,
      service: SERVICES[i % SERVICES.length]!,
      message: i % 7 === 0 ? `Line one, row ${i}\r\nLine "two"` : i % 2 ? `Message ${i}` : '',
      created_at: i % 10 === 0 ? new Date(created).toISOString().replace('Z', '-04:00') : supabaseTime(created),
      is_read: ['t', 'f', 'true', 'false', ''][i % 5]!,
      read_at: read ? supabaseTime(created + 600_000) : '',
      status: STATUSES[i % STATUSES.length]!,
      is_client: i % 13 === 0 ? 't' : i % 2 ? 'f' : '',
      client_since: i % 13 === 0 ? '2024-03-01' : '',
      next_delivery_date: i % 13 === 0 ? '2025-03-01' : '',
      delivery_frequency: i % 13 === 0 ? 'Twice a year' : '',
      delivery_notes: i % 26 === 0 ? 'Gate code 1234,\nside door' : '',
      origin_site: 'lovable',
      ...INVALID[i]?.cells,
    }
    const record = HEADER.map((h) => quote(cells[h]!)).join(',')
    lineOf.set(i, line)
    lines.push(record)
    line += record.split(/\r\n|\n/).length
  }
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, lineOf }
}

describe.each(STORAGE_KINDS)('npm run db:import on %s', (kind) => {
  let storage: StorageTarget
  let db: Db
  let dir: string
  let file: string
  let generated: Generated
  const importCsv = async (...args: string[]) => {
    const started = performance.now()
    const { stdout } = await run(process.execPath, ['scripts/db-import.ts', ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: storage.databaseUrl },
      maxBuffer: 16 * 1024 * 1024,
    })
    return { stdout, ms: performance.now() - started }
  }

  beforeAll(async () => {
    storage = await createStorage(kind)
    db = await storage.open()
    dir = mkdtempSync(path.join(tmpdir(), 'longbar-import-'))
    file = path.join(dir, 'contact_submissions_rows.csv')
    generated = generate()
    writeFileSync(file, generated.csv)
    for (const i of STORED)
      await insertSubmission(db.k, {
        id: idOf(i),
        name: `Already here ${i}`,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        is_read: false,
        status: 'new',
        is_client: false,
        is_spam: false,
      })
  })
  afterAll(async () => {
    await db?.close()
    await storage?.remove()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const invalidLines = () =>
    Object.entries(INVALID)
      .map(([i, { problem }]) => [generated.lineOf.get(Number(i))!, problem] as const)
      .sort((a, b) => a[0] - b[0])
  const expected = {
    repeated: Object.keys(REPEATS).length,
    invalid: Object.keys(INVALID).length,
    stored: STORED.length,
  }
  const toImport = ROWS - expected.repeated - expected.invalid - expected.stored

  it('says in a dry run what it would import, skip and refuse, line by line, and writes nothing', async () => {
    const { stdout } = await importCsv(file)
    expect(stdout).toContain(`${ROWS.toLocaleString('en-US')} row(s)`)
    expect(stdout).toContain(`would be imported: ${toImport.toLocaleString('en-US')}`)
    expect(stdout).toContain(`skipped, already stored (same id): ${expected.stored}`)
    expect(stdout).toContain(`skipped, same id as an earlier row of the file: ${expected.repeated}`)
    for (const [row, first] of Object.entries(REPEATS))
      expect(stdout).toContain(
        `line ${generated.lineOf.get(Number(row))}: same id as line ${generated.lineOf.get(first)}`,
      )
    expect(stdout).toContain(`invalid, not imported: ${expected.invalid}`)
    const reported = stdout
      .split('\n')
      .filter((l) => /^ {4}line \d+: /.test(l) && !l.includes('same id'))
      .map((l) => l.trim())
    expect(reported).toHaveLength(expected.invalid)
    invalidLines().forEach(([line, problem], k) => expect(reported[k]).toContain(`line ${line}: ${problem}`))
    expect(stdout).toContain('columns not imported: origin_site')
    expect(stdout).toContain('Dry run')
    expect(await countSubmissions(db)).toBe(expected.stored)
  })

  it('imports with --apply, every cell as the file has it', async () => {
    const { stdout, ms } = await importCsv(file, '--apply')
    const scriptMs = Number(/\(([\d,]+) ms\)/.exec(stdout)?.[1]?.replaceAll(',', ''))
    console.log(
      `db:import of ${ROWS.toLocaleString('en-US')} rows on ${kind}: ${scriptMs} ms importing (${Math.round(ms)} ms with node's start and migrations)`,
    )
    expect(stdout).toContain(`imported: ${toImport.toLocaleString('en-US')}`)
    expect(await countSubmissions(db)).toBe(expected.stored + toImport)
    if (kind === 'SQLite') {
      // In the full-text index in the import's own transaction (search-index.ts), with the rows
      // stored before it: nothing left for the next start to index.
      const { rows } = await sql<{
        n: number
      }>`select count(*) as n from contact_search where contact_search match '"Line one"'`.execute(db.k)
      expect(rows[0]!.n).toBeGreaterThan(0)
      await sql`insert into contact_search(contact_search, rank) values ('integrity-check', 1)`.execute(db.k)
    }

    // Row 0: an ISO time with an offset, t, a quoted comma, quotes and line breaks.
    expect(await getSubmission(db, idOf(0))).toMatchObject({
      name: `O'Neil, "Jo" 0`,
      email: null,
      phone: null,
      service: 'ac-repair',
      message: 'Line one, row 0\r\nLine "two"',
      created_at: '2023-01-01T04:00:00.000Z',
      is_read: true,
      read_at: '2023-01-01T00:10:00.000Z',
      status: 'new',
      is_client: true,
      client_since: '2024-03-01',
      next_delivery_date: '2025-03-01',
      delivery_frequency: 'Twice a year',
      delivery_notes: 'Gate code 1234,\nside door',
      is_spam: false,
      urgent_open: false,
    })
    // Row 7: Supabase's time (microseconds cut to milliseconds), "true", no service.
    expect(await getSubmission(db, idOf(7))).toMatchObject({
      created_at: '2023-01-01T07:00:00.007Z',
      status: 'contacted',
      is_read: true,
      read_at: null,
      service: null,
    })
    expect(await getSubmission(db, idOf(5))).toMatchObject({ name: 'Already here 5' })
    expect(await getSubmission(db, idOf(77))).toBeUndefined()
    // A phone the form would refuse is old data all the same.
    expect(await getSubmission(db, idOf(9))).toMatchObject({ phone: '555', status: 'completed' })
  })

  it('imports nothing the second time', async () => {
    const { stdout } = await importCsv(file, '--apply')
    expect(stdout).toContain('imported: 0')
    expect(stdout).toContain(
      `skipped, already stored (same id): ${(expected.stored + toImport).toLocaleString('en-US')}`,
    )
    expect(await countSubmissions(db)).toBe(expected.stored + toImport)
  })

  it('writes all or nothing: a row the database refuses leaves every other row out too', async () => {
    const small = path.join(dir, 'small.csv')
    const ids = [1, 2, 3].map((k) => idOf(20_000 + k))
    writeFileSync(
      small,
      `id,name,created_at\n${ids[0]},Fine,2024-01-01T00:00:00Z\n${ids[1]},Boom,2024-01-01T00:00:00Z\n${ids[2]},Fine too,2024-01-01T00:00:00Z\n`,
    )
    if (kind === 'PostgreSQL') {
      await sql`create function boom() returns trigger language plpgsql as $$ begin raise exception 'refused by a trigger'; end $$`.execute(
        db.k,
      )
      await sql`create trigger boom before insert on contact_submissions for each row when (new.name = 'Boom') execute function boom()`.execute(
        db.k,
      )
    } else {
      await sql`create trigger boom before insert on contact_submissions when new.name = 'Boom' begin select raise(abort, 'refused by a trigger'); end`.execute(
        db.k,
      )
    }
    const before = await countSubmissions(db)
    const failed = await importCsv(small, '--apply').then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    )
    expect(failed?.code).toBe(1)
    expect(failed?.stderr).toContain('refused by a trigger')
    expect(await countSubmissions(db)).toBe(before)
    await sql`drop trigger boom${kind === 'PostgreSQL' ? sql` on contact_submissions` : sql``}`.execute(db.k)
  })
})
