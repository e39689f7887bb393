// Structured logs: one JSON object per line on stdout, with a time, a level and a message.
import type { LogLevel } from './env.ts'

type Fields = Record<string, unknown>
export type Logger = {
  debug(msg: string, fields?: Fields): void
  info(msg: string, fields?: Fields): void
  warn(msg: string, fields?: Fields): void
  error(msg: string, fields?: Fields): void
  enabled(level: LogLevel): boolean
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

function serializable(fields: Fields): Fields {
  const out: Fields = {}
  for (const [k, v] of Object.entries(fields)) {
    out[k] = v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v
  }
  return out
}

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(line),
): Logger {
  const min = RANK[level]
  const log =
    (lvl: LogLevel) =>
    (msg: string, fields: Fields = {}) => {
      if (RANK[lvl] < min) return
      write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...serializable(fields) })}\n`)
    }
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    enabled: (lvl) => RANK[lvl] >= min,
  }
}

/**
 * A request's path as the log may keep it: at most 300 characters, and a customer's booking link
 * (whose address is its credential, docs/booking.md) without its token.
 */
export const pathForLog = (path: string): string => (path.startsWith('/booking/') ? '/booking/…' : path.slice(0, 300))
