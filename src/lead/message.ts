// The contact form's one contract, read from schemas/contact-message.schema.json: the fields,
// their limits and the service options. Browser-safe; the form (src/sections/ContactForm.tsx)
// takes its attributes from here and the server (src/server/contact/validate.ts) its validation.
import schema from '../../schemas/contact-message.schema.json' with { type: 'json' }
import type { ContactMessage } from '../catalogue/types.gen.ts'

export type { ContactMessage }
export { schema as contactMessageSchema }

/** The fields a visitor fills in, in the form's order. */
export const FIELDS = ['name', 'phone', 'email', 'zip', 'outNow', 'service', 'callbackTime', 'message'] as const
export type Field = (typeof FIELDS)[number]
export type ServiceValue = NonNullable<ContactMessage['service']>
export type CallbackTime = NonNullable<ContactMessage['callbackTime']>

type FieldSchema = {
  maxLength?: number
  minLength?: number
  pattern?: string
  format?: string
  enum?: string[]
  oneOf?: { const: string; title: string }[]
}
const properties = schema.properties as Record<Field, FieldSchema>

/** The service options (SPEC §3): value and label. */
export const SERVICE_OPTIONS: readonly { value: ServiceValue; label: string }[] = (properties.service.oneOf ?? []).map(
  (o) => ({
    value: o.const as ServiceValue,
    label: o.title,
  }),
)

/** The times to call back: value and label. */
export const CALLBACK_TIMES: readonly { value: CallbackTime; label: string }[] = (
  properties.callbackTime.oneOf ?? []
).map((o) => ({ value: o.const as CallbackTime, label: o.title }))

/** The label of a stored call-back time; unknown or empty values are shown as they are. */
export function callbackTimeLabel(value: string | null | undefined): string | null {
  if (!value) return null
  return CALLBACK_TIMES.find((o) => o.value === value)?.label ?? value
}

/** The label of a stored service value; unknown or empty values are shown as they are. */
export function serviceLabel(value: string | null | undefined): string | null {
  if (!value) return null
  return SERVICE_OPTIONS.find((o) => o.value === value)?.label ?? value
}

/** What the form's HTML needs to know about a field: required, maxlength, type and pattern. */
export function fieldRules(field: Field): { required: boolean; maxLength?: number; pattern?: string; email: boolean } {
  const p = properties[field]
  return {
    required: schema.required.includes(field),
    ...(p.maxLength !== undefined ? { maxLength: p.maxLength } : {}),
    // The phone's and the e-mail's patterns say something a visitor can act on (digits, an
    // address's shape); the others forbid control characters, which a form field cannot hold anyway.
    ...((field === 'phone' || field === 'email' || field === 'zip') && p.pattern ? { pattern: p.pattern } : {}),
    email: p.format === 'email',
  }
}

/**
 * Fill time, from the visitor's first touch of the form to sending it, under which a request
 * might come from a bot: a weak sign only (a browser's autofill is quick too), shown as
 * "Possible spam" (docs/decisions/028-possible-spam-and-limits.md).
 */
export const MIN_FILL_MS = 1_000
