// The people who sign in (docs/admin-api.md "People", decision 054), for the owner only
// (ROUTE_ROLES): the accounts, an invitation by one-time link, anyone's "On duty" (decision 062),
// and disabling an account (its sessions and push subscriptions end with it, at once). `teamApi`,
// for everyone: who a request can be assigned to, and one's own "On duty". The link is answered to copy;
// the invitee opens it at /admin/invite/<token> (src/server/admin/invite-page.ts).
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { createInvitation, validateInvitation, type InvitationInput } from '../auth/invitations.ts'
import type { Db } from '../db/client.ts'
import { disableUser, listTeam, listUsers, setOnDuty } from '../db/users.ts'
import type { Logger } from '../log.ts'
import { fail, jsonInput } from './answers.ts'
import type { Checked } from './validate.ts'

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

export function peopleApi({ db, log, publicOrigin }: { db: Db; log: Logger; publicOrigin: string }) {
  return (
    new Hono<AppEnv>()
      .get('/users', async (c) => c.json({ success: true, users: await listUsers(db) }, 200))
      .post('/users/invitations', jsonInput<InvitationInput>()(validateInvitation), async (c) => {
        const input = c.req.valid('json')
        const made = await createInvitation(db, input, c.get('user')!.id)
        if (!made.ok) return fail(c, 409, 'This e-mail has an account or an open invitation already.')
        log.info('account invited', { role: input.role, by: c.get('user')!.id })
        return c.json(
          { success: true, link: `${publicOrigin}/admin/invite/${made.token}`, expiresAt: made.expiresAt },
          201,
        )
      })
      // The owner sets anyone's "On duty" (their own with PUT /me/on-duty, like everyone).
      .put('/users/:id/on-duty', jsonInput<{ onDuty: boolean }>()(validateOnDuty), async (c) => {
        const id = Number(c.req.param('id'))
        const { onDuty } = c.req.valid('json')
        if (!Number.isSafeInteger(id) || id < 1 || !(await setOnDuty(db, id, onDuty, new Date().toISOString())))
          return fail(c, 404, 'No such account.')
        log.info('on duty set', { user: id, onDuty, by: c.get('user')!.id })
        return c.json({ success: true }, 200)
      })
      .post('/users/:id/disable', async (c) => {
        const id = Number(c.req.param('id'))
        if (!Number.isSafeInteger(id) || id < 1) return fail(c, 404, 'No such account.')
        if (id === c.get('user')!.id) return fail(c, 409, 'You cannot disable your own account.')
        if (!(await disableUser(db, id, new Date().toISOString()))) return fail(c, 404, 'No such account.')
        log.info('account disabled', { user: id, by: c.get('user')!.id })
        return c.json({ success: true }, 200)
      })
  )
}
