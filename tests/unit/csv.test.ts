// The inbox's CSV cell by cell (src/server/admin/csv.ts): quoted always, formula starts defused.
import { describe, expect, it } from 'vitest'
import { csvCell, localDateTime } from '../../src/server/admin/csv.ts'

describe('a CSV cell', () => {
  it('is always quoted, so a separator inside never starts a new cell, whichever the spreadsheet assumes', () => {
    expect(csvCell('Bel Air, MD')).toBe('"Bel Air, MD"')
    expect(csvCell('a;b\tc')).toBe('"a;b\tc"')
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell(null)).toBe('""')
  })

  it('defuses what a spreadsheet would run as a formula, full-width forms included', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\uff1d', '\uff0b', '\uff0d', '\uff20'])
      expect(csvCell(`${start}SUM(1+1)`)).toBe(`"'${start}SUM(1+1)"`)
    expect(csvCell('x=1')).toBe('"x=1"')
  })

  it('writes a time as the office reads it', () => {
    expect(localDateTime('2026-11-23T23:31:00.000Z', 'America/New_York')).toBe('2026-11-23 18:31')
    expect(localDateTime('2026-07-04T04:05:00.000Z', 'America/New_York')).toBe('2026-07-04 00:05')
  })
})
