// /api/admin: the inbox's API (docs/admin-api.md), a Hono sub-app mounted by src/server/main.ts.
// Every request passes, in order: no caching, the body-size limit, the Origin check for anything
// that changes state; then either the sign-in route, or the session check and the routes behind it.
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { limitBody } from '../request.ts'
import { fail } from './answers.ts'
import { sameOrigin } from './origin.ts'
import type { AdminSession, SessionDeps } from './session.ts'
import { submissionsApi, type SubmissionsDeps } from './submissions.ts'
import { pushApi } from './push.ts'
import type { PushSender } from '../alerts/push.ts'
import { sourcesApi } from './sources.ts'

export const ADMIN_BODY_LIMIT = 16 * 1024

export function adminApi(
  deps: SessionDeps & SubmissionsDeps & { session: AdminSession; push?: PushSender | undefined },
): Hono<AppEnv> {
  const { session } = deps

  // Behind the session check: everything but signing in, unknown paths included.
  const signedIn = new Hono<AppEnv>()
  signedIn.use(session.required)
  signedIn.route('/', session.signedIn)
  signedIn.route('/', submissionsApi(deps))
  if (deps.push) signedIn.route('/', pushApi({ ...deps, push: deps.push }))
  signedIn.route('/', sourcesApi(deps))
  signedIn.all('*', (c) => fail(c, 404, 'Not found'))

  const api = new Hono<AppEnv>()
  api.use(async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
  })
  api.use(limitBody(ADMIN_BODY_LIMIT, (c) => fail(c, 413, 'The request is too large.')))
  api.use(sameOrigin(deps.publicOrigin, deps.log))
  api.route('/', session.signIn)
  api.route('/', signedIn)
  return api
}
