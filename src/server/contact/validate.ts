// Validation of a contact request with the form's own schema (schemas/contact-message.schema.json).
// Bodies arrive as JSON or form data; both become one plain object, are tidied (strings trimmed,
// empty optional fields dropped, the envelope fields made safe) and checked by ajv. The result
// names each field that is wrong; the API turns that into the copy of content/pages/contact.yaml.
import { contactMessageSchema, FIELDS, type ContactMessage, type Field } from '../../contact/message.ts'
import { compileSchema } from '../schema-check.ts'

const check = compileSchema<ContactMessage>(contactMessageSchema, { removeAdditional: true })

export type Validation = { ok: true; message: ContactMessage } | { ok: false; fields: Partial<Record<Field, true>>; notAnObject?: true }

/** The envelope fields and the schema's rules for them: what tidy() cuts to fit. */
const ENVELOPE = (['website', 'page', 'referrer'] as const).map((key) => {
  const rule: { maxLength: number; pattern?: string } = contactMessageSchema.properties[key]
  return { key, maxLength: rule.maxLength, pattern: rule.pattern === undefined ? undefined : new RegExp(rule.pattern) }
})

/** Trims strings, drops empty optional fields, and keeps the envelope fields from ever refusing a real request. */
function tidy(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string') {
      out[key] = value
      continue
    }
    // Keep the inside of a message as typed; trim only its ends. Windows line ends become \n.
    const text = (key === 'message' ? value.replace(/\r\n?/g, '\n') : value).trim()
    if (text === '' && key !== 'name' && key !== 'phone') continue
    out[key] = text
  }
  // The envelope (honeypot, timing, page, referrer) is ours, not the visitor's: cut or drop
  // what does not fit instead of refusing the request.
  for (const { key, maxLength, pattern } of ENVELOPE) {
    const value = out[key]
    if (typeof value !== 'string' || (pattern && !pattern.test(value))) delete out[key]
    else out[key] = value.slice(0, maxLength)
  }
  const elapsed = typeof out.elapsedMs === 'string' && /^\d{1,12}$/.test(out.elapsedMs) ? Number(out.elapsedMs) : out.elapsedMs
  if (typeof elapsed === 'number' && Number.isSafeInteger(elapsed) && elapsed >= 0) out.elapsedMs = elapsed
  else delete out.elapsedMs
  return out
}

export function validateContactMessage(body: unknown): Validation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, fields: {}, notAnObject: true }
  const data = tidy(body as Record<string, unknown>)
  if (check(data)) return { ok: true, message: data }
  const fields: Partial<Record<Field, true>> = {}
  for (const error of check.errors ?? []) {
    const name = (error.keyword === 'required' ? (error.params as { missingProperty: string }).missingProperty : error.instancePath.split('/')[1]) as Field
    if ((FIELDS as readonly string[]).includes(name)) fields[name] = true
  }
  return { ok: false, fields }
}
