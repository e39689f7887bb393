// A sentence that names a phone number ("Please call us at (410) 555-0142"), cut so that each
// number can be a tel: link: a visitor on a phone taps it instead of copying it. For the words
// the server sends back (the 429 and 503 answers), in the toast and in the page without
// JavaScript alike. Browser-safe.

/** A North American number as people write it: (410) 555-0142, 410-555-0142, +1 410 555 0142. */
const NUMBER = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b/g

export type TextPart = string | { number: string; href: string }

/** The text in parts: plain strings, and the numbers with their tel: address (+1 and ten digits). */
export function withPhoneLinks(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of text.matchAll(NUMBER)) {
    if (match.index > last) parts.push(text.slice(last, match.index))
    parts.push({ number: match[0], href: `tel:+1${match[0].replace(/\D/g, '').slice(-10)}` })
    last = match.index + match[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}
