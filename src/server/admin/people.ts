// The people who sign in (docs/admin-api.md "People", decision 054), for the owner only
// (ROUTE_ROLES): the accounts, an invitation by one-time link, and disabling an account (its
// sessions and push subscriptions end with it, at once). The link is answered to copy;
// the invitee opens it at /admin/invite/<token> (src/server/admin/invite-page.ts).
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { createInvitation, validateInvitation, type InvitationInput } from '../auth/invitations.ts'
import type { Db } from '../db/client.ts'
import { disableUser, listUsers } from '../db/users.ts'
import type { Logger } from '../log.ts'
import { fail, jsonInput } from './answers.ts'

export function peopleApi({ db, log, publicOrigin }: { db: Db; log: Logger; publicOrigin: string }) {
  return new Hono<AppEnv>()
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
    .post('/users/:id/disable', async (c) => {
      const id = Number(c.req.param('id'))
      if (!Number.isSafeInteger(id) || id < 1) return fail(c, 404, 'No such account.')
      if (id === c.get('user')!.id) return fail(c, 409, 'You cannot disable your own account.')
      if (!(await disableUser(db, id, new Date().toISOString()))) return fail(c, 404, 'No such account.')
      log.info('account disabled', { user: id, by: c.get('user')!.id })
      return c.json({ success: true }, 200)
    })
}
