// The server's configuration, read once from the environment at start. Each variable is declared
// once, in ENV below (its default, how it is read and checked, what it is for), and the Config
// type is inferred from that declaration (zod, decision 035). Every bad variable is reported, not
// just the first, so an operator fixes them all in one go. Documented in docs/configuration.md
// and .env.example (tests/unit/env-example.test.ts holds that file to ENV).
import path from 'node:path'
import { z } from 'zod'
import type { DatabaseTarget } from './db/client.ts'
import { parseRateLimits } from './db/rate-limits.ts'
import { OFFICE_EVENTS, type OfficeEvent } from '../lead/alerts.ts'
import { replicaProblem } from './replica-url.ts'
import { DEFAULT_CONVERSION_NAME } from './admin/google-ads.ts'

/** The admin password's minimum length, for ADMIN_PASSWORD and `npm run admin:password` alike. */
export const MIN_PASSWORD_LENGTH = 12

export const DEFAULTS = {
  /** Per visitor (an IPv4 address, or an IPv6 /64): 5 requests in any 10 minutes, 20 in a day. */
  contactRateLimit: '5/10m,20/1d',
  /** From everyone together: beyond 60 requests in any hour each is marked possible spam and not announced. */
  contactOverallLimit: '60/1h',
  /** A second send from the same customer within this many minutes folds into the first (decision 052). */
  contactFoldMinutes: 60,
  /** Per address: 5 failed logins in any 15 minutes. */
  loginRateLimit: '5/15m',
  webhookEvents: 'new,escalation,reminder,booking',
  escalateAfterMinutes: 10,
  /** Three years: long enough for the office to look up a past customer, short of forever. */
  retentionMonths: 36,
  /** A week: time to find a slot, near enough to be remembered. */
  visitReminderDays: 7,
  port: 3000,
  host: '127.0.0.1',
  publicOrigin: 'http://localhost:3000',
  dataDir: './data',
  distDir: './dist/client',
  logLevel: 'info',
  /** No reverse proxy: X-Forwarded-For is not read. */
  trustProxy: 'false',
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** A webhook target: its URL and the JSON it takes (a Standard Webhooks event, or a Slack or Teams message). */
export type Webhook = { format: WebhookFormat; url: string }
type WebhookFormat = 'standard' | 'slack' | 'teams'

export type EnvResult = { ok: true; config: Config } | { ok: false; errors: string[] }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MAKE_SECRET = "node -e \"console.log('whsec_' + crypto.randomBytes(32).toString('base64'))\""

/** What is wrong with a variable's text: sentences that say how to write it. */
class Problem {
  readonly sentences: string[]
  constructor(sentences: string[]) {
    this.sentences = sentences
  }
}

/** A variable's text as the server takes it: trimmed, and unset when blank. */
function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** A variable read from its text: `read` gives its value, or the Problem with it. */
function readWith<T>(read: (text: string) => T | Problem) {
  return z.string().transform((text, ctx) => {
    const value = read(text)
    if (!(value instanceof Problem)) return value
    for (const message of value.sentences) ctx.issues.push({ code: 'custom', message, input: text })
    return z.NEVER
  })
}

/** A variable kept as its text when `ok` says it is good; `problem` says what is wrong otherwise. */
const checked = (ok: (text: string) => boolean, problem: (text: string) => string) =>
  readWith((text) => (ok(text) ? text : new Problem([problem(text)])))

/** A variable that may be unset (or blank). */
const optional = <T>(schema: z.ZodType<T, string>) => z.preprocess(textOf, schema.optional())

/** A variable with a default, written as its text would be and read like it. */
const withDefault = <T>(schema: z.ZodType<T, string>, fallback: string | number) =>
  z.preprocess(textOf, schema.prefault(String(fallback)))

/** A whole number from `min` to `max`, written as digits only (`pattern`). */
const wholeNumber = (min: number, max: number, problem: (text: string) => string, pattern = /^\d+$/) =>
  readWith((text) =>
    pattern.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : new Problem([problem(text)]),
  )

function readOrigin(text: string): string | Problem {
  try {
    const url = new URL(text)
    const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username
    if ((url.protocol === 'http:' || url.protocol === 'https:') && bare) return url.origin
  } catch {
    // Not a URL at all: the same sentence.
  }
  return new Problem([
    `PUBLIC_ORIGIN=${text} is not an origin. Write the scheme and host only, with no path, e.g. PUBLIC_ORIGIN=https://www.example.com.`,
  ])
}

/** DATABASE_URL as written: a SQLite file is resolved against the working directory later. */
function readDatabase(text: string): DatabaseTarget | Problem {
  if (/^postgres(ql)?:\/\//.test(text)) {
    if (URL.canParse(text)) return { kind: 'postgres', url: text }
    // Never the URL itself in the sentence: it holds the database password.
    return new Problem([
      'DATABASE_URL is not a valid postgres:// URL. Use e.g. DATABASE_URL=postgres://user:password@127.0.0.1:5432/longbar.',
    ])
  }
  if (text === ':memory:') return { kind: 'sqlite', file: ':memory:' }
  if (text.startsWith('file:')) {
    const file = text.slice('file:'.length)
    if (file !== '') return { kind: 'sqlite', file }
    return new Problem(['DATABASE_URL=file: needs a path, e.g. DATABASE_URL=file:./data/longbar.sqlite.'])
  }
  return new Problem([
    'DATABASE_URL must start with postgres://, postgresql:// or file: (or be :memory:). Leave it unset to use SQLite under DATA_DIR.',
  ])
}

function isMailServerUrl(text: string): boolean {
  const url = URL.parse(text)
  return url?.protocol === 'smtp:' || url?.protocol === 'smtps:'
}

function readTrustProxy(text: string): number | Problem {
  if (text === 'false') return 0
  if (text === 'true') return 1
  if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text)
  return new Problem([
    `TRUST_PROXY=${text} is not valid. Use false (no proxy), true (one proxy) or the number of proxies in front of the server.`,
  ])
}

/** A rate limit variable (CONTACT_RATE_LIMIT, LOGIN_RATE_LIMIT) as windows named `<name>:<span>`. */
const rateLimits = (variable: string, name: string) =>
  readWith((text) => {
    const windows = parseRateLimits(name, text)
    return typeof windows === 'string' ? new Problem([`${variable}=${text} is not valid: ${windows}`]) : windows
  })

/** WEBHOOK_URLS: the targets it lists, and a sentence for each entry that is not an http(s) URL. */
function listWebhooks(text: string): { webhooks: Webhook[]; problems: string[] } {
  const webhooks: Webhook[] = []
  const problems: string[] = []
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const prefix = /^(slack|teams|standard):(?=https?:)/i.exec(entry)
    const format = (prefix?.[1]?.toLowerCase() ?? 'standard') as WebhookFormat
    const url = URL.parse(prefix ? entry.slice(prefix[0].length) : entry)
    if (url?.protocol === 'http:' || url?.protocol === 'https:') webhooks.push({ format, url: url.href })
    // The entry may hold a secret token in its path: name its position, not its text.
    else
      problems.push(
        `WEBHOOK_URLS entry ${webhooks.length + 1} is not an http(s) URL. Separate URLs with commas; prefix a Slack or Teams incoming webhook with slack: or teams:, e.g. WEBHOOK_URLS=slack:https://hooks.slack.com/services/…,https://example.com/hooks/longbar.`,
      )
  }
  return { webhooks, problems }
}

function readWebhookSecret(text: string): Buffer | Problem {
  const body = text.startsWith('whsec_') ? text.slice('whsec_'.length) : ''
  const bytes = Buffer.from(body, 'base64')
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(body) && bytes.length >= 24 && bytes.length <= 64) return bytes
  return new Problem([
    `WEBHOOK_SECRET is not a Standard Webhooks secret: write whsec_ followed by 24 to 64 random bytes in base64. Make one with: ${MAKE_SECRET}`,
  ])
}

function readWebhookEvents(text: string): OfficeEvent[] | Problem {
  const events = [...new Set(text.split(',').map((e) => e.trim()))]
  if (events.every((e) => (OFFICE_EVENTS as readonly string[]).includes(e))) return events as OfficeEvent[]
  return new Problem([
    `WEBHOOK_EVENTS=${text} is not a list of events. Use some of ${OFFICE_EVENTS.join(', ')}, separated by commas (default ${DEFAULTS.webhookEvents}).`,
  ])
}

const isEmail = (text: string) => EMAIL.test(text)

/** Every variable the server reads, in the order their problems are reported. */
const ENV = z.object({
  /** The port to listen on (0 picks a free one). */
  PORT: withDefault(
    wholeNumber(
      0,
      65535,
      (text) =>
        `PORT=${text} is not a port number. Use a whole number from 1 to 65535 (0 picks a free port), e.g. PORT=3000.`,
    ),
    DEFAULTS.port,
  ),
  /** The address to listen on (0.0.0.0: every interface, behind a reverse proxy). */
  HOST: withDefault(
    checked(
      (text) => !/\s|\//.test(text),
      (text) =>
        `HOST=${text} is not a host name or address. Use e.g. HOST=127.0.0.1 (this machine only) or HOST=0.0.0.0 (all interfaces).`,
    ),
    DEFAULTS.host,
  ),
  /** The site's public origin (https://example.com): links in e-mails, Origin checks, HSTS. */
  PUBLIC_ORIGIN: withDefault(readWith(readOrigin), DEFAULTS.publicOrigin),
  /** The folder of the default SQLite file. */
  DATA_DIR: withDefault(z.string(), DEFAULTS.dataDir),
  /** Where the data lives: postgres://…, file:<path> or :memory:; unset: SQLite under DATA_DIR. */
  DATABASE_URL: optional(readWith(readDatabase)),
  /** Sets the admin password at start. Taken as written (spaces count), never echoed. */
  ADMIN_PASSWORD: z.preprocess(
    (value) => (value === '' ? undefined : value),
    checked(
      (text) => text.length >= MIN_PASSWORD_LENGTH,
      () =>
        `ADMIN_PASSWORD is too short. Use at least ${MIN_PASSWORD_LENGTH} characters (a few random words work well).`,
    ).optional(),
  ),
  /** The mail server that sends the notifications (smtp:// or smtps://). */
  SMTP_URL: optional(
    checked(
      isMailServerUrl,
      () =>
        'SMTP_URL is not a mail server URL. Use e.g. SMTP_URL=smtps://user:password@smtp.example.com:465 or smtp://127.0.0.1:25.',
    ),
  ),
  /** Who receives the notifications (required with SMTP_URL). */
  NOTIFY_EMAIL: optional(
    checked(
      isEmail,
      (text) => `NOTIFY_EMAIL=${text} is not an e-mail address. Use e.g. NOTIFY_EMAIL=office@example.com.`,
    ),
  ),
  /** The notifications' From address; unset: the SMTP user if it is an address, else NOTIFY_EMAIL. */
  MAIL_FROM: optional(
    checked(
      (text) => isEmail(text.replace(/^.*<([^>]*)>\s*$/, '$1')),
      (text) =>
        `MAIL_FROM=${text} is not an e-mail address. Use e.g. MAIL_FROM=website@example.com or MAIL_FROM="Longbar website <website@example.com>".`,
    ),
  ),
  /** debug, info, warn or error. */
  LOG_LEVEL: withDefault(
    z.enum(LOG_LEVELS, {
      error: (issue) => `LOG_LEVEL=${String(issue.input)} is not a log level. Use one of: ${LOG_LEVELS.join(', ')}.`,
    }),
    DEFAULTS.logLevel,
  ),
  /** How many reverse proxies in front of us may set X-Forwarded-For (false: none, true: one). */
  TRUST_PROXY: withDefault(readWith(readTrustProxy), DEFAULTS.trustProxy),
  /** The prerendered site (dist/client). */
  DIST_DIR: withDefault(z.string(), DEFAULTS.distDir),
  /** A content folder to render the site from at start instead of serving the built one (decision 048). */
  CONTENT_DIR: optional(z.string()),
  /** Requests per visitor: how many per how long, comma-separated. */
  CONTACT_RATE_LIMIT: withDefault(rateLimits('CONTACT_RATE_LIMIT', 'contact'), DEFAULTS.contactRateLimit),
  /** Requests from everyone together before each is marked possible spam and not announced. */
  CONTACT_OVERALL_LIMIT: withDefault(rateLimits('CONTACT_OVERALL_LIMIT', 'contact-all'), DEFAULTS.contactOverallLimit),
  /** A second send from the same customer within this many minutes folds into the first; 0: never. */
  CONTACT_FOLD_MINUTES: withDefault(
    wholeNumber(
      0,
      24 * 60,
      (text) =>
        `CONTACT_FOLD_MINUTES=${text} is not valid. Use a whole number of minutes from 0 (never fold) to 1440, e.g. CONTACT_FOLD_MINUTES=60.`,
    ),
    DEFAULTS.contactFoldMinutes,
  ),
  /** Failed logins per address. */
  LOGIN_RATE_LIMIT: withDefault(rateLimits('LOGIN_RATE_LIMIT', 'login'), DEFAULTS.loginRateLimit),
  /** Where alerts are POSTed, each with its payload's shape (src/server/alerts/webhook.ts). */
  WEBHOOK_URLS: withDefault(
    readWith((text) => {
      const { webhooks, problems } = listWebhooks(text)
      return problems.length > 0 ? new Problem(problems) : webhooks
    }),
    '',
  ),
  /** The Standard Webhooks signing secret (whsec_<base64>), as bytes; required with WEBHOOK_URLS. */
  WEBHOOK_SECRET: optional(readWith(readWebhookSecret)),
  /** Which events the webhooks receive. */
  WEBHOOK_EVENTS: withDefault(readWith(readWebhookEvents), DEFAULTS.webhookEvents),
  /** An urgent request unread this many minutes alerts again. */
  ESCALATE_AFTER_MINUTES: withDefault(
    wholeNumber(
      1,
      24 * 60,
      (text) =>
        `ESCALATE_AFTER_MINUTES=${text} is not valid. Use a whole number of minutes from 1 to 1440, e.g. ESCALATE_AFTER_MINUTES=10.`,
    ),
    DEFAULTS.escalateAfterMinutes,
  ),
  /** An extra address for escalations only (needs SMTP_URL). */
  ESCALATE_EMAIL: optional(
    checked(
      isEmail,
      (text) => `ESCALATE_EMAIL=${text} is not an e-mail address. Use e.g. ESCALATE_EMAIL=owner@example.com.`,
    ),
  ),
  /** Requests older than this many months are deleted with their activity. */
  RETENTION_MONTHS: withDefault(
    wholeNumber(
      1,
      1200,
      (text) =>
        `RETENTION_MONTHS=${text} is not valid. Use a whole number of months from 1 to 1200, e.g. RETENTION_MONTHS=36 (three years).`,
      /^\d{1,4}$/,
    ),
    DEFAULTS.retentionMonths,
  ),
  /** How many days before a client's next service visit the customer is e-mailed a reminder. */
  VISIT_REMINDER_DAYS: withDefault(
    wholeNumber(
      1,
      60,
      (text) =>
        `VISIT_REMINDER_DAYS=${text} is not valid. Use a whole number of days from 1 to 60, e.g. VISIT_REMINDER_DAYS=7 (a week before).`,
      /^\d{1,2}$/,
    ),
    DEFAULTS.visitReminderDays,
  ),
  /** Where Litestream replicates the SQLite database: s3://…, sftp://… or a path (src/server/replica.ts). */
  LITESTREAM_REPLICA_URL: optional(
    checked(
      (text) => replicaProblem(text) === undefined,
      (text) => replicaProblem(text)!,
    ),
  ),
  /** A bearer token that lets a monitoring system read GET /metrics from another machine. */
  METRICS_TOKEN: optional(
    checked(
      (text) => /^[\x21-\x7e]{16,}$/.test(text),
      () =>
        'METRICS_TOKEN is too short or has spaces. Use at least 16 visible characters, e.g. the output of: openssl rand -hex 24',
    ),
  ),
  /** The daily test alert on every channel, its push to be tapped (decision 047): true or false. */
  DAILY_TEST_ALERT: withDefault(
    readWith((text) =>
      text === 'true' || text === 'false'
        ? text === 'true'
        : new Problem([`DAILY_TEST_ALERT=${text} is not valid. Use true (the default) or false.`]),
    ),
    'true',
  ),
  /** The Google Ads conversion action the offline conversions export names (decision 050). */
  GOOGLE_ADS_CONVERSION_NAME: withDefault(
    checked(
      (text) => text.length <= 100 && !/\p{Cc}/u.test(text),
      () =>
        'GOOGLE_ADS_CONVERSION_NAME is too long or has control characters. Use the name of the conversion action in Google Ads, at most 100 characters, e.g. GOOGLE_ADS_CONVERSION_NAME=Completed job.',
    ),
    DEFAULT_CONVERSION_NAME,
  ),
  /** Push hosts allowed though not public (the tests' local push service): host names or IPs, comma-separated. */
  PUSH_PRIVATE_HOSTS: withDefault(
    z.string().transform((text) =>
      text
        .split(',')
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
    ),
    '',
  ),
})

type Variable = keyof typeof ENV.shape
/** The variables' names, in ENV's order (exported for the test that holds .env.example to them). */
export const VARIABLES = Object.keys(ENV.shape) as Variable[]

/**
 * What a variable needs of another, checked on their text whether it is valid or not (a bad
 * SMTP_URL still needs NOTIFY_EMAIL), and reported as a problem of the first.
 */
const NEEDS: {
  variable: Variable
  missing: (text: (name: Variable) => string | undefined) => boolean
  message: string
}[] = [
  {
    variable: 'NOTIFY_EMAIL',
    missing: (text) => text('SMTP_URL') !== undefined && text('NOTIFY_EMAIL') === undefined,
    message: 'NOTIFY_EMAIL is missing: SMTP_URL is set, so the server needs the address that receives new requests.',
  },
  {
    variable: 'WEBHOOK_SECRET',
    missing: (text) =>
      text('WEBHOOK_SECRET') === undefined && listWebhooks(text('WEBHOOK_URLS') ?? '').webhooks.length > 0,
    message: `WEBHOOK_SECRET is missing: WEBHOOK_URLS is set, and every webhook is signed. Make one with: ${MAKE_SECRET} and give the receivers the same value.`,
  },
  {
    variable: 'LITESTREAM_REPLICA_URL',
    missing: (text) =>
      text('LITESTREAM_REPLICA_URL') !== undefined && /^postgres(ql)?:/.test(text('DATABASE_URL') ?? ''),
    message:
      'LITESTREAM_REPLICA_URL replicates SQLite, but DATABASE_URL is PostgreSQL: back PostgreSQL up with its own tools (docs/operations.md, Backups).',
  },
  {
    variable: 'ESCALATE_EMAIL',
    missing: (text) => text('ESCALATE_EMAIL') !== undefined && text('SMTP_URL') === undefined,
    message: 'ESCALATE_EMAIL is set but SMTP_URL is not: escalations are e-mailed through the mail server.',
  },
]

/** Where the data lives: DATABASE_URL (a SQLite file resolved against `cwd`), or longbar.sqlite in DATA_DIR. */
function databaseIn(url: DatabaseTarget | undefined, cwd: string, dataDir: string): DatabaseTarget {
  if (url === undefined) return { kind: 'sqlite', file: path.join(dataDir, 'longbar.sqlite') }
  if (url.kind === 'postgres' || url.file === ':memory:') return url
  return { kind: 'sqlite', file: path.resolve(cwd, url.file) }
}

/** The configuration the server reads, from the variables' values; paths resolved against `cwd`. */
function configFrom(v: z.output<typeof ENV>, cwd: string) {
  const dataDir = path.resolve(cwd, v.DATA_DIR)
  return {
    port: v.PORT,
    host: v.HOST,
    publicOrigin: v.PUBLIC_ORIGIN,
    database: databaseIn(v.DATABASE_URL, cwd, dataDir),
    dataDir,
    adminPassword: v.ADMIN_PASSWORD,
    smtpUrl: v.SMTP_URL,
    notifyEmail: v.NOTIFY_EMAIL,
    mailFrom: v.MAIL_FROM,
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY,
    distDir: path.resolve(cwd, v.DIST_DIR),
    contentDir: v.CONTENT_DIR === undefined ? undefined : path.resolve(cwd, v.CONTENT_DIR),
    contactLimits: v.CONTACT_RATE_LIMIT,
    contactOverallLimits: v.CONTACT_OVERALL_LIMIT,
    /** In milliseconds; 0: never. */
    contactFoldMs: v.CONTACT_FOLD_MINUTES * 60_000,
    loginLimits: v.LOGIN_RATE_LIMIT,
    webhooks: v.WEBHOOK_URLS,
    webhookSecret: v.WEBHOOK_SECRET,
    webhookEvents: v.WEBHOOK_EVENTS,
    /** In milliseconds. */
    escalateAfterMs: v.ESCALATE_AFTER_MINUTES * 60_000,
    escalateEmail: v.ESCALATE_EMAIL,
    retentionMonths: v.RETENTION_MONTHS,
    visitReminderDays: v.VISIT_REMINDER_DAYS,
    metricsToken: v.METRICS_TOKEN,
    replicaUrl: v.LITESTREAM_REPLICA_URL,
    pushPrivateHosts: v.PUSH_PRIVATE_HOSTS,
    dailyTestAlert: v.DAILY_TEST_ALERT,
    googleAdsConversionName: v.GOOGLE_ADS_CONVERSION_NAME,
  }
}

export type Config = ReturnType<typeof configFrom>

export function parseEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): EnvResult {
  const parsed = ENV.safeParse(env)
  const text = (name: Variable) => textOf(env[name])
  const problems = [
    ...(parsed.error?.issues ?? []).map((issue) => ({ variable: issue.path[0] as Variable, message: issue.message })),
    ...NEEDS.filter((need) => need.missing(text)),
  ]
  if (parsed.success && problems.length === 0) return { ok: true, config: configFrom(parsed.data, cwd) }
  // Each variable's problems together, in the order ENV declares them (a stable sort).
  const order = (variable: Variable) => VARIABLES.indexOf(variable)
  return { ok: false, errors: problems.sort((a, b) => order(a.variable) - order(b.variable)).map((p) => p.message) }
}
