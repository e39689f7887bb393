// A publish's change as a reader sees it: for each record, the lines taken out (-) and put in (+),
// with one line of context around them; a new record is all +, a removed one all -.

/** The longest common subsequence table of two lists of lines, from the end. */
function lcs(a: string[], b: string[]): number[][] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!)
  return table
}

/** The changed lines of one file, each with a line of context; "" when nothing changed. */
function lineDiff(before: string, after: string): string {
  if (before === after) return ''
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n')
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n')
  const table = lcs(a, b)
  const ops: { op: ' ' | '-' | '+'; line: string }[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ op: ' ', line: a[i]! })
      i++
      j++
    } else if (i < a.length && (j === b.length || table[i + 1]![j]! >= table[i]![j + 1]!))
      ops.push({ op: '-', line: a[i++]! })
    else ops.push({ op: '+', line: b[j++]! })
  }
  const near = (k: number) => ops.slice(Math.max(0, k - 1), k + 2).some((o) => o.op !== ' ')
  const out: string[] = []
  let skipped = false
  ops.forEach((o, k) => {
    if (o.op !== ' ' || near(k)) {
      if (skipped && out.length > 0) out.push('…')
      out.push(`${o.op} ${o.line}`)
      skipped = false
    } else skipped = true
  })
  return out.join('\n')
}

/** The readable diff of a publish: each changed record's name, then its changed lines. */
export function releaseDiff(before: Record<string, string>, after: Record<string, string>): string {
  const ids = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
  return ids
    .flatMap((id) => {
      const diff = lineDiff(before[id] ?? '', after[id] ?? '')
      if (!diff) return []
      const what = before[id] === undefined ? ' (new)' : after[id] === undefined ? ' (removed)' : ''
      return [`${id}${what}\n${diff}`]
    })
    .join('\n\n')
}
