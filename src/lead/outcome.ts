// A request's outcome (docs/decisions/050-outcomes.md): what the completed job was worth and why a
// closed request was lost, as the office enters them on the card. One list of reasons, one limit
// and one way to read and write dollars, for the server, which checks the body against
// schemas/job-outcome.schema.json, and the inbox, which shows them. Browser-safe.
import schema from '../../schemas/job-outcome.schema.json' with { type: 'json' }
import type { JobOutcome } from '../catalogue/types.gen.ts'

export type { JobOutcome }
export { schema as jobOutcomeSchema }

export type LostReason = NonNullable<JobOutcome['lost_reason']>

/** The reasons a closed request was lost, in the order the office is offered them. */
export const LOST_REASONS = schema.properties.lost_reason.enum.filter((r) => r !== null) as readonly LostReason[]

/** How the office reads each reason. */
export const LOST_REASON_LABELS: Record<LostReason, string> = {
  price: 'Price',
  chose_another: 'Chose another company',
  no_response: 'No response',
  not_a_fit: 'Not a fit / outside what we do',
  repaired_themselves: 'Repaired it themselves',
  other: 'Other',
}

/** The highest job value, in cents ($1,000,000). */
const JOB_VALUE_MAX_CENTS = schema.properties.job_value_cents.maximum

/** "$1,234.50" from 123450 cents. */
export function formatDollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })
}

/** What a typed job value says is wrong with it, in the office's words. */
export const JOB_VALUE_PROBLEM =
  'Write the job’s value in dollars, more than $0 and at most $1,000,000 (like 485 or 1,250.50).'

/**
 * The cents of a value as the office types it ("485", "$1,250.50", "1250.5"); undefined when it is
 * not an amount of dollars and cents from $0.01 to $1,000,000.
 */
export function parseDollars(text: string): number | undefined {
  const plain = text.trim().replace(/^\$\s*/, '')
  // Thousands separators only where they belong (1,250 or 1250, never 12,50).
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(plain)) return undefined
  const [whole, fraction = ''] = plain.replaceAll(',', '').split('.') as [string, string?]
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return cents >= 1 && cents <= JOB_VALUE_MAX_CENTS ? cents : undefined
}

/** A value in cents as the office would type it back ("1250.50", "485"). */
export const centsToInput = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2))
