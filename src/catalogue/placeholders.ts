// Business facts inside copy: a record writes "Call {phone}" and the page shows the number from
// the business record, so no page repeats a fact. Pure and browser-safe.
import type { Business } from './types.gen.ts'

export type PlaceholderValues = Record<string, string>

/** The values of every placeholder a content string may use. */
export function placeholderValues(business: Business, now = new Date()): PlaceholderValues {
  const year = now.getFullYear()
  return {
    company: business.name,
    shortName: business.shortName,
    phone: business.phone.display,
    email: business.email,
    foundingYear: String(business.foundingYear),
    yearsInBusiness: String(year - business.foundingYear),
    year: String(year),
  }
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g

/** The placeholder names in a text that are not known. */
export function unknownPlaceholders(text: string, values: PlaceholderValues): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !(name in values))
}

export function fillText(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole)
}

/** A deep copy of a record with every string's placeholders filled. */
export function fillRecord<T>(value: T, values: PlaceholderValues): T {
  if (typeof value === 'string') return fillText(value, values) as T
  if (Array.isArray(value)) return value.map((v: unknown) => fillRecord(v, values)) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillRecord(v, values)])) as T
  }
  return value
}

/** Every string in a record with its field path, for checking placeholders. */
export function* stringsOf(value: unknown, at: (string | number)[] = []): Generator<[(string | number)[], string]> {
  if (typeof value === 'string') yield [at, value]
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* stringsOf(v, [...at, i])
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* stringsOf(v, [...at, k])
}
