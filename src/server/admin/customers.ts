// Customers in the inbox (docs/admin-api.md "Customers", decision 052): one customer's view (every
// request, the client details, the notes, the visits, the merges that can be undone), a merge of
// two customers, and its undo. Named by a customer's id or by the id of any of its requests.
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { CustomerRefusal, customerView, mergeCustomers, undoMerge } from '../db/customers.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../log.ts'
import type { OfficeClock } from '../office.ts'
import { fail, jsonInput } from './answers.ts'
import { isSubmissionId, type Checked } from './validate.ts'

const NO_CUSTOMER = 'Customer not found'

function validateOther(body: unknown): Checked<{ customer: string }> {
  const customer = (body as { customer?: unknown } | null)?.customer
  if (typeof customer !== 'string' || !isSubmissionId(customer)) {
    const problem = 'Choose the customer to merge with.'
    return { ok: false, error: problem, fields: { customer: problem } }
  }
  return { ok: true, value: { customer } }
}

export function customersApi({ db, log, clock }: { db: Db; log: Logger; clock: OfficeClock }) {
  /** The view of `id` as an answer, or 404. */
  const view = async (id: string) => (isSubmissionId(id) ? customerView(db, id) : null)
  return (
    new Hono<AppEnv>()
      .get('/customers/:id', async (c) => {
        const customer = await view(c.req.param('id'))
        return customer ? c.json({ success: true, customer }, 200) : fail(c, 404, NO_CUSTOMER)
      })
      // The customer `customer` merged into this one: its requests take this one's id.
      .post('/customers/:id/merge', jsonInput<{ customer: string }>()(validateOther), async (c) => {
        const id = c.req.param('id')
        if (!isSubmissionId(id)) return fail(c, 404, NO_CUSTOMER)
        try {
          const done = await mergeCustomers(db, id, c.req.valid('json').customer, clock.now())
          log.info('customers merged', { merge: done.merge, moved: done.moved })
          return c.json({ success: true, ...done, customer: (await customerView(db, done.kept))! }, 200)
        } catch (error) {
          if (error instanceof CustomerRefusal) return fail(c, error.status, error.message)
          throw error
        }
      })
      // The toast's or the customer view's Undo: exactly the requests the merge moved go back.
      .post('/customers/merges/:merge/undo', async (c) => {
        const merge = Number(c.req.param('merge'))
        if (!Number.isSafeInteger(merge) || merge < 1) return fail(c, 404, 'Merge not found')
        try {
          const done = await undoMerge(db, merge, clock.now())
          log.info('customer merge undone', { merge, moved: done.moved })
          return c.json({ success: true, ...done, customer: (await customerView(db, done.kept))! }, 200)
        } catch (error) {
          if (error instanceof CustomerRefusal) return fail(c, error.status, error.message)
          throw error
        }
      })
  )
}
