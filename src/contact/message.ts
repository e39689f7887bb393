// The contact form's one contract, read from schemas/contact-message.schema.json: the fields,
// their limits and the service options. Browser-safe; the form (src/sections/ContactForm.tsx)
// takes its attributes from here and the server (src/server/contact/validate.ts) its validation.
import schema from '../../schemas/contact-message.schema.json' with { type: 'json' }
import type { ContactMessage } from '../catalogue/types.gen.ts'

export type { ContactMessage }
export { schema as contactMessageSchema }

/** The fields a visitor fills in, in the form's order. */
export const FIELDS = ['name', 'phone', 'email', 'service', 'message'] as const
export type Field = (typeof FIELDS)[number]
export type ServiceValue = NonNullable<ContactMessage['service']>

type FieldSchema = { maxLength?: number; pattern?: string; format?: string; oneOf?: { const: string; title: string }[] }
const properties = schema.properties as Record<Field, FieldSchema>

/** The service options (SPEC §3): value and label. */
export const SERVICE_OPTIONS: readonly { value: ServiceValue; label: string }[] = (properties.service.oneOf ?? []).map((o) => ({
  value: o.const as ServiceValue,
  label: o.title,
}))

/** The label of a stored service value; unknown or empty values are shown as they are. */
export function serviceLabel(value: string | null | undefined): string | null {
  if (!value) return null
  return SERVICE_OPTIONS.find((o) => o.value === value)?.label ?? value
}

/** What the form's HTML needs to know about a field: required, maxlength, type and pattern. */
export function fieldRules(field: Field): { required: boolean; maxLength?: number; pattern?: string; email: boolean } {
  const p = properties[field]
  return {
    required: (schema.required as string[]).includes(field),
    ...(p.maxLength !== undefined ? { maxLength: p.maxLength } : {}),
    // Only the phone's pattern says something a visitor can act on (its digits); the others
    // forbid control characters, which a form field cannot hold anyway.
    ...(field === 'phone' && p.pattern ? { pattern: p.pattern } : {}),
    email: p.format === 'email',
  }
}

/** Fill time under which a request is suspected to come from a bot (docs/decisions/016-spam-and-rate-limits.md). */
export const MIN_FILL_MS = 3_000
