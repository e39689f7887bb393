// The one way JSON-LD enters a <script> element. JSON.stringify alone would let a record holding
// "</script>" end the element; escaping <, >, & and the two JavaScript line separators keeps the
// text inert and still valid JSON. Browser-safe.
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

export function jsonLdString(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => ESCAPES[ch]!)
}
