// A request's outcome, as the office enters it on the card (docs/admin-api.md "Outcome", decision
// 050): PUT /submissions/:id/job-outcome sets or clears the completed job's value and the closed
// request's reason lost, checked against schemas/job-outcome.schema.json; each change on the
// request's timeline. Mounted behind the session check, Origin-checked like every change.
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { JOB_VALUE_PROBLEM, jobOutcomeSchema, LOST_REASONS, type JobOutcome } from '../../lead/outcome.ts'
import { OutcomeRefused, setJobOutcome, TRASHED } from '../db/changes.ts'
import type { Db } from '../db/client.ts'
import { viewCounts } from '../db/views.ts'
import type { Logger } from '../log.ts'
import type { OfficeClock } from '../office.ts'
import { compileSchema, fieldsOf } from '../schema-check.ts'
import { fail, jsonInput, NOT_FOUND, submissionId } from './answers.ts'
import { withBookings } from './bookings.ts'
import type { Checked } from './validate.ts'

const checkOutcome = compileSchema<JobOutcome>(jobOutcomeSchema)

const FIELD_PROBLEMS: Record<keyof JobOutcome, string> = {
  job_value_cents: `${JOB_VALUE_PROBLEM} Send it in cents (48500 for $485), or null to clear it.`,
  lost_reason: `Must be one of: ${LOST_REASONS.join(', ')}; or null to clear it.`,
}

/** A PUT body: the outcome, or what is wrong with each field ("Send the job's value or the reason lost." for {}). */
function validateJobOutcome(body: unknown): Checked<JobOutcome> {
  if (checkOutcome(body)) return { ok: true, value: body }
  const named = fieldsOf(checkOutcome.errors)
  const fields = Object.fromEntries(
    named.map((field) => [field, FIELD_PROBLEMS[field as keyof JobOutcome] ?? 'This field cannot be set here.']),
  )
  return {
    ok: false,
    error: named.length > 0 ? `Check ${named.join(', ')}.` : 'Send the job’s value or the reason lost.',
    fields,
  }
}

export function outcomesApi({ db, log, clock }: { db: Db; log: Logger; clock: OfficeClock }) {
  return new Hono<AppEnv>().put(
    '/submissions/:id/job-outcome',
    submissionId,
    jsonInput<JobOutcome>()(validateJobOutcome),
    async (c) => {
      const { id } = c.req.valid('param')
      let item
      try {
        item = await setJobOutcome(db, id, c.req.valid('json'), clock)
      } catch (error) {
        if (error instanceof OutcomeRefused) return fail(c, 409, error.message, { [error.field]: error.message })
        throw error
      }
      if (item === TRASHED) return fail(c, 409, 'This request is in the trash. Restore it first.')
      if (!item) return fail(c, 404, NOT_FOUND)
      log.info('outcome entered', { id, value: item.job_value_cents !== null, lost: item.lost_reason !== null })
      return c.json(
        { success: true, item: (await withBookings(db, [item]))[0]!, counts: await viewCounts(db, clock.today()) },
        200,
      )
    },
  )
}
