// The alerts as the configuration sets them up (src/server/alerts/setup.ts): every channel of the
// closed set is made when its settings are there, in the order the worker fans out to them, and
// only the channels whose settings are there; whether the office is reached follows the one
// health rule /healthz and the inbox's banner share.
import { afterEach, describe, expect, it } from 'vitest'
import { ALERT_CHANNELS } from '../../src/lead/alerts.ts'
import { startAlerts, type Alerts } from '../../src/server/alerts/setup.ts'
import { loadBuildInfo } from '../../src/server/build-info.ts'
import { saveSubscription } from '../../src/server/db/push.ts'
import { parseEnv, type Config } from '../../src/server/env.ts'
import { createLogger } from '../../src/server/log.ts'
import { officeClock } from '../../src/server/office.ts'
import { distClient } from '../helpers/built-site.ts'
import { startSmtp } from '../helpers/smtp.ts'
import { suiteDb } from '../helpers/suite-db.ts'

const build = loadBuildInfo(distClient)
const log = createLogger('error')
const configOf = (env: Record<string, string>): Config => {
  const parsed = parseEnv({ DIST_DIR: distClient, ...env })
  if (!parsed.ok) throw new Error(parsed.errors.join('; '))
  return parsed.config
}
const EVERYTHING = {
  SMTP_URL: 'smtp://127.0.0.1:9',
  NOTIFY_EMAIL: 'office@longbar-hvac.example',
  WEBHOOK_URLS: 'https://hooks.example/longbar',
  WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
}

describe('alert channels from the configuration', () => {
  const suite = suiteDb('SQLite')
  let alerts: Alerts | undefined
  const start = async (env: Record<string, string>) => {
    alerts = await startAlerts({ config: configOf(env), build, db: suite.db, log, clock: officeClock(build.office) })
    return alerts
  }
  afterEach(async () => {
    await alerts?.stop()
    alerts = undefined
  })

  it('makes every channel of the closed set when everything is configured, in fan-out order', async () => {
    expect((await start(EVERYTHING)).configured).toEqual([...ALERT_CHANNELS])
  })

  it('makes only push without settings, and says the office is not reached until a device subscribes', async () => {
    const started = await start({})
    expect(started.configured).toEqual(['push'])
    expect(await started.reachOffice()).toBe(false)
    await saveSubscription(suite.db, {
      endpoint: 'https://push.example/device-1',
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
      device: 'Chrome on Android',
    })
    expect(await started.reachOffice()).toBe(true)
  })

  it('counts e-mail as reaching the office, and the customer confirmation as not', async () => {
    const { SMTP_URL, NOTIFY_EMAIL } = EVERYTHING
    const started = await start({ SMTP_URL, NOTIFY_EMAIL })
    expect(started.configured).toEqual(['email', 'confirmation', 'push'])
    expect(await started.reachOffice()).toBe(true)
  })

  it('sends the daily test alert from the periodic look in opening hours, unless DAILY_TEST_ALERT=false (decision 047)', async () => {
    const smtp = await startSmtp()
    try {
      const mail = { SMTP_URL: smtp.url, NOTIFY_EMAIL: 'office@longbar-hvac.example' }
      // Monday, November 23, 10:00 AM in the office's time zone: open.
      const monday = new Date('2026-11-23T15:00:00.000Z')
      await (await start({ ...mail, DAILY_TEST_ALERT: 'false' })).sendDue(monday)
      expect(smtp.received).toHaveLength(0)
      await alerts?.stop()
      await (await start(mail)).sendDue(monday)
      expect(smtp.received.map((m) => m.subject)).toEqual([`Test alert from the ${build.business.name} website`])
    } finally {
      await smtp.close()
    }
  })
})
