// The site editor writes a record back with what the owner did not touch kept byte for byte
// (src/server/editor/yaml-edit.ts): comments, key order, quoting and folding, on the project's own
// records and on small files that pin each kind of change.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { editedText } from '../../src/server/editor/yaml-edit.ts'

const CONTENT = path.resolve('content')
const records = readdirSync(CONTENT, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'))
const read = (rel: string) => readFileSync(path.join(CONTENT, rel), 'utf8')

/** The lines of `after` that are not in `before`, and those gone: what a reader of the diff sees. */
function changedLines(before: string, after: string) {
  const a = before.split('\n')
  const b = after.split('\n')
  return { added: b.filter((l) => !a.includes(l)), removed: a.filter((l) => !b.includes(l)) }
}

describe('a record written back after an edit', () => {
  it('is the same file, byte for byte, when nothing changed (every record of content/)', () => {
    for (const rel of records) {
      const text = read(rel)
      expect(editedText(text, parse(text)), rel).toBe(text)
    }
  })

  it('changes only the phone number’s own lines in business.yaml, comments and quoting kept', () => {
    const text = read('business.yaml')
    const data = parse(text) as { phone: { display: string; e164: string } }
    data.phone.display = '(443) 555-0199'
    data.phone.e164 = '+14435550199'
    const after = editedText(text, data)
    expect(parse(after)).toEqual(data)
    expect(changedLines(text, after)).toEqual({
      added: ['  display: (443) 555-0199', '  e164: "+14435550199"'],
      removed: ['  display: (410) 555-0142', '  e164: "+14105550142"'],
    })
  })

  it('keeps a changed value’s quoting, and quotes a plain value that needs it', () => {
    const text = `# top note\na: plain # keep me\nb: "quoted"\nc: 'single'\n`
    expect(editedText(text, { a: 'other', b: 'x', c: 'y' })).toBe(`# top note\na: other # keep me\nb: "x"\nc: y\n`)
    expect(editedText(text, { a: 'has: colon', b: 'quoted', c: 'single' })).toBe(
      `# top note\na: "has: colon" # keep me\nb: "quoted"\nc: 'single'\n`,
    )
  })

  it('writes a changed folded paragraph as one quoted line, the lines around it untouched', () => {
    const text = `intro:\n  # about the town\n  text: >-\n    first line\n    second line\n  after: kept\n`
    expect(editedText(text, { intro: { text: 'New words.', after: 'kept' } })).toBe(
      `intro:\n  # about the town\n  text: "New words."\n  after: kept\n`,
    )
  })

  it('removes a key with its lines and adds one after the last key of its block', () => {
    const text = `a: 1\nblock:\n  x: 1 # x\n  gone:\n    - 1\n    - 2\n  y: 2\nz: 3\n`
    expect(editedText(text, { a: 1, block: { x: 1, y: 2, geo: { latitude: 39.6 } }, z: 3 })).toBe(
      `a: 1\nblock:\n  x: 1 # x\n  y: 2\n  geo:\n    latitude: 39.6\nz: 3\n`,
    )
  })

  it('adds a ZIP code to a flow list, and a card to a block list in its indentation', () => {
    const text = `zips: ["21014", "21015"] # ours\ncards:\n  - title: A\n    icon: flame\n`
    const after = editedText(text, {
      zips: ['21014', '21015', '21050'],
      cards: [
        { title: 'A', icon: 'flame' },
        { title: 'B', icon: 'snowflake' },
      ],
    })
    expect(after).toBe(
      `zips: ["21014","21015","21050"] # ours\ncards:\n  - title: A\n    icon: flame\n  - title: B\n    icon: snowflake\n`,
    )
  })

  it('reorders blocks of a list by their fields, the list’s comments kept', () => {
    const text = `# cards\ncards:\n  - title: A # first\n    icon: flame\n  - title: B\n    icon: snowflake\n`
    const after = editedText(text, {
      cards: [
        { title: 'B', icon: 'snowflake' },
        { title: 'A', icon: 'flame' },
      ],
    })
    expect(parse(after)).toEqual({
      cards: [
        { title: 'B', icon: 'snowflake' },
        { title: 'A', icon: 'flame' },
      ],
    })
    expect(after.startsWith('# cards\ncards:\n')).toBe(true)
  })

  it('gives text that reads back as the edited data for an edit of every record', () => {
    for (const rel of records) {
      const text = read(rel)
      const data = parse(text) as Record<string, unknown>
      const keys = Object.keys(data)
      // The first key removed, a new one added, and a text changed where there is one.
      const edited: Record<string, unknown> = { ...data, addedByTest: 'a value: with a colon' }
      delete edited[keys[keys.length - 1]!]
      if (typeof data.name === 'string') edited.name = `${data.name} (edited)`
      const after = editedText(text, edited)
      expect(parse(after), rel).toEqual(edited)
      expect(after.split('\n')[0], rel).toBe(text.split('\n')[0])
    }
  })
})
