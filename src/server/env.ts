// The server's configuration, read once from the environment at start. Every bad variable is
// reported, not just the first, so an operator fixes them all in one go. Documented in
// README.md and .env.example.
import path from 'node:path'
import { parseRateLimits, type Window } from './db/rate-limits.ts'
import { ALERT_EVENTS, type AlertEvent } from '../lead/alerts.ts'

/** The admin password's minimum length, for ADMIN_PASSWORD and `npm run admin:password` alike. */
export const MIN_PASSWORD_LENGTH = 12

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export type Config = {
  port: number
  host: string
  /** The site's public origin (https://example.com): links in e-mails, Origin checks, HSTS. */
  publicOrigin: string
  /** Where the data lives: a SQLite file path, ':memory:', or a postgres:// URL. */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }
  dataDir: string
  adminPassword: string | undefined
  smtpUrl: string | undefined
  notifyEmail: string | undefined
  /** The notifications' From address; unset: the SMTP user if it is an address, else NOTIFY_EMAIL. */
  mailFrom: string | undefined
  logLevel: LogLevel
  /** How many reverse proxies in front of us may set X-Forwarded-For (0: trust none). */
  trustProxy: number
  /** The prerendered site (dist/client). */
  distDir: string
  /** Requests per visitor (CONTACT_RATE_LIMIT) and failed logins per address (LOGIN_RATE_LIMIT). */
  contactLimits: Window[]
  loginLimits: Window[]
  /** Where alerts are POSTed (WEBHOOK_URLS), each with its payload's shape (src/server/alerts/webhook.ts). */
  webhooks: Webhook[]
  /** The Standard Webhooks signing secret (WEBHOOK_SECRET, whsec_<base64>), as bytes; required with webhooks. */
  webhookSecret: Buffer | undefined
  /** Which events the webhooks receive (WEBHOOK_EVENTS). */
  webhookEvents: AlertEvent[]
  /** An urgent request unread this long alerts again (ESCALATE_AFTER_MINUTES), in milliseconds. */
  escalateAfterMs: number
  /** An extra address for escalations only (ESCALATE_EMAIL). */
  escalateEmail: string | undefined
  /** Requests older than this many months are deleted with their activity (RETENTION_MONTHS). */
  retentionMonths: number
}

/** A webhook target: its URL and the JSON it takes (a Standard Webhooks event, or a Slack or Teams message). */
export type Webhook = { format: WebhookFormat; url: string }
export const WEBHOOK_FORMATS = ['standard', 'slack', 'teams'] as const
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number]

export type EnvResult = { ok: true; config: Config } | { ok: false; errors: string[] }

const LOG_LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error']
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const DEFAULTS = {
  /** Per visitor (an IPv4 address, or an IPv6 /64): 5 requests in any 10 minutes, 20 in a day. */
  contactRateLimit: '5/10m,20/1d',
  /** Per address: 5 failed logins in any 15 minutes. */
  loginRateLimit: '5/15m',
  webhookEvents: 'new,escalation,reminder',
  escalateAfterMinutes: 10,
  /** Three years: long enough for the office to look up a past customer, short of forever. */
  retentionMonths: 36,
  port: 3000,
  host: '127.0.0.1',
  publicOrigin: 'http://localhost:3000',
  dataDir: './data',
  distDir: './dist/client',
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

export function parseEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): EnvResult {
  const errors: string[] = []
  const get = (name: string) => blankToUndefined(env[name])

  let port = DEFAULTS.port
  const rawPort = get('PORT')
  if (rawPort !== undefined) {
    port = Number(rawPort)
    if (!/^\d+$/.test(rawPort) || port < 0 || port > 65535)
      errors.push(
        `PORT=${rawPort} is not a port number. Use a whole number from 1 to 65535 (0 picks a free port), e.g. PORT=3000.`,
      )
  }

  const host = get('HOST') ?? DEFAULTS.host
  if (/\s|\//.test(host))
    errors.push(
      `HOST=${host} is not a host name or address. Use e.g. HOST=127.0.0.1 (this machine only) or HOST=0.0.0.0 (all interfaces).`,
    )

  let publicOrigin = DEFAULTS.publicOrigin
  const rawOrigin = get('PUBLIC_ORIGIN')
  if (rawOrigin !== undefined) {
    try {
      const url = new URL(rawOrigin)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol')
      if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username)
        throw new Error('path')
      publicOrigin = url.origin
    } catch {
      errors.push(
        `PUBLIC_ORIGIN=${rawOrigin} is not an origin. Write the scheme and host only, with no path, e.g. PUBLIC_ORIGIN=https://www.example.com.`,
      )
    }
  }

  const dataDir = path.resolve(cwd, get('DATA_DIR') ?? DEFAULTS.dataDir)
  let database: Config['database'] = { kind: 'sqlite', file: path.join(dataDir, 'longbar.sqlite') }
  const rawDb = get('DATABASE_URL')
  if (rawDb !== undefined) {
    if (/^postgres(ql)?:\/\//.test(rawDb)) {
      try {
        new URL(rawDb)
        database = { kind: 'postgres', url: rawDb }
      } catch {
        errors.push(
          'DATABASE_URL is not a valid postgres:// URL. Use e.g. DATABASE_URL=postgres://user:password@127.0.0.1:5432/longbar.',
        )
      }
    } else if (rawDb === ':memory:') {
      database = { kind: 'sqlite', file: ':memory:' }
    } else if (rawDb.startsWith('file:')) {
      const file = rawDb.slice('file:'.length)
      if (file === '') errors.push('DATABASE_URL=file: needs a path, e.g. DATABASE_URL=file:./data/longbar.sqlite.')
      else database = { kind: 'sqlite', file: file === ':memory:' ? ':memory:' : path.resolve(cwd, file) }
    } else {
      errors.push(
        'DATABASE_URL must start with postgres://, postgresql:// or file: (or be :memory:). Leave it unset to use SQLite under DATA_DIR.',
      )
    }
  }

  const adminPassword = env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD
  if (adminPassword !== undefined && adminPassword.length < MIN_PASSWORD_LENGTH)
    errors.push(
      `ADMIN_PASSWORD is too short. Use at least ${MIN_PASSWORD_LENGTH} characters (a few random words work well).`,
    )

  const smtpUrl = get('SMTP_URL')
  if (smtpUrl !== undefined) {
    try {
      const url = new URL(smtpUrl)
      if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('protocol')
    } catch {
      errors.push(
        'SMTP_URL is not a mail server URL. Use e.g. SMTP_URL=smtps://user:password@smtp.example.com:465 or smtp://127.0.0.1:25.',
      )
    }
  }
  const notifyEmail = get('NOTIFY_EMAIL')
  if (notifyEmail !== undefined && !EMAIL.test(notifyEmail))
    errors.push(`NOTIFY_EMAIL=${notifyEmail} is not an e-mail address. Use e.g. NOTIFY_EMAIL=office@example.com.`)
  if (smtpUrl !== undefined && notifyEmail === undefined)
    errors.push('NOTIFY_EMAIL is missing: SMTP_URL is set, so the server needs the address that receives new requests.')

  const mailFrom = get('MAIL_FROM')
  if (mailFrom !== undefined && !EMAIL.test(mailFrom.replace(/^.*<([^>]*)>\s*$/, '$1')))
    errors.push(
      `MAIL_FROM=${mailFrom} is not an e-mail address. Use e.g. MAIL_FROM=website@example.com or MAIL_FROM="Longbar website <website@example.com>".`,
    )

  const rawLevel = get('LOG_LEVEL') ?? 'info'
  if (!LOG_LEVELS.includes(rawLevel as LogLevel))
    errors.push(`LOG_LEVEL=${rawLevel} is not a log level. Use one of: ${LOG_LEVELS.join(', ')}.`)

  let trustProxy = 0
  const rawTrust = get('TRUST_PROXY')
  if (rawTrust !== undefined) {
    if (rawTrust === 'false') trustProxy = 0
    else if (rawTrust === 'true') trustProxy = 1
    else if (/^\d+$/.test(rawTrust) && Number(rawTrust) <= 10) trustProxy = Number(rawTrust)
    else
      errors.push(
        `TRUST_PROXY=${rawTrust} is not valid. Use false (no proxy), true (one proxy) or the number of proxies in front of the server.`,
      )
  }

  const distDir = path.resolve(cwd, get('DIST_DIR') ?? DEFAULTS.distDir)

  const limits = (variable: string, name: string, fallback: string): Window[] => {
    const parsed = parseRateLimits(name, get(variable) ?? fallback)
    if (typeof parsed !== 'string') return parsed
    errors.push(`${variable}=${get(variable)} is not valid: ${parsed}`)
    return []
  }
  const contactLimits = limits('CONTACT_RATE_LIMIT', 'contact', DEFAULTS.contactRateLimit)
  const loginLimits = limits('LOGIN_RATE_LIMIT', 'login', DEFAULTS.loginRateLimit)

  const webhooks: Webhook[] = []
  for (const entry of (get('WEBHOOK_URLS') ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const prefix = /^(slack|teams|standard):(?=https?:)/i.exec(entry)
    const format = (prefix?.[1]?.toLowerCase() ?? 'standard') as WebhookFormat
    const raw = prefix ? entry.slice(prefix[0].length) : entry
    try {
      const url = new URL(raw)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol')
      webhooks.push({ format, url: url.href })
    } catch {
      // The entry may hold a secret token in its path: name its position, not its text.
      errors.push(
        `WEBHOOK_URLS entry ${webhooks.length + 1} is not an http(s) URL. Separate URLs with commas; prefix a Slack or Teams incoming webhook with slack: or teams:, e.g. WEBHOOK_URLS=slack:https://hooks.slack.com/services/…,https://example.com/hooks/longbar.`,
      )
    }
  }
  const rawSecret = get('WEBHOOK_SECRET')
  let webhookSecret: Buffer | undefined
  if (rawSecret !== undefined) {
    const body = rawSecret.startsWith('whsec_') ? rawSecret.slice('whsec_'.length) : ''
    const bytes = Buffer.from(body, 'base64')
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || bytes.length < 24 || bytes.length > 64)
      errors.push(
        "WEBHOOK_SECRET is not a Standard Webhooks secret: write whsec_ followed by 24 to 64 random bytes in base64. Make one with: node -e \"console.log('whsec_' + crypto.randomBytes(32).toString('base64'))\"",
      )
    else webhookSecret = bytes
  } else if (webhooks.length > 0)
    errors.push(
      "WEBHOOK_SECRET is missing: WEBHOOK_URLS is set, and every webhook is signed. Make one with: node -e \"console.log('whsec_' + crypto.randomBytes(32).toString('base64'))\" and give the receivers the same value.",
    )
  const rawEvents = get('WEBHOOK_EVENTS') ?? DEFAULTS.webhookEvents
  const webhookEvents = [...new Set(rawEvents.split(',').map((e) => e.trim()))] as AlertEvent[]
  const unknown = webhookEvents.filter((e) => !(ALERT_EVENTS as readonly string[]).includes(e))
  if (unknown.length > 0 || webhookEvents.length === 0)
    errors.push(
      `WEBHOOK_EVENTS=${rawEvents} is not a list of events. Use some of ${ALERT_EVENTS.join(', ')}, separated by commas (default ${DEFAULTS.webhookEvents}).`,
    )

  let escalateAfterMinutes = DEFAULTS.escalateAfterMinutes
  const rawEscalate = get('ESCALATE_AFTER_MINUTES')
  if (rawEscalate !== undefined) {
    escalateAfterMinutes = Number(rawEscalate)
    if (!/^\d+$/.test(rawEscalate) || escalateAfterMinutes < 1 || escalateAfterMinutes > 24 * 60)
      errors.push(
        `ESCALATE_AFTER_MINUTES=${rawEscalate} is not valid. Use a whole number of minutes from 1 to 1440, e.g. ESCALATE_AFTER_MINUTES=10.`,
      )
  }
  const escalateEmail = get('ESCALATE_EMAIL')
  if (escalateEmail !== undefined && !EMAIL.test(escalateEmail))
    errors.push(`ESCALATE_EMAIL=${escalateEmail} is not an e-mail address. Use e.g. ESCALATE_EMAIL=owner@example.com.`)
  if (escalateEmail !== undefined && smtpUrl === undefined)
    errors.push('ESCALATE_EMAIL is set but SMTP_URL is not: escalations are e-mailed through the mail server.')
  let retentionMonths = DEFAULTS.retentionMonths
  const rawRetention = get('RETENTION_MONTHS')
  if (rawRetention !== undefined) {
    retentionMonths = Number(rawRetention)
    if (!/^\d{1,4}$/.test(rawRetention) || retentionMonths < 1 || retentionMonths > 1200)
      errors.push(
        `RETENTION_MONTHS=${rawRetention} is not valid. Use a whole number of months from 1 to 1200, e.g. RETENTION_MONTHS=36 (three years).`,
      )
  }

  if (errors.length > 0) return { ok: false, errors }
  return {
    ok: true,
    config: {
      port,
      host,
      publicOrigin,
      database,
      dataDir,
      adminPassword,
      smtpUrl,
      notifyEmail,
      mailFrom,
      logLevel: rawLevel as LogLevel,
      trustProxy,
      distDir,
      contactLimits,
      loginLimits,
      webhooks,
      webhookSecret,
      webhookEvents,
      escalateAfterMs: escalateAfterMinutes * 60_000,
      escalateEmail,
      retentionMonths,
    },
  }
}
