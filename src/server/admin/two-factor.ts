// The signed-in account's own second factor (docs/admin-api.md "Two-factor sign-in", decision
// 063): set up (a new secret, answered this once as its otpauth:// URI and text), confirmed by a
// first code (then ten recovery codes, answered this once), new recovery codes, and turning it
// off with a current code. The secret is never answered again: GET says only whether it is on.
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { newRecoveryCodes, takeSecondCode } from '../auth/second-factor.ts'
import { matchingStep, newSecret, otpauthUri } from '../auth/totp.ts'
import { audit } from '../db/audit.ts'
import type { Db } from '../db/client.ts'
import {
  confirmSecret,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  secondFactorOf,
  setPendingSecret,
  turnOffSecondFactor,
} from '../db/second-factor.ts'
import type { Logger } from '../log.ts'
import { auditAddress } from '../request.ts'
import { fail, jsonInput } from './answers.ts'
import type { Checked } from './validate.ts'

const ISSUER = 'Longbar Inbox'

const codeInput = jsonInput<{ code: string }>()((body): Checked<{ code: string }> => {
  const code = (body as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.trim() !== '' && code.length <= 20
    ? { ok: true, value: { code } }
    : { ok: false, error: 'Enter the code.', fields: { code: 'Enter the code.' } }
})

export function twoFactorApi({ db, log, trustProxy }: { db: Db; log: Logger; trustProxy: number }) {
  return new Hono<AppEnv>()
    .get('/two-factor', async (c) => {
      const user = c.get('user')!
      const factor = await secondFactorOf(db, user.id)
      const on = Boolean(factor?.secret)
      return c.json({ success: true, on, recoveryCodesLeft: on ? await recoveryCodesLeft(db, user.id) : 0 }, 200)
    })
    .post('/two-factor/setup', async (c) => {
      const user = c.get('user')!
      if ((await secondFactorOf(db, user.id))?.secret) return fail(c, 409, 'The code from an app is on already.')
      const secret = newSecret()
      await setPendingSecret(db, user.id, secret)
      return c.json({ success: true, secret, uri: otpauthUri(ISSUER, user.email ?? user.name, secret) }, 200)
    })
    .post('/two-factor/confirm', codeInput, async (c) => {
      const user = c.get('user')!
      const factor = await secondFactorOf(db, user.id)
      if (!factor?.pending) return fail(c, 409, 'Start again: no set-up is under way.')
      const step = matchingStep(factor.pending, c.req.valid('json').code, Date.now(), null)
      if (step === undefined)
        return fail(c, 400, 'That code is not right. Enter the newest code the app shows.', {
          code: 'That code is not right. Enter the newest code the app shows.',
        })
      const codes = newRecoveryCodes()
      if (!(await confirmSecret(db, user.id, factor.pending, step, codes)))
        return fail(c, 409, 'Start again: no set-up is under way.')
      log.info('second factor on', { user: user.id })
      await audit(db, { userId: user.id, action: 'two-factor-on', address: auditAddress(c, trustProxy) })
      return c.json({ success: true, recoveryCodes: codes }, 200)
    })
    .post('/two-factor/recovery-codes', async (c) => {
      const user = c.get('user')!
      if (!(await secondFactorOf(db, user.id))?.secret) return fail(c, 409, 'The code from an app is off.')
      const codes = newRecoveryCodes()
      await replaceRecoveryCodes(db, user.id, codes)
      await audit(db, { userId: user.id, action: 'recovery-codes-made', address: auditAddress(c, trustProxy) })
      return c.json({ success: true, recoveryCodes: codes }, 200)
    })
    .post('/two-factor/off', codeInput, async (c) => {
      const user = c.get('user')!
      const factor = await secondFactorOf(db, user.id)
      if (!factor?.secret) return fail(c, 409, 'The code from an app is off.')
      const taken = await takeSecondCode(
        db,
        { id: user.id, secret: factor.secret, lastStep: factor.lastStep },
        c.req.valid('json').code,
      )
      if (!taken)
        return fail(c, 400, 'That code is not right, or was used already.', {
          code: 'That code is not right, or was used already.',
        })
      await turnOffSecondFactor(db, user.id)
      log.info('second factor off', { user: user.id })
      await audit(db, { userId: user.id, action: 'two-factor-off', address: auditAddress(c, trustProxy) })
      return c.json({ success: true }, 200)
    })
}
