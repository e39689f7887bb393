// SQLite plans a statement when it is prepared, and plans it again at the next run whenever a value
// the planner looked at is bound anew. Its planner looks at the value on the right of an equality
// (`"phone_key" = ?`: is it -1, 0 or 1?) whenever it weighs a way to the rows that does not seek on
// that column, as it does for a query with an ORDER BY or a second index to choose from, and at a
// bound LIMIT or OFFSET. Our statements are prepared once and run with new values every time
// (client.ts), so such a statement was planned again on every run: the customer's seek on a new
// request cost 60–90 µs where it runs in 4–10 µs, the alert worker's claim 40 µs where it runs in 7
// (`npm run bench:store`; docs/decisions/066-planned-once.md).
//
// A unary plus in front of the value (`"phone_key" = +?`) hides it from the planner and changes
// nothing else: `+x` is x, for every type, with no affinity, as a bound value has none; the index
// on the column is still used (the plan's tests hold it). PostgreSQL plans its prepared statements
// its own way; this is for SQLite's text only.

/** A quoted string or identifier (left as it is), or a bound value the planner would look at. */
const TOKEN = /('(?:[^']|'')*'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\])|(=|\bis|\blimit|\boffset)(\s+)\?(\d*)/gi

/** `sql` with every bound value (`?`, `?N`) after `=` (and `==`, `<=`, `>=`, `!=`), `is`, `limit` and `offset` written `+?`. */
export const plannedOnce = (sql: string): string =>
  sql.replace(TOKEN, (match, quoted: string | undefined, before: string, space: string, number: string) =>
    quoted === undefined ? `${before}${space}+?${number}` : match,
  )
