// Whether a request is urgent, and why, by the rules of content/urgency.yaml: what the message
// says first (a sign's phrase, two words near each other, a cold house), then the visitor's answer
// "out right now", then an emergency service. Phrases are whole words, ignoring case and
// punctuation, and count only in context: a sentence holding one of the sign's `unless` words
// ("refrigerant leak came back?") or a negation just before ("no leaks") does not show the sign.
// Browser-safe and pure: the server decides when a request is stored (docs/decisions/039-triage-queue.md).
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

/** A message's sentences, normalized: a stop, ! or ? before a space or the end, a semicolon, a line break. */
const sentencesOf = (message: string) =>
  message
    .split(/[.!?]+(?=\s|$)|[;\n]+/)
    .map(normalize)
    .filter((s) => s.trim() !== '')

/** Words that, just before a phrase, deny it ("no leaks", "don't smell gas"). */
const NEGATIONS = new Set(['no', 'not', "don't", 'dont', 'never', 'without', "doesn't", 'doesnt', "isn't", 'isnt'])

/** A temperature in a normalized sentence: "58 f", "55 degrees", "58f", "55 inside", "down to 55", "thermostat says 57". */
const TEMPERATURE =
  / (\d{1,2}) ?(?:f|deg|degree|degrees)(?= )| (\d{1,2})(?= (?:inside|in the house|in here|in the home) )|(?: down to| only| thermostat says| thermostat reads| thermostat shows) (\d{1,2})(?= )/g
/** Words that make a temperature the weather, not the house. */
const OUTSIDE = / (outside|outdoors|out there|tonight|forecast|low of|high of) /

type Sign = Urgency['signs'][number]

/** Whether a normalized sentence holds `phrase` as whole words, not denied by the word before it. */
function holds(sentence: string, phrase: string): boolean {
  const needle = normalize(phrase)
  let at = sentence.indexOf(needle)
  while (at !== -1) {
    const before = sentence.slice(0, at).trim().split(' ').pop() ?? ''
    if (!NEGATIONS.has(before)) return true
    at = sentence.indexOf(needle, at + 1)
  }
  return false
}

/** Two words near each other in a sentence ("gas … smell"), as they were written; or null. */
function nearPair(sentence: string, near: NonNullable<Sign['near']>): string | null {
  const words = sentence.trim().split(' ')
  const within = near.within ?? 4
  for (let i = 0; i < words.length; i++) {
    if (!near.words.includes(words[i]!) || NEGATIONS.has(words[i - 1] ?? '')) continue
    for (let j = Math.max(0, i - within); j <= Math.min(words.length - 1, i + within); j++) {
      if (j !== i && near.with.includes(words[j]!)) return words.slice(Math.min(i, j), Math.max(i, j) + 1).join(' ')
    }
  }
  return null
}

/** The lowest temperature under `below` °F that a sentence gives for the house, as written ("58 f"); or null. */
function coldIn(sentence: string, below: number): string | null {
  if (OUTSIDE.test(sentence)) return null
  for (const match of sentence.matchAll(TEMPERATURE)) {
    const degrees = Number(match[1] ?? match[2] ?? match[3])
    if (degrees < below) return `${degrees} °F`
  }
  return null
}

/** What in the message shows the sign, in the sign's words: a phrase, a near pair, a temperature; or null. */
function evidence(sentences: string[], sign: Sign): string | null {
  for (const sentence of sentences) {
    if (sign.unless?.some((word) => sentence.includes(normalize(word)))) continue
    const phrase = sign.phrases.find((p) => holds(sentence, p))
    if (phrase) return phrase
    const pair = sign.near && nearPair(sentence, sign.near)
    if (pair) return pair
    const cold = sign.colderThan !== undefined && coldIn(sentence, sign.colderThan)
    if (cold) return cold
  }
  return null
}

/**
 * Why a request is urgent ("No heat: “furnace out”", "Gas smell: “gas smell”", "Out right now",
 * "Emergency Service"), or null. The message comes first, so the badge says what is wrong even
 * when the visitor also chose Emergency Service; the signs in the order of the rules (the most
 * dangerous first).
 */
export function urgencyOf(
  request: { service?: string | null; message?: string | null; outNow?: string | null },
  rules: Urgency,
): string | null {
  if (request.message) {
    const sentences = sentencesOf(request.message)
    for (const sign of rules.signs) {
      const found = evidence(sentences, sign)
      if (found) return `${sign.label}: “${found}”`
    }
  }
  if (request.outNow === 'yes') return rules.outNow
  if (request.service && (rules.services as string[]).includes(request.service)) return serviceLabel(request.service)
  return null
}
