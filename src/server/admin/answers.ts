// How the inbox's API answers a refusal and takes a route's input, the same everywhere in it. The
// input checks are route middleware whose types say what the route takes (its JSON body, its id,
// its query string) and what its handler gets once checked: the inbox's client (src/admin/api.ts)
// is typed from them, and from the refusals they answer.
import type { Context, Env, Next } from 'hono'
import type { AppEnv } from '../app.ts'
import { mediaType, parseJson } from '../request.ts'
import { isSubmissionId, type Checked } from './validate.ts'

type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503

/** `{ success: false, error, fields? }` with `status`. */
export const fail = <S extends RefusalStatus, E extends Env, P extends string>(
  c: Context<E, P, object>,
  status: S,
  error: string,
  fields?: Record<string, string>,
) => c.json({ success: false, error, ...(fields ? { fields } : {}) }, status)

/** What a route takes from the client (`In`) and what its handler reads with `c.req.valid(target)` (`Out`). */
type Takes<Target extends 'json' | 'query' | 'param', In, Out> = {
  in: Record<Target, In>
  out: Record<Target, Out>
}

/**
 * The route's JSON body, sent by the client as `In`, checked by `check`: 415 when it is not JSON,
 * 400 when it does not parse or `check` refuses it (with the problem of each field it names).
 */
export const jsonInput =
  <In>() =>
  <Out>(check: (body: unknown) => Checked<Out>) =>
  async <P extends string>(c: Context<AppEnv, P, Takes<'json', In, Out>>, next: Next) => {
    if (mediaType(c) !== 'application/json') return fail(c, 415, 'Send JSON (Content-Type: application/json).')
    let body: unknown
    try {
      body = parseJson(await c.req.text())
    } catch {
      return fail(c, 400, 'The request body is not valid JSON.')
    }
    const checked = check(body)
    if (!checked.ok) return fail(c, 400, checked.error, checked.fields)
    c.req.addValidatedData('json', checked.value as object)
    await next()
  }

/** The route's query string, sent by the client as `In`, checked by `check` (400 names the bad parameter). */
export const queryInput =
  <In>() =>
  <Out>(check: (param: (name: string) => string | undefined) => Checked<Out>) =>
  async <P extends string>(c: Context<AppEnv, P, Takes<'query', In, Out>>, next: Next) => {
    const checked = check((name) => c.req.query(name))
    if (!checked.ok) return fail(c, 400, checked.error)
    c.req.addValidatedData('query', checked.value as object)
    await next()
  }

export const NOT_FOUND = 'Submission not found'

/** The request's id from the path (`:id`); 404 for one that cannot be, without a query. */
export const submissionId = async <P extends string>(
  c: Context<AppEnv, P, Takes<'param', { id: string }, { id: string }>>,
  next: Next,
) => {
  const id = c.req.param('id') ?? ''
  if (!isSubmissionId(id)) return fail(c, 404, NOT_FOUND)
  c.req.addValidatedData('param', { id })
  await next()
}
