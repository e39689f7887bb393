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
 * A sign with its phrases normalized, as the message is, and the first word of each: a message
 * can hold a phrase only if it holds that word, which is quicker to look up than the phrase.
 */
type PreparedSign = { label: string; phrases: { phrase: string; normalized: string; first: string }[] }

/** The signs of each set of rules, normalized once (the rules are the build's, read at start). */
const prepared = new WeakMap<Urgency, PreparedSign[]>()
function signsOf(rules: Urgency): PreparedSign[] {
  let signs = prepared.get(rules)
  if (!signs) {
    signs = rules.signs.map((sign) => ({
      label: sign.label,
      phrases: sign.phrases.map((phrase) => {
        const normalized = normalize(phrase)
        return { phrase, normalized, first: normalized.split(' ')[1]! }
      }),
    }))
    prepared.set(rules, signs)
  }
  return signs
}

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
  const words = new Set(text.split(' '))
  for (const sign of signsOf(rules)) {
    const found = sign.phrases.find((p) => words.has(p.first) && text.includes(p.normalized))
    if (found) return `${sign.label}: “${found.phrase}”`
  }
  return null
}
