// /admin/invite/<token>: where an invited person sets their password (decision 054). A small page
// rendered here, without a script (nothing of the inbox's first load is spent on it): who the
// invitation is for and two password fields (pasting allowed, a password manager's
// "new-password"); sent, it makes the account, signs the person in and goes to /admin (303).
// An unknown, used or expired link says so and whom to ask.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app.ts'
import { accept, INVITATION_GONE, openInvitation } from '../auth/invitations.ts'
import { MIN_PASSWORD_LENGTH } from '../env.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../log.ts'
import { auditAddress, limitBody, mediaType } from '../request.ts'
import { audit } from '../db/audit.ts'
import { escapeMarkup } from '../../templates/escape.ts'
import { sameOrigin } from './origin.ts'
import type { AdminSession } from './session.ts'

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // Not no-referrer: under it the form's post carries `Origin: null` and the Origin check refuses it.
  'referrer-policy': 'same-origin',
  'content-security-policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeMarkup(title)}</title></head><body><main><h1>${escapeMarkup(title)}</h1>${body}</main></body></html>`

const form = (name: string, email: string, problem?: string, reset = false) =>
  page(
    reset ? 'Set a new password' : 'Set your password',
    (reset
      ? `<p>${escapeMarkup(name)}, choose a new password for ${escapeMarkup(email)}. Your devices are signed out and your code from an app is turned off: turn it on again in People.</p>`
      : `<p>Welcome, ${escapeMarkup(name)}. You sign in to the inbox with your e-mail, ${escapeMarkup(email)}, and the password you choose here.</p>`) +
      (problem ? `<p role="alert">${escapeMarkup(problem)}</p>` : '') +
      `<form method="post"><input type="hidden" name="email" autocomplete="username" value="${escapeMarkup(email)}">` +
      `<p><label for="password">New password (at least ${MIN_PASSWORD_LENGTH} characters)</label><br><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}"></p>` +
      `<p><label for="repeat">The same password again</label><br><input id="repeat" name="repeat" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}"></p>` +
      `<p><button type="submit">Set password and sign in</button></p></form>`,
  )

const gone = () => page('Invitation not valid', `<p>${escapeMarkup(INVITATION_GONE)}</p>`)

export function invitePage({
  db,
  log,
  publicOrigin,
  session,
  bodyLimit,
  trustProxy,
}: {
  db: Db
  log: Logger
  publicOrigin: string
  trustProxy: number
  session: AdminSession
  bodyLimit: number
}): Hono<AppEnv> {
  const send = (c: Context<AppEnv>, html: string, status: 200 | 400 | 404 | 409 = 200) =>
    new Response(html, { status, headers: HEADERS })
  return new Hono<AppEnv>()
    .get('/:token', async (c) => {
      const invitation = await openInvitation(db, c.req.param('token'))
      return invitation
        ? send(c, form(invitation.name, invitation.email, undefined, invitation.resetUserId !== null))
        : send(c, gone(), 404)
    })
    .post(
      '/:token',
      limitBody(bodyLimit, (c) => c.text('The request is too large.', 413)),
      sameOrigin(publicOrigin, log),
      async (c) => {
        const token = c.req.param('token')
        const fields =
          mediaType(c) === 'application/x-www-form-urlencoded' ? new URLSearchParams(await c.req.text()) : undefined
        const invitation = await openInvitation(db, token)
        if (!invitation) return send(c, gone(), 404)
        const result = await accept(db, token, fields?.get('password'), fields?.get('repeat') ?? undefined)
        if (!result.ok)
          return result.status === 404
            ? send(c, gone(), 404)
            : send(
                c,
                form(invitation.name, invitation.email, result.error, invitation.resetUserId !== null),
                result.status,
              )
        await session.signInAs(c, result.userId, result.passwordHash)
        log.info(result.reset ? 'reset link used' : 'invitation accepted', { user: result.userId })
        await audit(db, {
          userId: result.userId,
          email: invitation.email,
          action: result.reset ? 'reset-link-used' : 'invitation-used',
          address: auditAddress(c, trustProxy),
        })
        return c.redirect('/admin', 303)
      },
    )
}
