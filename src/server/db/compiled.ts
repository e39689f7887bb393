// Inserts compiled once per shape. Kysely builds and compiles a query afresh each time it runs,
// and for a new request's 35 columns that costs more than SQLite's own work to store them. A
// query built from a row is compiled for the first row of each shape (the same columns in the
// same order, on the same kind of database); later rows reuse its SQL with their own values.
import { CompiledQuery, type Compilable, type Kysely, type QueryResult, type Transaction } from 'kysely'
import type { Db } from './client.ts'
import type { Tables } from './schema.ts'

type Writer = Kysely<Tables> | Transaction<Tables>

/**
 * `build(trx, row)` run for each row, compiled once per shape on a database of `kind` (without
 * it, every time). Only a query whose parameters are exactly the row's values, in the row's
 * order, is reused (any other is compiled every time).
 */
export function compiledPerShape<Row extends object>(
  build: (trx: Writer, row: Row) => Compilable,
): (trx: Writer, kind: Db['kind'] | undefined, row: Row) => Promise<QueryResult<unknown>> {
  /** The SQL of each shape, or null for a shape whose query cannot be reused. */
  const known = new Map<string, string | null>()
  return async (trx, kind, row) => {
    if (kind === undefined) return trx.executeQuery(build(trx, row).compile())
    const shape = `${kind}:${Object.keys(row).join(',')}`
    const values = Object.values(row)
    const text = known.get(shape)
    if (text) return trx.executeQuery(CompiledQuery.raw(text, values))
    const compiled = build(trx, row).compile()
    if (text === undefined) known.set(shape, sameValues(compiled.parameters, values) ? compiled.sql : null)
    return trx.executeQuery(compiled)
  }
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => value === b[i])
