// The site editor's two small rules (decision 056): a publish's readable diff, and the near-copy
// measure of a town page (src/server/editor/diff.ts, near-copy.ts).
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { releaseDiff } from '../../src/server/editor/diff.ts'
import { NEAR_COPY_SHARE, sharedShare, wordRuns } from '../../src/server/editor/near-copy.ts'
import { townRecord } from '../../src/catalogue/new-town.ts'

describe('a publish’s diff', () => {
  it('shows each changed record’s lines out and in, with a line of context, new and removed records whole', () => {
    const before = { 'a.yaml': 'one\ntwo\nthree\nfour\nfive\n', 'gone.yaml': 'x\n' }
    const after = { 'a.yaml': 'one\ntwo\nTHREE\nfour\nfive\n', 'new.yaml': 'y\n' }
    expect(releaseDiff(before, after)).toBe(
      'a.yaml\n  two\n- three\n+ THREE\n  four\n\ngone.yaml (removed)\n- x\n\nnew.yaml (new)\n+ y',
    )
    expect(releaseDiff(before, before)).toBe('')
  })
})

describe('the near-copy measure of a town page', () => {
  const town = (file: string) => wordRuns(parse(readFileSync(`content/areas/towns/${file}`, 'utf8')))

  it('finds new:town’s starter text for two names a copy, and two real towns not', () => {
    const a = wordRuns(parse(townRecord({ name: 'Jarrettsville', county: 'Harford County' })))
    const b = wordRuns(parse(townRecord({ name: 'Street', county: 'Harford County' })))
    expect(sharedShare(a, b)).toBeGreaterThan(NEAR_COPY_SHARE)
    expect(sharedShare(town('bel-air-hvac.yaml'), town('fallston-hvac.yaml'))).toBeLessThan(0.2)
  })

  it('finds a town copied with its name changed a copy', () => {
    const text = readFileSync('content/areas/towns/fallston-hvac.yaml', 'utf8').replaceAll('Fallston', 'Kingsville')
    expect(sharedShare(wordRuns(parse(text)), town('fallston-hvac.yaml'))).toBeGreaterThan(0.9)
  })
})
