// Every SQLite statement this process prepares from now on, watched as it runs: `npm run
// bench:store` times each by its SQL, and a test records the statements of a path to read their
// plans. better-sqlite3's `prepare` wrapped once, each statement's run, all and get handed to
// `around` with its SQL and values; the returned function puts `prepare` back.
import Database from 'better-sqlite3'

type Prepare = (this: Database.Database, source: string) => Database.Statement

/** `around(source, values, run)` is called for each run of each statement; it must call `run()` and return its result. */
export function watchStatements(
  around: (source: string, values: unknown[], run: () => unknown) => unknown,
): () => void {
  const prototype = Database.prototype as unknown as { prepare: Prepare }
  const prepare = prototype.prepare
  prototype.prepare = function (this: Database.Database, source: string) {
    const statement = prepare.call(this, source)
    for (const method of ['run', 'all', 'get'] as const) {
      const plain: (...values: unknown[]) => unknown = statement[method].bind(statement)
      Object.defineProperty(statement, method, {
        value: (...values: unknown[]) => around(source, values, () => plain(...values)),
      })
    }
    return statement
  }
  return () => {
    prototype.prepare = prepare
  }
}
