// How the inbox's API answers a refusal, and reads a JSON body: the same everywhere in it.
import type { Context } from 'hono'
import type { AppEnv } from '../app.ts'
import { mediaType, parseJson } from '../request.ts'

type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503

/** `{ success: false, error, …extra }` with `status`. */
export const fail = (c: Context<AppEnv>, status: RefusalStatus, error: string, extra: Record<string, unknown> = {}) =>
  c.json({ success: false, error, ...extra }, status)

/** The request's JSON body, or the answer that refuses it (415 when it is not JSON, 400 when it does not parse). */
export async function jsonBody(
  c: Context<AppEnv>,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  if (mediaType(c) !== 'application/json') {
    return { ok: false, response: fail(c, 415, 'Send JSON (Content-Type: application/json).') }
  }
  try {
    return { ok: true, body: parseJson(await c.req.text()) }
  } catch {
    return { ok: false, response: fail(c, 400, 'The request body is not valid JSON.') }
  }
}
