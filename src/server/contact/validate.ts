// Validation of a contact request with the form's own schema (schemas/contact-message.schema.json).
// Bodies arrive as JSON or form data; both become one plain object, are tidied (strings trimmed,
// empty optional fields dropped, the envelope fields made safe) and checked by ajv. The result
// names each field that is wrong and the problem to tell (a key of the form's `problems` in
// content/pages/contact.yaml, which the API turns into its words).
import { contactMessageSchema, FIELDS, type ContactMessage, type Field } from '../../lead/message.ts'
import { compileSchema, fieldsOf } from '../schema-check.ts'
import { CLICK_ID_KINDS, UTM_FIELDS } from '../../lead/attribution.ts'

/** The visit's arrival, sent by the form's script (src/client/attribution.ts): part of the envelope. */
const ARRIVAL_FIELDS = ['landing', ...UTM_FIELDS, ...CLICK_ID_KINDS] as const

const check = compileSchema<ContactMessage>(contactMessageSchema, { removeAdditional: true })

/** A problem the form's copy has words for: one per field, and characters a message cannot hold. */
type FieldProblem = Field | 'messageCharacters'

export type Validation =
  /** `odd`: the envelope fields that came malformed and were dropped (a weak sign of a bot posting directly). */
  | { ok: true; message: ContactMessage; odd: string[] }
  | { ok: false; fields: Partial<Record<Field, FieldProblem>>; notAnObject?: true }

/** The envelope fields and the schema's rules for them: what tidy() cuts to fit. */
const ENVELOPE = (['website', 'page', 'referrer', 'window', ...ARRIVAL_FIELDS] as const).map((key) => {
  const rule: { maxLength: number; pattern?: string } = contactMessageSchema.properties[key]
  return { key, maxLength: rule.maxLength, pattern: rule.pattern === undefined ? undefined : new RegExp(rule.pattern) }
})

/** The fields the schema knows: the only keys read off a body. */
const KNOWN = Object.keys(contactMessageSchema.properties)

/** Control characters (C0, DEL, C1). */
const CONTROL = /\p{Cc}+/gu
/** Invisible format characters: bidi embeddings and isolates, zero-width spaces and joiners, soft hyphens, BOM. */
const FORMAT = /\p{Cf}+/gu
/** Line and paragraph separators (U+2028, U+2029): a line break to some readers, none in a one-line field. */
const SEPARATORS = /[\p{Zl}\p{Zp}]+/gu
/**
 * Letters and symbols that show nothing: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and the
 * blank Braille pattern (U+2800). No name is made of them; a name of only these would be blank.
 */
const FILLERS = /[\u115F\u1160\u3164\uFFA0\u2800]+/gu
/** The bidi embeddings, overrides and isolates, which can make a text read in another order than it is stored. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]+/gu

/**
 * A one-line text as it is stored: control characters become a space, format characters (bidi
 * controls, zero-width characters) are removed, and the ends trimmed. For a name and a phone
 * number, where no such character is ever meant, and for the envelope, which nobody types.
 */
function plainLine(value: string): string {
  return value.replace(CONTROL, ' ').replace(SEPARATORS, ' ').replace(FORMAT, '').replace(FILLERS, '').trim()
}

/**
 * Trims strings, drops empty optional fields, and keeps the envelope fields from ever refusing a
 * real request. Only the schema's own fields are read, into an object without a prototype.
 */
function tidy(body: Record<string, unknown>): { data: Record<string, unknown>; odd: string[] } {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  const odd: string[] = []
  for (const key of KNOWN) {
    if (!Object.hasOwn(body, key)) continue
    const value = body[key]
    if (typeof value !== 'string') {
      out[key] = value
      continue
    }
    // Keep the inside of a message as typed (its line breaks and emoji joiners): trim only its
    // ends, turn Windows line ends into \n and take out the bidi controls. Its other control
    // characters are refused by the schema, with their own problem text.
    const text =
      key === 'message'
        ? value.replace(/\r\n?/g, '\n').replace(BIDI, '').trim()
        : key === 'email' || key === 'service'
          ? value.trim()
          : plainLine(value)
    if (text === '' && key !== 'name' && key !== 'phone') continue
    out[key] = text
  }
  // The envelope (honeypot, timing, page, referrer, the visit's arrival) is ours, not the visitor's: cut or drop
  // what does not fit instead of refusing the request.
  for (const { key, maxLength, pattern } of ENVELOPE) {
    const value = out[key]
    if (value === undefined) continue
    if (typeof value !== 'string' || (pattern && !pattern.test(value))) {
      odd.push(key)
      delete out[key]
    } else out[key] = value.slice(0, maxLength)
  }
  if (out.elapsedMs !== undefined) {
    const elapsed =
      typeof out.elapsedMs === 'string' && /^\d{1,12}$/.test(out.elapsedMs) ? Number(out.elapsedMs) : out.elapsedMs
    if (typeof elapsed === 'number' && Number.isSafeInteger(elapsed) && elapsed >= 0) out.elapsedMs = elapsed
    else {
      odd.push('elapsedMs')
      delete out.elapsedMs
    }
  }
  return { data: out, odd }
}

export function validateContactMessage(body: unknown): Validation {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, fields: {}, notAnObject: true }
  const { data, odd } = tidy(body as Record<string, unknown>)
  if (check(data)) return { ok: true, message: data, odd }
  const named = fieldsOf(check.errors)
  // A control character (a NUL, say) in a message is not "too long": it has its own words.
  const characters = check.errors?.some((e) => e.instancePath === '/message' && e.keyword === 'pattern')
  const fields = Object.fromEntries(
    FIELDS.filter((f) => named.includes(f)).map((f) => [f, f === 'message' && characters ? 'messageCharacters' : f]),
  )
  return { ok: false, fields }
}

/**
 * A form sent without JavaScript carries no visit record, but its browser names the form's page
 * in the Referer header, with the address it was opened at: a visitor who landed on the form from
 * an ad brings the ad's campaign parameters and click id along. Added to a message that has none.
 */
export function withRefererArrival(message: ContactMessage, referer: string | undefined): ContactMessage {
  if (!referer || ARRIVAL_FIELDS.some((key) => message[key] !== undefined)) return message
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return message
  }
  if (message.page !== undefined && url.pathname !== message.page) return message
  const out: ContactMessage = { ...message }
  for (const { key, maxLength } of ENVELOPE) {
    if (key === 'landing' || !(ARRIVAL_FIELDS as readonly string[]).includes(key)) continue
    const value = url.searchParams.get(key)
    if (value) (out as unknown as Record<string, unknown>)[key] = plainLine(value).slice(0, maxLength)
  }
  return out
}
