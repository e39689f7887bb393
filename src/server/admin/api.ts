// /api/admin: the inbox's API (docs/admin-api.md), a Hono sub-app mounted by src/server/main.ts.
// Every request passes, in order: no caching, the body-size limit, the Origin check for anything
// that changes state; then either the sign-in route, the tap on the daily test alert (its token is
// its proof), or the session check, the role check (ROUTE_ROLES: every route's role, declared
// here and nowhere else) and the routes behind it.
// The routes are chained on their sub-apps so that the app's type carries each route's path,
// method, input and answers: `AdminApi`, from which the inbox's client is typed (src/admin/api.ts,
// decision 034).
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { mayUse, type Needs } from '../auth/roles.ts'
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
import { peopleApi, teamApi } from './people.ts'
import { passkeySignIn, passkeysApi } from './passkeys.ts'
import { twoFactorApi } from './two-factor.ts'
import type { BookingDesk } from '../contact/booking.ts'
import { EDITOR_BODY_LIMIT, siteEditorApi } from '../editor/api.ts'
import type { Publisher } from '../editor/releases.ts'

export const ADMIN_BODY_LIMIT = 16 * 1024

/** Where src/server/main.ts mounts the API; ROUTE_ROLES names the routes without it. */
export const ADMIN_API_BASE = '/api/admin'

/**
 * The role each route of the API needs, by `METHOD /path` as the route is declared: `public`
 * (no session), `office` (any signed-in account) or `owner`. A route missing here answers 403
 * to everyone (tests/integration/admin-roles.test.ts holds this table to the routes and walks
 * every route with each role and none). Office may not: the accounts, the site editor, erasing a
 * person.
 */
export const ROUTE_ROLES = {
  'POST /login': 'public',
  'POST /alert-test/ack': 'public',
  'POST /passkeys/sign-in/options': 'public',
  'POST /passkeys/sign-in': 'public',
  'GET /passkeys': 'office',
  'POST /passkeys/registration/options': 'office',
  'POST /passkeys/registration': 'office',
  'DELETE /passkeys/:id': 'office',
  'GET /session': 'office',
  'POST /logout': 'office',
  'GET /sessions': 'office',
  'DELETE /sessions/:id': 'office',
  'GET /counts': 'office',
  'GET /alert-health': 'office',
  'GET /response-times': 'office',
  'GET /submissions': 'office',
  'GET /submissions.csv': 'office',
  'POST /submissions/mark-read': 'office',
  'POST /submissions/mark-read/undo': 'office',
  'PATCH /submissions/:id': 'office',
  'POST /submissions/:id/contacts': 'office',
  'POST /submissions/:id/outcome': 'office',
  'POST /submissions/:id/notes': 'office',
  'PATCH /submissions/:id/assignee': 'office',
  'GET /submissions/:id': 'office',
  'GET /submissions/:id/activity': 'office',
  'DELETE /submissions/:id': 'office',
  'POST /submissions/:id/restore': 'office',
  'GET /push': 'office',
  'POST /push/subscriptions': 'office',
  'POST /push/unsubscribe': 'office',
  'POST /push/test': 'office',
  'DELETE /push/subscriptions/:id': 'office',
  'GET /sources': 'office',
  'GET /sources/outcomes': 'office',
  'GET /google-ads-conversions.csv': 'office',
  'GET /site-speed': 'office',
  'POST /erase': 'owner',
  'GET /schedule': 'office',
  'PUT /schedule/days/:date': 'office',
  'PUT /submissions/:id/booking': 'office',
  'POST /submissions/:id/booking/confirm': 'office',
  'DELETE /submissions/:id/booking': 'office',
  'GET /visits-due': 'office',
  'GET /customers/:id': 'office',
  'POST /customers/:id/merge': 'office',
  'POST /customers/merges/:merge/undo': 'office',
  'PUT /submissions/:id/job-outcome': 'office',
  'GET /users': 'owner',
  'POST /users/invitations': 'owner',
  'POST /users/:id/disable': 'owner',
  'POST /users/:id/reset': 'owner',
  'POST /users/:id/sign-out': 'owner',
  'GET /audit': 'owner',
  'GET /two-factor': 'office',
  'POST /two-factor/setup': 'office',
  'POST /two-factor/confirm': 'office',
  'POST /two-factor/recovery-codes': 'office',
  'POST /two-factor/off': 'office',
  'PUT /users/:id/on-duty': 'owner',
  'GET /team': 'office',
  'PUT /me/on-duty': 'office',
  'GET /site/records': 'owner',
  'GET /site/records/:id{.+}': 'owner',
  'POST /site/check': 'owner',
  'POST /site/preview': 'owner',
  'POST /site/new-town': 'owner',
  'POST /site/publish': 'owner',
  'POST /site/undo': 'owner',
  'GET /site/progress': 'owner',
  'GET /site/history': 'owner',
} as const satisfies Record<string, Needs>

/** The role a matched route needs; undefined for one missing from ROUTE_ROLES. */
export function routeNeeds(method: string, path: string): Needs | undefined {
  const key = `${method} ${path.startsWith(ADMIN_API_BASE + '/') ? path.slice(ADMIN_API_BASE.length) : path}`
  return (ROUTE_ROLES as Record<string, Needs>)[key]
}

/**
 * After the session check: the route's role from ROUTE_ROLES, 403 when the signed-in account's
 * role falls short, and 403 for a route the table does not name (never open by omission). A path
 * no route answers goes on to the 404.
 */
const roleCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL')
  if (!route) return next()
  const needs = routeNeeds(route.method, route.path)
  const user = c.get('user')
  if (!needs || !user) return fail(c, 403, 'This route is not open to any role.')
  if (!mayUse(user.role, needs)) return fail(c, 403, 'Only the owner may do this.')
  return next()
}

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
    .use(roleCheck)
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
    .route('/', peopleApi(deps))
    .route('/', teamApi(deps))
    .route('/', passkeysApi(deps))
    .route('/', twoFactorApi(deps))
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
    .route('/', passkeySignIn(deps))
    .route('/', alertTestApi(deps))
    .route('/', signedInApi(deps))
}

/** The inbox's API as the type its client is built from (`hc<AdminApi>`). */
export type AdminApi = ReturnType<typeof adminApi>
