// Statements of the contact path compiled once per shape. Kysely builds and compiles a query
// afresh each time it runs, and for a new request's 35 columns, or the rate limit's windows, that
// costs more than SQLite's own work to run it. Such a query is compiled for its first input of
// each shape (the same columns, the same windows) on each kind of database; later inputs of that
// shape reuse its SQL with their own values. On PostgreSQL that SQL is also a prepared statement
// of its own name (client.ts), which the database parses and plans once per connection.
import { CompiledQuery, type Compilable, type Kysely, type QueryResult, type Transaction } from 'kysely'
import type { Tables } from './schema.ts'

type Writer = Kysely<Tables> | Transaction<Tables>
/** The database's kind (Db['kind'] of client.ts): each compiles its own SQL. */
type Kind = 'sqlite' | 'postgres'

/** The SQL reused, each with its statement's name. */
const names = new Map<string, string>()

/** The name to prepare `sql` under, if it is the SQL of a statement compiled once. */
export const preparedName = (sql: string): string | undefined => names.get(sql)

/**
 * `build(trx, input)` run for each input, compiled once per shape on a database of `kind` (without
 * it, every time). `shape` names what the SQL depends on; `parameters` lists the input's values in
 * the order the query binds them. A shape whose compiled parameters are not exactly those is
 * compiled every time: a wrong list costs speed, never a wrong value.
 */
export function compiledOnce<Input, Row = unknown>({
  build,
  shape,
  parameters,
}: {
  build: (trx: Writer, input: Input) => Compilable<Row>
  shape: (input: Input) => string
  parameters: (input: Input) => unknown[]
}): (trx: Writer, kind: Kind | undefined, input: Input) => Promise<QueryResult<Row>> {
  /** The SQL of each shape, or null for a shape whose query cannot be reused. */
  const known = new Map<string, string | null>()
  return async (trx, kind, input) => {
    if (kind === undefined) return trx.executeQuery(build(trx, input).compile())
    const key = `${kind}:${shape(input)}`
    const values = parameters(input)
    const text = known.get(key)
    if (text) return trx.executeQuery<Row>(CompiledQuery.raw(text, values))
    const compiled = build(trx, input).compile()
    if (text === undefined) {
      const reusable = sameValues(compiled.parameters, values)
      known.set(key, reusable ? compiled.sql : null)
      if (reusable && !names.has(compiled.sql)) names.set(compiled.sql, `longbar_${names.size + 1}`)
    }
    return trx.executeQuery(compiled)
  }
}

/** `build(trx, row)` for rows of one table, compiled once per set of columns (the values are bound in the row's order). */
export function compiledPerShape<Row extends object>(
  build: (trx: Writer, row: Row) => Compilable,
): (trx: Writer, kind: Kind | undefined, row: Row) => Promise<QueryResult<unknown>> {
  return compiledOnce({
    build,
    shape: (row) => Object.keys(row).join(','),
    parameters: (row) => Object.values(row) as unknown[],
  })
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => value === b[i])
