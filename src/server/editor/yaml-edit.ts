// A record's YAML written back after an edit, with what the owner did not touch kept byte for
// byte: the comments (the modeline, the EDITOR notes), the order of the keys, the quoting and
// folding of every untouched value. The file is parsed with the `yaml` package's Document API
// (each node knows where it is in the text), the edited data is compared with it node by node,
// and only the text of what changed is replaced: a changed value in place (its quoting kept when
// the new text allows it), a removed key with its line(s), a new key after the last one of its
// block; a list whose length changed is written anew at its place and indentation.
import { isMap, isScalar, isSeq, parseDocument, stringify, type Document, type Pair } from 'yaml'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Edit = { start: number; end: number; text: string }
type Range = [number, number, number]

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The column of `offset` in `text` (spaces before it on its line). */
const columnOf = (text: string, offset: number) => offset - (text.lastIndexOf('\n', offset - 1) + 1)

/** A scalar as YAML text: plain when it reads back as itself on one line, else double-quoted (JSON's escapes are YAML's). */
function scalarText(value: Json, plainAllowed: boolean): string {
  if (typeof value !== 'string') return JSON.stringify(value)
  if (plainAllowed && !/[\n#]|^\s|\s$|: /.test(value)) {
    const back = parseDocument(`k: ${value}\n`)
    if (back.errors.length === 0 && same(back.toJS(), { k: value })) return value
  }
  return JSON.stringify(value)
}

/** A list or block of fields as block YAML whose lines after the first start at `column`. */
function blockText(value: Json, column: number): string {
  return stringify(value, { lineWidth: 0 })
    .replace(/\n$/, '')
    .split('\n')
    .join(`\n${' '.repeat(column)}`)
}

/** The edits that turn `node` (in `source`) into `value`. */
function diff(source: string, node: unknown, value: Json, edits: Edit[]): void {
  const range = (node as { range?: Range } | null)?.range
  if (!range) throw new Error('a node without its place in the file')
  if (same((node as { toJSON?: () => unknown }).toJSON?.() ?? node, value) && !isScalar(node)) return
  if (isObject(value) && isMap(node) && !node.flow && diffMap(source, node.items, value, edits)) return
  if (Array.isArray(value) && isSeq(node) && node.items.length === value.length) {
    node.items.forEach((item, i) => diff(source, item, value[i]!, edits))
    return
  }
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    if (node.value === value) return
    const [start, end] = range
    const plain = node.type === 'PLAIN' || node.type === 'QUOTE_SINGLE'
    edits.push({ start, end: source[end - 1] === '\n' ? end - 1 : end, text: scalarText(value, plain) })
    return
  }
  // Anything else (a list of another length, a block where text was): written anew at its place.
  const [start, end] = range
  const flow = (isMap(node) || isSeq(node)) && node.flow
  const block = !flow && (isMap(node) || isSeq(node)) && value !== null && typeof value === 'object'
  const text = block ? blockText(value, columnOf(source, start)) : JSON.stringify(value)
  edits.push({ start, end: source[end - 1] === '\n' ? end - 1 : end, text })
}

/**
 * A block of fields: each kept key compared, removed keys' lines taken out, new keys added after
 * the last. False (nothing done) when a key to remove shares its line with a list's dash: the
 * block is then written anew.
 */
function diffMap(source: string, pairs: Pair[], value: Record<string, Json>, edits: Edit[]): boolean {
  const keyOf = (pair: Pair) => (isScalar(pair.key) ? String(pair.key.value) : undefined)
  const lineStartOf = (offset: number) => source.lastIndexOf('\n', offset - 1) + 1
  const removed = pairs.filter((pair) => !Object.hasOwn(value, keyOf(pair) ?? ''))
  const keyStart = (pair: Pair) => (pair.key as { range: Range }).range[0]
  if (removed.some((pair) => source.slice(lineStartOf(keyStart(pair)), keyStart(pair)).trim() !== '')) return false
  const column = pairs[0] ? columnOf(source, (pairs[0].key as { range: Range }).range[0]) : 0
  let lastEnd = -1
  for (const pair of pairs) {
    const key = keyOf(pair)
    const keyRange = (pair.key as { range: Range }).range
    const valueRange = (pair.value as { range?: Range } | null)?.range
    const end = valueRange ? valueRange[2] : keyRange[2]
    if (key !== undefined && Object.hasOwn(value, key)) {
      if (pair.value === null || pair.value === undefined) {
        edits.push({ start: keyRange[1], end: keyRange[1], text: `: ${JSON.stringify(value[key])}` })
      } else diff(source, pair.value, value[key]!, edits)
    } else {
      // The key's whole lines: from its line's start to the end of its value's last line.
      const lineStart = lineStartOf(keyRange[0])
      const lineEnd = source.indexOf('\n', Math.max(end - 1, keyRange[0]))
      edits.push({ start: lineStart, end: lineEnd === -1 ? source.length : lineEnd + 1, text: '' })
    }
    lastEnd = Math.max(lastEnd, end)
  }
  const added = Object.keys(value).filter((key) => !pairs.some((pair) => keyOf(pair) === key))
  if (added.length === 0) return true
  const text = added
    .map((key) => {
      const item = value[key]!
      const body =
        item !== null && typeof item === 'object'
          ? `\n${' '.repeat(column + 2)}${blockText(item, column + 2)}`
          : ` ${scalarText(item, true)}`
      return `${' '.repeat(column)}${/^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key)}:${body}\n`
    })
    .join('')
  // After the end of the last key's value (its line), or at the file's end.
  const at = lastEnd < 0 ? source.length : source.indexOf('\n', lastEnd - 1) + 1 || source.length
  edits.push({ start: at, end: at, text: source[at - 1] === '\n' || at === 0 ? text : `\n${text}` })
  return true
}

/**
 * The text of a YAML file after its data became `data`: `original` with the text of what changed
 * replaced, everything else as it was. Unchanged data gives the original back, byte for byte.
 */
export function editedText(original: string, data: unknown): string {
  const doc: Document = parseDocument(original)
  if (doc.errors.length > 0) throw new Error(`the file is not valid YAML: ${doc.errors[0]!.message}`)
  if (same(doc.toJS(), data)) return original
  const edits: Edit[] = []
  if (doc.contents === null)
    return `${original}${original && !original.endsWith('\n') ? '\n' : ''}${stringify(data, { lineWidth: 0 })}`
  diff(original, doc.contents, data as Json, edits)
  edits.sort((a, b) => b.start - a.start)
  let text = original
  for (const edit of edits) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end)
  return text
}
