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

/** A normalized sentence, and its words (split once: every sign's near pair reads them). */
type Sentence = { text: string; words: string[] }

/** A message's sentences, normalized: a stop, ! or ? before a space or the end, a semicolon, a line break. */
const sentencesOf = (message: string): Sentence[] =>
  message
    .split(/[.!?]+(?=\s|$)|[;\n]+/)
    .map(normalize)
    .filter((text) => text.trim() !== '')
    .map((text) => ({ text, words: text.trim().split(' ') }))

/** Words that, just before a phrase, deny it ("no leaks", "don't smell gas"). */
const NEGATIONS = new Set(['no', 'not', "don't", 'dont', 'never', 'without', "doesn't", 'doesnt', "isn't", 'isnt'])

/** A temperature in a normalized sentence: "58 f", "55 degrees", "58f", "55 inside", "down to 55", "thermostat says 57". */
const TEMPERATURE =
  / (\d{1,2}) ?(?:f|deg|degree|degrees)(?= )| (\d{1,2})(?= (?:inside|in the house|in here|in the home) )|(?: down to| only| thermostat says| thermostat reads| thermostat shows) (\d{1,2})(?= )/g
/** Words that make a temperature the weather, not the house. */
const OUTSIDE = / (outside|outdoors|out there|tonight|forecast|low of|high of) /

type Sign = Urgency['signs'][number]
/** A sign with its phrases and `unless` words normalized, as sentences are. */
type PreparedSign = Sign & {
  needles: { phrase: string; needle: string }[]
  /** The needles' indexes by their first word: only those a sentence's words can start are tried. */
  phraseIndex: Map<string, number[]>
  /** The `unless` words normalized, by their first word likewise. */
  unlessIndex: Map<string, string[]>
}

/** Normalized needles by their first word, each with what `value` makes of it, in their order. */
function byFirstWord<T>(needles: string[], value: (needle: string, i: number) => T): Map<string, T[]> {
  const map = new Map<string, T[]>()
  needles.forEach((needle, i) => {
    const first = needle.trim().split(' ')[0]!
    map.set(first, [...(map.get(first) ?? []), value(needle, i)])
  })
  return map
}

/**
 * The rules' signs with their words normalized and indexed by first word once per rules object
 * (they come from the build's content and do not change). Every request is checked against every
 * sign on the contact path: normalizing each phrase again for each sentence, and trying each of
 * some 120 phrases, cost more than the rest of the request's handling together.
 */
const prepared = new WeakMap<Urgency, PreparedSign[]>()
function signsOf(rules: Urgency): PreparedSign[] {
  let signs = prepared.get(rules)
  if (!signs) {
    signs = rules.signs.map((sign) => {
      const needles = sign.phrases.map((phrase) => ({ phrase, needle: normalize(phrase) }))
      return {
        ...sign,
        needles,
        phraseIndex: byFirstWord(
          needles.map((n) => n.needle),
          (_, i) => i,
        ),
        unlessIndex: byFirstWord((sign.unless ?? []).map(normalize), (needle) => needle),
      }
    })
    prepared.set(rules, signs)
  }
  return signs
}

/** Whether a normalized sentence holds a normalized `needle` as whole words, not denied by the word before it. */
function holds(sentence: string, needle: string): boolean {
  let at = sentence.indexOf(needle)
  while (at !== -1) {
    const before = sentence.slice(0, at).trim().split(' ').pop() ?? ''
    if (!NEGATIONS.has(before)) return true
    at = sentence.indexOf(needle, at + 1)
  }
  return false
}

/** The sign's first phrase (in the rules' order) that a sentence holds, trying only those its words start; or undefined. */
function firstPhrase(sign: PreparedSign, { text, words }: Sentence): string | undefined {
  let first = Infinity
  for (const word of words)
    for (const i of sign.phraseIndex.get(word) ?? []) if (i < first && holds(text, sign.needles[i]!.needle)) first = i
  return sign.needles[first]?.phrase
}

/** Two words near each other among a sentence's words ("gas … smell"), as they were written; or null. */
function nearPair(words: string[], near: NonNullable<Sign['near']>): string | null {
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
function evidence(sentences: Sentence[], sign: PreparedSign): string | null {
  for (const sentence of sentences) {
    const { text, words } = sentence
    if (words.some((word) => sign.unlessIndex.get(word)?.some((needle) => text.includes(needle)))) continue
    const phrase = firstPhrase(sign, sentence)
    if (phrase) return phrase
    const pair = sign.near && nearPair(words, sign.near)
    if (pair) return pair
    const cold = sign.colderThan !== undefined && coldIn(text, sign.colderThan)
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
    for (const sign of signsOf(rules)) {
      const found = evidence(sentences, sign)
      if (found) return `${sign.label}: “${found}”`
    }
  }
  if (request.outNow === 'yes') return rules.outNow
  if (request.service && (rules.services as string[]).includes(request.service)) return serviceLabel(request.service)
  return null
}
