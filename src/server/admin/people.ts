// The people who sign in (docs/admin-api.md "People", decisions 054, 062 and 063), for the owner
// only (ROUTE_ROLES): the accounts, an invitation by one-time link, a reset link for another
// account, anyone's "On duty", disabling an account (its sessions and push subscriptions end with
// it, at once), and the account activity (the audit log). `teamApi`, for everyone: who a request
// can be assigned to, and one's own "On duty". The links are answered to copy; the person opens
// them at /admin/invite/<token> (src/server/admin/invite-page.ts).
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { createInvitation, createResetLink, validateInvitation, type InvitationInput } from '../auth/invitations.ts'
import { audit, auditPage } from '../db/audit.ts'
import type { Db } from '../db/client.ts'
import { deleteSessionsOf } from '../db/sessions.ts'
import { disableUser, listTeam, listUsers, setOnDuty, userById } from '../db/users.ts'
import type { Logger } from '../log.ts'
import { auditAddress } from '../request.ts'
import { fail, jsonInput } from './answers.ts'
import type { Checked } from './validate.ts'

/** Entries in a page of the account activity. */
const AUDIT_PAGE = 50

const accountId = (param: string): number | undefined => {
  const id = Number(param)
  return Number.isSafeInteger(id) && id >= 1 ? id : undefined
}

/** { onDuty: boolean }: whether an account gets a push for each new request. */
function validateOnDuty(body: unknown): Checked<{ onDuty: boolean }> {
  const onDuty = (body as { onDuty?: unknown } | null)?.onDuty
  return typeof onDuty === 'boolean'
    ? { ok: true, value: { onDuty } }
    : { ok: false, error: 'onDuty must be true or false.', fields: { onDuty: 'onDuty must be true or false.' } }
}

/**
 * For everyone signed in (decision 062): the people a request can be assigned to, with who is on
 * duty, and one's own "On duty" switch.
 */
export function teamApi({ db, log }: { db: Db; log: Logger }) {
  return new Hono<AppEnv>()
    .get('/team', async (c) => c.json({ success: true, team: await listTeam(db), me: c.get('user')!.id }, 200))
    .put('/me/on-duty', jsonInput<{ onDuty: boolean }>()(validateOnDuty), async (c) => {
      const { onDuty } = c.req.valid('json')
      await setOnDuty(db, c.get('user')!.id, onDuty, new Date().toISOString())
      log.info('on duty set', { user: c.get('user')!.id, onDuty })
      return c.json({ success: true, team: await listTeam(db) }, 200)
    })
}

export function peopleApi({
  db,
  log,
  publicOrigin,
  trustProxy,
}: {
  db: Db
  log: Logger
  publicOrigin: string
  trustProxy: number
}) {
  return (
    new Hono<AppEnv>()
      .get('/users', async (c) => c.json({ success: true, users: await listUsers(db) }, 200))
      .post('/users/invitations', jsonInput<InvitationInput>()(validateInvitation), async (c) => {
        const input = c.req.valid('json')
        const made = await createInvitation(db, input, c.get('user')!.id)
        if (!made.ok) return fail(c, 409, 'This e-mail has an account or an open invitation already.')
        log.info('account invited', { role: input.role, by: c.get('user')!.id })
        await audit(db, {
          userId: c.get('user')!.id,
          email: input.email,
          action: 'invitation-made',
          detail: { role: input.role },
          address: auditAddress(c, trustProxy),
        })
        return c.json(
          { success: true, link: `${publicOrigin}/admin/invite/${made.token}`, expiresAt: made.expiresAt },
          201,
        )
      })
      // The owner sets anyone's "On duty" (their own with PUT /me/on-duty, like everyone).
      .put('/users/:id/on-duty', jsonInput<{ onDuty: boolean }>()(validateOnDuty), async (c) => {
        const id = accountId(c.req.param('id'))
        const { onDuty } = c.req.valid('json')
        if (id === undefined || !(await setOnDuty(db, id, onDuty, new Date().toISOString())))
          return fail(c, 404, 'No such account.')
        log.info('on duty set', { user: id, onDuty, by: c.get('user')!.id })
        return c.json({ success: true }, 200)
      })
      .post('/users/:id/disable', async (c) => {
        const id = accountId(c.req.param('id'))
        if (id === undefined) return fail(c, 404, 'No such account.')
        if (id === c.get('user')!.id) return fail(c, 409, 'You cannot disable your own account.')
        if (!(await disableUser(db, id, new Date().toISOString()))) return fail(c, 404, 'No such account.')
        log.info('account disabled', { user: id, by: c.get('user')!.id })
        await audit(db, {
          userId: c.get('user')!.id,
          action: 'account-disabled',
          detail: { account: id },
          address: auditAddress(c, trustProxy),
        })
        return c.json({ success: true }, 200)
      })
      .post('/users/:id/reset', async (c) => {
        const id = accountId(c.req.param('id'))
        if (id === undefined) return fail(c, 404, 'No such account.')
        if (id === c.get('user')!.id) return fail(c, 409, 'You cannot reset your own account here.')
        const made = await createResetLink(db, id, c.get('user')!.id)
        if (!made.ok)
          return fail(
            c,
            404,
            'No such account with an e-mail, or it is disabled. The owner of ADMIN_PASSWORD resets with `npm run admin:password`.',
          )
        log.info('reset link made', { user: id, by: c.get('user')!.id })
        await audit(db, {
          userId: c.get('user')!.id,
          email: made.email,
          action: 'reset-link-made',
          detail: { account: id },
          address: auditAddress(c, trustProxy),
        })
        return c.json(
          { success: true, link: `${publicOrigin}/admin/invite/${made.token}`, expiresAt: made.expiresAt },
          201,
        )
      })
      // Signed out everywhere, nothing else changed (a phone left at a job); one's own sessions end
      // one by one in Your devices.
      .post('/users/:id/sign-out', async (c) => {
        const id = accountId(c.req.param('id'))
        if (id === undefined || !(await userById(db, id))) return fail(c, 404, 'No such account.')
        if (id === c.get('user')!.id)
          return fail(c, 409, 'End your own sessions one by one under Your devices, keeping this one.')
        const ended = await deleteSessionsOf(db, id)
        log.info('account signed out everywhere', { user: id, sessions: ended, by: c.get('user')!.id })
        await audit(db, {
          userId: c.get('user')!.id,
          action: 'sessions-ended',
          detail: { account: id, sessions: ended },
          address: auditAddress(c, trustProxy),
        })
        return c.json({ success: true, ended }, 200)
      })
      .get('/audit', async (c) => {
        const raw = c.req.query('before')
        const before = raw === undefined ? undefined : accountId(raw)
        if (raw !== undefined && before === undefined) return fail(c, 400, 'before: an entry id.')
        const entries = await auditPage(db, { before, limit: AUDIT_PAGE + 1 })
        const more = entries.length > AUDIT_PAGE
        const page = entries.slice(0, AUDIT_PAGE)
        return c.json({ success: true, entries: page, next: more ? page.at(-1)!.id : null }, 200)
      })
  )
}
