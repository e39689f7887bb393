import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../src/server/env.ts'

const CWD = '/srv/app'

describe('server configuration from the environment', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const result = parseEnv({}, CWD)
    expect(result).toEqual({
      ok: true,
      config: {
        port: 3000,
        host: '127.0.0.1',
        publicOrigin: 'http://localhost:3000',
        database: { kind: 'sqlite', file: '/srv/app/data/longbar.sqlite' },
        dataDir: '/srv/app/data',
        adminPassword: undefined,
        smtpUrl: undefined,
        notifyEmail: undefined,
        mailFrom: undefined,
        logLevel: 'info',
        trustProxy: 0,
        distDir: '/srv/app/dist/client',
        contactLimits: [
          { bucket: 'contact:10m', windowMs: 600_000, max: 5, sliding: true },
          { bucket: 'contact:1d', windowMs: 86_400_000, max: 20, sliding: true },
        ],
        contactOverallLimits: [{ bucket: 'contact-all:1h', windowMs: 3_600_000, max: 60, sliding: true }],
        loginLimits: [{ bucket: 'login:15m', windowMs: 900_000, max: 5, sliding: true }],
        webhooks: [],
        webhookSecret: undefined,
        webhookEvents: ['new', 'escalation', 'reminder', 'booking'],
        escalateAfterMs: 600_000,
        escalateEmail: undefined,
        retentionMonths: 36,
        visitReminderDays: 7,
        contactFoldMs: 3_600_000,
        pushPrivateHosts: [],
        dailyTestAlert: true,
        googleAdsConversionName: 'Completed job',
      },
    })
  })

  it('reads the webhooks, their secret and events, and the escalation', () => {
    const secret = Buffer.alloc(32, 7)
    const result = parseEnv(
      {
        WEBHOOK_URLS:
          ' slack:https://hooks.slack.com/services/T/B/x , https://example.com/hooks?k=1,teams:https://x.example/w',
        WEBHOOK_SECRET: `whsec_${secret.toString('base64')}`,
        WEBHOOK_EVENTS: 'new,status',
        ESCALATE_AFTER_MINUTES: '15',
        ESCALATE_EMAIL: 'owner@example.com',
        SMTP_URL: 'smtp://127.0.0.1:25',
        NOTIFY_EMAIL: 'office@example.com',
      },
      CWD,
    )
    expect(result.ok && result.config).toMatchObject({
      webhooks: [
        { format: 'slack', url: 'https://hooks.slack.com/services/T/B/x' },
        { format: 'standard', url: 'https://example.com/hooks?k=1' },
        { format: 'teams', url: 'https://x.example/w' },
      ],
      webhookSecret: secret,
      webhookEvents: ['new', 'status'],
      escalateAfterMs: 900_000,
      escalateEmail: 'owner@example.com',
    })
  })

  it('refuses bad webhook and escalation settings, saying how to fix them, and never echoes a webhook URL', () => {
    const result = parseEnv(
      {
        WEBHOOK_URLS: 'https://ok.example/a,slack:ftp://secret-token.example/x',
        WEBHOOK_EVENTS: 'new,created',
        ESCALATE_AFTER_MINUTES: '0',
        ESCALATE_EMAIL: 'owner@example.com',
      },
      CWD,
    )
    expect(result).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(/^WEBHOOK_URLS entry 2 is not an http\(s\) URL\. .*slack:/),
        expect.stringMatching(/^WEBHOOK_SECRET is missing: WEBHOOK_URLS is set.*whsec_/),
        expect.stringMatching(/^WEBHOOK_EVENTS=new,created is not a list of events\. Use some of new, escalation/),
        expect.stringMatching(/^ESCALATE_AFTER_MINUTES=0 is not valid\./),
        expect.stringMatching(/^ESCALATE_EMAIL is set but SMTP_URL is not/),
      ],
    })
    expect(JSON.stringify(result)).not.toContain('secret-token')
    for (const bad of ['s3cr3t', 'whsec_short', `whsec_${'!'.repeat(40)}`])
      expect(parseEnv({ WEBHOOK_SECRET: bad }, CWD)).toEqual({
        ok: false,
        errors: [expect.stringMatching(/^WEBHOOK_SECRET is not a Standard Webhooks secret/)],
      })
  })

  it('reads RETENTION_MONTHS as whole months, and says how to write it', () => {
    const result = parseEnv({ RETENTION_MONTHS: '24' }, CWD)
    expect(result.ok && result.config.retentionMonths).toBe(24)
    for (const bad of ['0', '-3', '2.5', 'three years', '1201'])
      expect(parseEnv({ RETENTION_MONTHS: bad }, CWD)).toEqual({
        ok: false,
        errors: [expect.stringMatching(/^RETENTION_MONTHS=.* is not valid\. .*e\.g\. RETENTION_MONTHS=36/)],
      })
  })

  it('reads VISIT_REMINDER_DAYS as whole days, and says how to write it', () => {
    const result = parseEnv({ VISIT_REMINDER_DAYS: '14' }, CWD)
    expect(result.ok && result.config.visitReminderDays).toBe(14)
    for (const bad of ['0', '-3', '2.5', 'a week', '61'])
      expect(parseEnv({ VISIT_REMINDER_DAYS: bad }, CWD)).toEqual({
        ok: false,
        errors: [expect.stringMatching(/^VISIT_REMINDER_DAYS=.* is not valid\. .*e\.g\. VISIT_REMINDER_DAYS=7/)],
      })
  })

  it('reads the rate limits as how many per how long, and says how to write them', () => {
    const result = parseEnv({ CONTACT_RATE_LIMIT: '10/ 30m, 50/1d', LOGIN_RATE_LIMIT: '3/1h' }, CWD)
    expect(result.ok && result.config.contactLimits.map((w) => [w.bucket, w.max, w.windowMs])).toEqual([
      ['contact:30m', 10, 1_800_000],
      ['contact:1d', 50, 86_400_000],
    ])
    expect(result.ok && result.config.loginLimits).toEqual([
      { bucket: 'login:1h', windowMs: 3_600_000, max: 3, sliding: true },
    ])
    for (const bad of ['5 per 10 minutes', '0/10m', '5/10w', '5/40d', '5/10m,'])
      expect(parseEnv({ CONTACT_RATE_LIMIT: bad }, CWD)).toEqual({
        ok: false,
        errors: [
          expect.stringMatching(/^CONTACT_RATE_LIMIT=.* is not valid: ".*" is not a limit\. .*e\.g\. 5\/10m,20\/1d/),
        ],
      })
  })

  it('reads every variable', () => {
    const result = parseEnv(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        PUBLIC_ORIGIN: 'https://www.example.com/',
        DATABASE_URL: 'postgres://u:p@db:5432/longbar',
        ADMIN_PASSWORD: 'correct horse battery',
        SMTP_URL: 'smtps://u:p@smtp.example.com:465',
        NOTIFY_EMAIL: 'office@example.com',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '2',
        DATA_DIR: '/var/lib/longbar',
      },
      CWD,
    )
    expect(result.ok && result.config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicOrigin: 'https://www.example.com',
      database: { kind: 'postgres', url: 'postgres://u:p@db:5432/longbar' },
      dataDir: '/var/lib/longbar',
      logLevel: 'warn',
      trustProxy: 2,
    })
  })

  it('accepts SQLite as file: URLs or :memory:', () => {
    expect(parseEnv({ DATABASE_URL: 'file:./db/x.sqlite' }, CWD)).toMatchObject({
      config: { database: { kind: 'sqlite', file: '/srv/app/db/x.sqlite' } },
    })
    expect(parseEnv({ DATABASE_URL: ':memory:' }, CWD)).toMatchObject({
      config: { database: { kind: 'sqlite', file: ':memory:' } },
    })
  })

  it('reports every bad variable at once, each with an example of a good value', () => {
    const result = parseEnv(
      {
        PORT: 'eighty',
        PUBLIC_ORIGIN: 'ftp://example.com/x',
        DATABASE_URL: 'mysql://x',
        ADMIN_PASSWORD: 'short',
        SMTP_URL: 'http://mail',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'maybe',
      },
      CWD,
    )
    expect(result.ok).toBe(false)
    const errors = result.ok ? [] : result.errors
    expect(errors).toHaveLength(8)
    expect(errors).toEqual([
      expect.stringMatching(/^PORT=eighty is not a port number\. .*e\.g\. PORT=3000\.$/),
      expect.stringMatching(
        /^PUBLIC_ORIGIN=ftp:\/\/example\.com\/x is not an origin\. .*PUBLIC_ORIGIN=https:\/\/www\.example\.com\.$/,
      ),
      expect.stringMatching(/^DATABASE_URL must start with postgres:\/\//),
      expect.stringMatching(/^ADMIN_PASSWORD is too short\. Use at least 12 characters/),
      expect.stringMatching(/^SMTP_URL is not a mail server URL\./),
      expect.stringMatching(/^NOTIFY_EMAIL is missing: SMTP_URL is set/),
      expect.stringMatching(/^LOG_LEVEL=loud is not a log level\. Use one of: debug, info, warn, error\.$/),
      expect.stringMatching(/^TRUST_PROXY=maybe is not valid\./),
    ])
  })

  it('turns the daily test alert off with DAILY_TEST_ALERT=false, and refuses anything but true or false', () => {
    expect(parseEnv({ DAILY_TEST_ALERT: 'false' }, CWD)).toMatchObject({ ok: true, config: { dailyTestAlert: false } })
    expect(parseEnv({ DAILY_TEST_ALERT: 'no' }, CWD)).toEqual({
      ok: false,
      errors: ['DAILY_TEST_ALERT=no is not valid. Use true (the default) or false.'],
    })
  })

  it('takes MAIL_FROM as an address or a name with an address, and refuses anything else', () => {
    expect(parseEnv({ MAIL_FROM: 'Longbar website <web@example.com>' }, CWD)).toMatchObject({
      ok: true,
      config: { mailFrom: 'Longbar website <web@example.com>' },
    })
    expect(parseEnv({ MAIL_FROM: 'web@example.com' }, CWD)).toMatchObject({
      ok: true,
      config: { mailFrom: 'web@example.com' },
    })
    expect(parseEnv({ MAIL_FROM: 'the website' }, CWD)).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^MAIL_FROM=the website is not an e-mail address\./)],
    })
  })

  it('never echoes a password in an error', () => {
    const result = parseEnv({ ADMIN_PASSWORD: 'hunter2', DATABASE_URL: 'postgres://user:s3cret@/' }, CWD)
    expect(JSON.stringify(result)).not.toContain('hunter2')
    expect(JSON.stringify(result)).not.toContain('s3cret')
  })
})
