// Run once per release, before the next one changes the database: records the SQL this release
// runs for a contact request (its rate-limit hit, the row, its alert) and for the inbox's first
// page (a view, a search, the counts), on SQLite and PostgreSQL, into
// tests/fixtures/previous-release-queries.json. tests/integration/previous-release.test.ts then
// replays it against a database migrated by the code that follows: the check that an upgrade
// widens first and narrows a release later (docs/operations.md, Upgrades).
//   node scripts/record-release-queries.ts
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely'
import pg from 'pg'
import { storeContactRequest } from '../src/server/contact/store.ts'
import type { Db } from '../src/server/db/client.ts'
import { migrate } from '../src/server/db/migrations.ts'
import type { Tables } from '../src/server/db/schema.ts'
import { listSubmissions } from '../src/server/db/submissions.ts'
import { viewCounts } from '../src/server/db/views.ts'
import { createTestDatabase } from './lib/postgres.ts'

type Statement = { sql: string; parameters: unknown[] }
const OUT = path.resolve(import.meta.dirname, '../tests/fixtures/previous-release-queries.json')

/** A database of `kind` whose every statement is appended to `log` (transaction brackets left out). */
async function loggedDatabase(kind: Db['kind'], log: Statement[]): Promise<{ db: Db; drop(): Promise<void> }> {
  const onLog = (event: LogEvent) => {
    const { sql, parameters } = event.query
    if (event.level === 'query' && !['begin', 'commit'].includes(sql)) log.push({ sql, parameters: [...parameters] })
  }
  if (kind === 'postgres') {
    const target = await createTestDatabase('longbar_record')
    const k = new Kysely<Tables>({
      log: onLog,
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url }) }),
    })
    const db: Db = { kind, k, transact: (work) => k.transaction().execute(work), close: () => k.destroy() }
    return { db, drop: () => target.drop() }
  }
  const sqlite = new Database(':memory:')
  const bind = (values: readonly unknown[]) => values.map((v) => (typeof v === 'boolean' ? Number(v) : v))
  const k = new Kysely<Tables>({
    log: onLog,
    dialect: new SqliteDialect({
      database: {
        close: () => sqlite.close(),
        prepare(text: string) {
          const statement = sqlite.prepare(text)
          return {
            reader: statement.reader,
            all: (values) => statement.all(bind(values)),
            run: (values) => statement.run(bind(values)),
            iterate: (values) => statement.iterate(bind(values)),
          }
        },
      },
    }),
  })
  return {
    db: { kind, k, transact: (work) => k.transaction().execute(work), close: () => k.destroy() },
    drop: () => Promise.resolve(),
  }
}

const recorded: Record<string, unknown> = {
  release: execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim(),
  note: 'Written by scripts/record-release-queries.ts; never edited by hand.',
}
for (const kind of ['sqlite', 'postgres'] as const) {
  const log: Statement[] = []
  const target = await loggedDatabase(kind, log)
  const { db } = target
  try {
    await migrate(db)
    const take = async (work: () => Promise<unknown>) => {
      log.length = 0
      await work()
      return [...log]
    }
    recorded[kind] = {
      insert: await take(() =>
        storeContactRequest(db, {
          message: {
            name: 'Previous Release',
            phone: '410-555-0142',
            email: 'previous@example.com',
            service: 'heating-repair',
            message: 'No heat since this morning',
            zip: '21014',
            page: '/contact',
          },
          clientKey: '203.0.113.9',
          now: new Date('2026-11-25T15:00:00.000Z'),
        }),
      ),
      list: await take(() => listSubmissions(db, { view: 'all', limit: 25 })),
      search: await take(() => listSubmissions(db, { view: 'all', limit: 25, words: ['heat'] })),
      counts: await take(() => viewCounts(db, '2026-11-25')),
    }
  } finally {
    await db.close()
    await target.drop()
  }
}
writeFileSync(OUT, `${JSON.stringify(recorded, null, 2)}\n`)
console.log(`recorded ${OUT}`)
