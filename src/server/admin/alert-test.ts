// The tap on the daily test alert's push (docs/decisions/047-daily-test-alert.md): the service
// worker's notificationclick posts the test's token here. Not behind the session check: a phone
// whose session has ended still proves that it rang; the token (random, one per day) is the proof.
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { acknowledgeTest } from '../db/alert-tests.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../log.ts'
import { fail, jsonInput } from './answers.ts'
import type { Checked } from './validate.ts'

const TOKEN = /^[\w-]{16,64}$/

function tokenOf(body: unknown): Checked<{ token: string }> {
  const token = (body as { token?: unknown } | null)?.token
  return typeof token === 'string' && TOKEN.test(token)
    ? { ok: true, value: { token } }
    : { ok: false, error: 'Send the test alert’s token: { token }.' }
}

export function alertTestApi({ db, log }: { db: Db; log: Logger }) {
  return new Hono<AppEnv>().post('/alert-test/ack', jsonInput<{ token: string }>()(tokenOf), async (c) => {
    if (!(await acknowledgeTest(db, c.req.valid('json').token, new Date().toISOString())))
      return fail(c, 404, 'No test alert has this token.')
    log.info('daily test alert tapped', {})
    return c.json({ success: true }, 200)
  })
}
