// /api/admin: the inbox's API (docs/admin-api.md), a Hono sub-app mounted by src/server/main.ts.
// Every request passes, in order: no caching, the body-size limit, the Origin check for anything
// that changes state; then either the sign-in route, the tap on the daily test alert (its token is
// its proof), or the session check and the routes behind it.
// The routes are chained on their sub-apps so that the app's type carries each route's path,
// method, input and answers: `AdminApi`, from which the inbox's client is typed (src/admin/api.ts,
// decision 034).
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app.ts'
import { limitBody } from '../request.ts'
import { fail } from './answers.ts'
import { sameOrigin } from './origin.ts'
import type { AdminSession, SessionDeps } from './session.ts'
import { visitsApi } from './visits.ts'
import { submissionApi, viewsApi, type SubmissionsDeps } from './submissions.ts'
import { pushApi } from './push.ts'
import type { PushSender } from '../alerts/push.ts'
import { sourcesApi } from './sources.ts'
import { alertTestApi } from './alert-test.ts'
import { bookingsApi } from './bookings.ts'
import { customersApi } from './customers.ts'
import { outcomesApi } from './outcomes.ts'
import type { BookingDesk } from '../contact/booking.ts'
import { EDITOR_BODY_LIMIT, siteEditorApi } from '../editor/api.ts'
import type { Publisher } from '../editor/releases.ts'

export const ADMIN_BODY_LIMIT = 16 * 1024

type AdminDeps = SessionDeps &
  SubmissionsDeps & {
    session: AdminSession
    push?: PushSender | undefined
    booking?: BookingDesk | undefined
    /** The Google Ads conversion action the offline conversions export names (GOOGLE_ADS_CONVERSION_NAME). */
    googleAdsConversionName?: string | undefined
    /** The site editor's publisher, on the content folder (CONTENT_DIR); without one it says what to set. */
    editor?: Publisher | undefined
  }

const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  c.header('cache-control', 'no-store')
}

/** Behind the session check: everything but signing in, unknown paths included (404). */
function signedInApi(deps: AdminDeps) {
  return new Hono<AppEnv>()
    .use(deps.session.required)
    .route('/', deps.session.signedIn)
    .route('/', viewsApi(deps))
    .route('/', submissionApi(deps))
    .route('/', pushApi(deps))
    .route('/', sourcesApi(deps))
    .route('/', bookingsApi(deps))
    .route('/', visitsApi(deps))
    .route('/', customersApi(deps))
    .route('/', outcomesApi(deps))
    .route('/', siteEditorApi(deps))
    .all('*', (c) => fail(c, 404, 'Not found'))
}

export function adminApi(deps: AdminDeps) {
  const tooLarge = (c: Context<AppEnv>) => fail(c, 413, 'The request is too large.')
  // The site editor's drafts are whole records: a limit of their own (EDITOR_BODY_LIMIT).
  const limit = limitBody(ADMIN_BODY_LIMIT, tooLarge)
  const editorLimit = limitBody(EDITOR_BODY_LIMIT, tooLarge)
  return new Hono<AppEnv>()
    .use(noStore)
    .use((c, next) => (c.req.path.startsWith('/api/admin/site/') ? editorLimit(c, next) : limit(c, next)))
    .use(sameOrigin(deps.publicOrigin, deps.log))
    .route('/', deps.session.signIn)
    .route('/', alertTestApi(deps))
    .route('/', signedInApi(deps))
}

/** The inbox's API as the type its client is built from (`hc<AdminApi>`). */
export type AdminApi = ReturnType<typeof adminApi>
