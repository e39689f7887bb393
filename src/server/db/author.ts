// Who is making a change: the signed-in account whose request is being answered, carried with the
// request's async work (the admin API's session check, src/server/admin/api.ts, runs each route
// inside `asAuthor`). Every timeline entry written meanwhile names it (activity.ts); anything
// written outside a signed-in request (the alert worker, a customer's booking link, the contact
// form) has none: null, "the system". Decision 062 says why it travels this way rather than as an
// argument of each of the dozen writers.
import { AsyncLocalStorage } from 'node:async_hooks'

const author = new AsyncLocalStorage<number>()

/** Runs `work` as the account `userId`: the timeline entries it writes name it. */
export const asAuthor = <T>(userId: number, work: () => T): T => author.run(userId, work)

/** The account whose request is being answered, or null (the system). */
export const currentAuthor = (): number | null => author.getStore() ?? null
