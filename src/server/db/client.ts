// The database: SQLite (embedded default) or PostgreSQL (DATABASE_URL=postgres://…), behind one
// Kysely instance. Every query is a plain function taking the Db first, in this folder's modules
// by table (submissions.ts, outbox.ts, sessions.ts, spam-digests.ts, rate-limits.ts…); the
// features above call them and hold no SQL of their own.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type SqliteStatement } from 'kysely'
import pg from 'pg'
import type { Tables } from './schema.ts'
import { groupCommit } from './group-commit.ts'
import { requestIndexer } from './search-index.ts'
import { preparedName } from './compiled.ts'
import { plannedOnce } from './planned-once.ts'
import { observeQueries } from '../metrics.ts'

export type Db = {
  kind: 'sqlite' | 'postgres'
  k: Kysely<Tables>
  /**
   * Runs `work` as one transaction: committed whole or not at all, and durable when the promise
   * resolves. On SQLite, transactions that arrive together share one commit (group-commit.ts).
   */
  transact<T>(work: (trx: Kysely<Tables>) => Promise<T>): Promise<T>
  close(): Promise<void>
}

// PostgreSQL `date` columns stay 'YYYY-MM-DD' strings (pg would make a local-midnight Date).
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value)
// bigint (count(*), window starts) as a number: our values stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

/**
 * SQLite has no boolean type and better-sqlite3 binds none: true/false travel as 1/0. Converted
 * as each statement's values are bound (a plugin rewriting every query's tree cost more than the
 * query's own work in SQLite).
 */
const bindable = (parameters: readonly unknown[]): readonly unknown[] =>
  parameters.some((v) => typeof v === 'boolean')
    ? parameters.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v))
    : parameters

/** A prepared statement whose booleans are bound as 1 and 0 (what Kysely's SQLite driver calls). */
function withBooleans(statement: Database.Statement): SqliteStatement {
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(bindable(parameters)),
    run: (parameters) => statement.run(bindable(parameters)),
    iterate: (parameters) => statement.iterate(bindable(parameters)),
  }
}

/**
 * The statements the contact path compiles once (compiled.ts) run as named prepared statements on
 * this connection: PostgreSQL parses and plans each once, not on every request (a fifth more
 * requests per second). Every other query goes as it came. Needs a session of its own per
 * connection: the direct connection or a session pooler (docs/operations.md), not a transaction
 * pooler.
 */
function prepareReusedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((...args: unknown[]) => {
    const [text, values] = args
    const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? preparedName(text) : undefined
    return name ? query({ name, text, values }) : query(...args)
  }) as typeof client.query
}

/** Which database to open: a SQLite file (or ':memory:') or a PostgreSQL URL (DATABASE_URL, src/server/env.ts). */
export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }

export function openDatabase(database: DatabaseTarget): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      // Fail fast when PostgreSQL is down: the visitor gets an answer with the phone number
      // instead of a hanging request (tests/faults: PostgreSQL gone mid-traffic).
      connectionTimeoutMillis: 3_000,
      query_timeout: 10_000,
      idleTimeoutMillis: 30_000,
    })
    // A connection lost while idle in the pool, or while checked out between two statements of a
    // transaction (PostgreSQL restarted, network cut), must not crash the process: the query on it
    // fails and reaches its caller, and the pool drops the broken client (tests/faults).
    const ignore = () => undefined
    pool.on('error', ignore)
    pool.on('connect', (client) => {
      client.on('error', ignore)
      prepareReusedStatements(client)
    })
    const k = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), log: observeQueries('postgres') })
    return {
      kind: 'postgres',
      k,
      transact: (work) => k.transaction().execute(work),
      close: () => k.destroy(),
    }
  }

  if (database.file !== ':memory:') mkdirSync(path.dirname(database.file), { recursive: true })
  const sqlite = new Database(database.file)
  // WAL lets readers go on while one writer commits; synchronous=FULL syncs the log on every
  // commit, so a committed request survives a power cut (NORMAL could lose the last ones).
  if (database.file !== ':memory:') sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  // The savepoint journals (group-commit.ts runs each request in a savepoint) and temporary sorts
  // in memory, not in files: in a file, each statement that changes a page in a savepoint wrote
  // it out and each release cleared it, which cost more than SQLite's own work for a new request
  // (insert 211 → 81 µs of CPU, the rate limit's 83 → 36; `npm run bench:contact`).
  sqlite.pragma('temp_store = MEMORY')
  // Statements prepared once and reused: preparing is a sixth of a request's time otherwise. Their
  // bound values hidden from the planner, so that a new value does not make SQLite plan them again
  // at the next run (planned-once.ts).
  const statements = new Map<string, SqliteStatement>()
  const cachedSqlite = {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text)
      if (!statement) {
        if (statements.size >= 1000) statements.clear()
        statement = withBooleans(sqlite.prepare(plannedOnce(text)))
        statements.set(text, statement)
      }
      return statement
    },
  }
  const k = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: cachedSqlite }),
    log: observeQueries('sqlite'),
  })
  return {
    kind: 'sqlite',
    k,
    // Each batch's new requests enter the full-text index in one statement before its COMMIT.
    transact: groupCommit(k, requestIndexer()),
    close: () => k.destroy(),
  }
}
