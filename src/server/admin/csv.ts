// The inbox as CSV for a spreadsheet: UTF-8 with a byte-order mark (Excel reads it right), one
// header row, RFC 4180 quoting, and no cell a spreadsheet would run as a formula.
import { serviceLabel } from '../../contact/message.ts'
import type { Submission } from '../db/submissions.ts'

const CSV_COLUMNS = [
  'id', 'created_at', 'name', 'phone', 'email', 'service', 'message', 'status', 'is_read', 'read_at', 'is_client',
  'client_since', 'next_delivery_date', 'delivery_frequency', 'delivery_notes', 'source_page', 'referrer', 'is_spam', 'spam_reason',
] as const

/**
 * One cell. A text starting with = + - @ (or a tab or carriage return, which some spreadsheets
 * skip before them) is a formula to a spreadsheet: a leading apostrophe makes it text (OWASP).
 */
function csvCell(value: string | number | boolean | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvRow(s: Submission): string {
  return CSV_COLUMNS.map((column) => csvCell(column === 'service' ? serviceLabel(s.service) : s[column])).join(',') + '\r\n'
}

export const CSV_HEADER = `\ufeff${CSV_COLUMNS.join(',')}\r\n`
