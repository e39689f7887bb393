// Whether a request is urgent, and why, by the rules of content/urgency.yaml: an emergency
// service, or a message with one of the signs' phrases in it (as whole words, ignoring case and
// punctuation). Browser-safe and pure: the server decides when a request is stored.
import { serviceLabel } from './message.ts'
import type { Urgency } from '../catalogue/types.gen.ts'

export type { Urgency }

/** Lower case, curly apostrophes straight, anything but letters, digits, ' and / a space; padded. */
const normalize = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[^\p{L}\p{N}'/]+/gu, ' ')
    .trim()} `

/**
 * Why a request is urgent ("Emergency Service", "Out right now", "No heat: “furnace out”"), or
 * null. The service comes first; then the answer yes to "Is your heating or cooling out right
 * now?"; then the first sign whose phrase the message holds.
 */
export function urgencyOf(
  request: { service?: string | null; message?: string | null; outNow?: string | null },
  rules: Urgency,
): string | null {
  if (request.service && (rules.services as string[]).includes(request.service)) return serviceLabel(request.service)
  if (request.outNow === 'yes') return rules.outNow
  if (!request.message) return null
  const text = normalize(request.message)
  for (const sign of rules.signs) {
    const found = sign.phrases.find((phrase) => text.includes(normalize(phrase)))
    if (found) return `${sign.label}: “${found}”`
  }
  return null
}
