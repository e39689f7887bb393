// /admin, the page (the inbox app, src/admin/), answered by the session it is asked with: the
// prerendered login form to a visitor who is not signed in, and to one who is, the page rendered
// with the inbox's skeleton, so the list loads at once (no login form flashing by, no failed
// session check in the console). The login form also works without JavaScript: it posts here, and
// the answer is /admin signed in (303), or the login form again with the reason.
// docs/decisions/026-lead-desk.md.
import { Hono, type Context } from 'hono'
import type { AdminPageState } from '../../catalogue/page-data.ts'
import type { AdminPageData } from '../../catalogue/page-data.ts'
import { errorScreen, type AppEnv } from '../app.ts'
import type { Logger } from '../log.ts'
import type { PageRenderer, RenderedPage } from '../page-render.ts'
import { limitBody, mediaType } from '../request.ts'
import { negotiate, type StaticSite } from '../static-site.ts'
import { ADMIN_BODY_LIMIT } from './api.ts'
import { sameOrigin } from './origin.ts'
import type { AdminSession } from './session.ts'
import { invitePage } from './invite-page.ts'
import type { Db } from '../db/client.ts'

export type AdminPageDeps = {
  log: Logger
  site: StaticSite
  renderer: PageRenderer
  /** The data the build rendered /admin with (dist/build-info.json). */
  pageData: AdminPageData | undefined
  publicOrigin: string
  session: AdminSession
  /** For the invitation links (invite-page.ts). */
  db: Db
  /** How many proxies' X-Forwarded-For to trust (the audit log's address). */
  trustProxy: number
}

/** The page varies with the cookie: never kept by a browser or a proxy. */
const PRIVATE = { 'cache-control': 'no-store', vary: 'Cookie' }

export function adminPage({
  log,
  site,
  renderer,
  pageData,
  publicOrigin,
  session,
  db,
  trustProxy,
}: AdminPageDeps): Hono<AppEnv> {
  const loginForm = site.heldPage('/admin')
  const unavailable = !pageData
    ? 'dist/build-info.json has no data of /admin: it comes from an older build; run `npm run build`'
    : renderer.unavailable
  if (unavailable) log.warn('/admin cannot be rendered for a signed-in visitor', { reason: unavailable })

  const render = (state: AdminPageState): Promise<RenderedPage> => {
    if (unavailable || !pageData) return Promise.reject(new Error(unavailable))
    return renderer.render('/admin', { adminState: state, adminPageData: pageData })
  }
  // The signed-in page is the same for everyone: rendered once.
  let signedIn: Promise<RenderedPage> | undefined
  const signedInPage = () =>
    (signedIn ??= render({ signedIn: true }).catch((error: unknown) => {
      signedIn = undefined
      throw error
    }))

  /** The prerendered login form, in the encoding the browser takes. */
  const sendLoginForm = (c: Context<AppEnv>) => {
    if (!loginForm) return c.notFound()
    const variant = negotiate(loginForm, c.req.header('accept-encoding'))
    const { etag: _etag, 'cache-control': _cache, ...headers } = variant.headers
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(variant.body), {
      headers: { ...headers, ...PRIVATE, vary: 'Cookie, Accept-Encoding' },
    })
  }

  const sendPage = (c: Context<AppEnv>, page: RenderedPage, status: 200 | 400 | 401 | 429 | 503 = 200) =>
    new Response(c.req.method === 'HEAD' ? null : page.html, { status, headers: { ...page.headers, ...PRIVATE } })

  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    if (!(await session.isSignedIn(c))) return sendLoginForm(c)
    try {
      return sendPage(c, await signedInPage())
    } catch (error) {
      // The app finds the session by itself once its script runs: the login form does no harm.
      log.error('/admin could not be rendered for a signed-in visitor', { error })
      return sendLoginForm(c)
    }
  })

  // The login form sent without JavaScript.
  app.post(
    '/',
    limitBody(ADMIN_BODY_LIMIT, (c) => c.text('The request is too large.', 413)),
    sameOrigin(publicOrigin, log),
    async (c) => {
      const form =
        mediaType(c) === 'application/x-www-form-urlencoded' ? new URLSearchParams(await c.req.text()) : undefined
      const result = await session.logIn(c, form?.get('password'), form?.get('email'), form?.get('code'))
      if (result.ok) return c.redirect('/admin', 303)
      try {
        return sendPage(c, await render({ signedIn: false, loginError: result.error }), result.status)
      } catch (error) {
        log.error('the login form with its problem could not be rendered', { error })
        const { html, headers } = errorScreen(site, result.error)
        return new Response(html, { status: result.status, headers: { ...headers, ...PRIVATE } })
      }
    },
  )

  app.route('/invite', invitePage({ db, log, publicOrigin, session, bodyLimit: ADMIN_BODY_LIMIT, trustProxy }))

  return app
}
