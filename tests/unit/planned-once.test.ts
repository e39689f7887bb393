// SQLite's statements with their bound values hidden from the planner (src/server/db/planned-once.ts),
// and the same answers from them as from the statements Kysely wrote.
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { plannedOnce } from '../../src/server/db/planned-once.ts'

describe('plannedOnce', () => {
  it('hides the values after an equality, is, limit and offset', () => {
    expect(
      plannedOnce(
        'select "id" from "contact_submissions" where "phone_key" = ? and "email_key" == ? and x is ? order by "created_at" desc limit ? offset ?',
      ),
    ).toBe(
      'select "id" from "contact_submissions" where "phone_key" = +? and "email_key" == +? and x is +? order by "created_at" desc limit +? offset +?',
    )
    expect(plannedOnce('select 1 from t where a <= ? and b >= ? and c != ? and d = ?2 LIMIT ?')).toBe(
      'select 1 from t where a <= +? and b >= +? and c != +? and d = +?2 LIMIT +?',
    )
  })

  it('leaves everything else as it was: lists, ranges without =, LIKE and MATCH, inserts, quoted text', () => {
    const untouched = [
      'insert into "t" ("a", "b") values (?, ?) on conflict do nothing',
      'select 1 from t where a in (?, ?) and b < ? and c > ? and d <> ? and e like ? and t match ? and f is not ?',
      `select 'a = ?' as "x = ?", [b = ?], \`c = ?\` from t where "it's = ?" like 'don''t = ?'`,
      'update t set n = n + ? where id = +?',
    ]
    for (const sql of untouched) expect(plannedOnce(sql)).toBe(sql)
    expect(plannedOnce(plannedOnce('select 1 where a = ?'))).toBe('select 1 where a = +?')
  })

  it('gives the same rows, with the index still used', () => {
    const db = new Database(':memory:')
    db.exec('create table t (id integer primary key, k text, n integer, at text); create index t_k on t (k, at)')
    const insert = db.prepare('insert into t (k, n, at) values (?, ?, ?)')
    for (let i = 0; i < 200; i++)
      insert.run(i % 3 === 0 ? null : `k${i % 7}`, i % 5, `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`)
    const queries: [string, unknown[]][] = [
      ['select id from t where k = ? order by at desc, id desc limit ?', ['k3', 3]],
      ['select id from t where k = ? order by at desc, id desc limit ? offset ?', ['k3', 2, 1]],
      ['select id from t where k is ? order by id', [null]],
      ['select id from t where n = ? and at >= ? order by id', ['2', '2026-11-20']],
      ['select id from t where n = ? order by id', [2.0]],
      ['select id from t where k = ? order by id', [Buffer.from('k3')]],
    ]
    for (const [sql, values] of queries)
      expect(db.prepare(plannedOnce(sql)).all(...values), sql).toEqual(db.prepare(sql).all(...values))
    const plan = (sql: string) =>
      db
        .prepare(`explain query plan ${plannedOnce(sql)}`)
        .all('k3', 1)
        .map((row) => (row as { detail: string }).detail)
    expect(plan('select id from t where k = ? order by at desc limit ?')).toEqual([
      'SEARCH t USING COVERING INDEX t_k (k=?)',
    ])
  })
})
