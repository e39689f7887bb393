// One YAML file of content/, parsed with its lines, so that a problem with a field names the line
// it is on (load.ts, cross-checks.ts).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { LineCounter, parseDocument, isMap, isPair, isScalar, type Document } from 'yaml'
import { fieldPath, type ContentProblem } from './problems.ts'

export type ContentFile = { file: string; doc: Document; lines: LineCounter; data: unknown }

/**
 * Reads and parses `rel` under `contentDir` (or `text`, a draft of it), named relative to `root`
 * in problems; undefined (and a problem per YAML error) when it is not valid YAML.
 */
export function parseFile(
  root: string,
  contentDir: string,
  rel: string,
  problems: ContentProblem[],
  text = readFileSync(path.join(contentDir, rel), 'utf8'),
): ContentFile | undefined {
  const file = path.relative(root, path.join(contentDir, rel)) || rel
  const lines = new LineCounter()
  const doc = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
  })
  if (doc.errors.length > 0) {
    for (const err of doc.errors) {
      problems.push({
        file,
        line: lines.linePos(err.pos[0]).line,
        field: '',
        message: `is not valid YAML: ${err.message.split('\n')[0]}`,
      })
    }
    return undefined
  }
  return { file, doc, lines, data: doc.toJS() }
}

/** The line of a field in its YAML file (of the key when `atKey`, else of the value). */
export function lineOf(parsed: ContentFile, segments: (string | number)[], atKey = false): number | undefined {
  let node: unknown = parsed.doc.contents
  let range: [number, number, number] | undefined = (node as { range?: [number, number, number] } | null)?.range
  for (const [i, seg] of segments.entries()) {
    if (!isMap(node) && !(node && typeof node === 'object' && 'items' in node)) break
    const items = (node as { items: unknown[] }).items
    let next: unknown
    if (typeof seg === 'number') next = items[seg]
    else {
      const pair = items.find((i) => isPair(i) && isScalar(i.key) && i.key.value === seg)
      if (isPair(pair)) {
        const keyRange = (pair.key as { range?: [number, number, number] }).range
        if (atKey && i === segments.length - 1) return keyRange ? parsed.lines.linePos(keyRange[0]).line : undefined
        next = pair.value ?? pair.key
      }
    }
    if (!next) break
    node = next
    range = (node as { range?: [number, number, number] }).range ?? range
  }
  return range ? parsed.lines.linePos(range[0]).line : undefined
}

/** A problem at a field of a parsed file, with the field's line. */
export function problemAt(
  parsed: ContentFile,
  segments: (string | number)[],
  message: string,
  atKey = false,
): ContentProblem {
  return { file: parsed.file, line: lineOf(parsed, segments, atKey), field: fieldPath(segments), message }
}
