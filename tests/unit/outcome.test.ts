// The job's value as the office types it (src/lead/outcome.ts): dollars and cents in, whole cents
// out, from $0.01 to $1,000,000; anything else is not a value.
import { describe, expect, it } from 'vitest'
import { centsToInput, formatDollars, parseDollars } from '../../src/lead/outcome.ts'

describe('a job value typed in dollars', () => {
  it('reads dollars, with or without $, thousands separators and cents', () => {
    expect(parseDollars('485')).toBe(48500)
    expect(parseDollars(' $1,250.50 ')).toBe(125050)
    expect(parseDollars('1250.5')).toBe(125050)
    expect(parseDollars('$ 0.01')).toBe(1)
    expect(parseDollars('1,000,000')).toBe(100_000_000)
  })

  it('refuses what is not an amount from $0.01 to $1,000,000', () => {
    for (const text of ['', '0', '0.00', '1,000,000.01', '12,50', '1.255', '-5', 'abc', '1e3', '$', '1,2345'])
      expect(parseDollars(text), text).toBeUndefined()
  })

  it('writes cents back as typed and in words', () => {
    expect(centsToInput(48500)).toBe('485')
    expect(centsToInput(125050)).toBe('1250.50')
    expect(formatDollars(125050)).toBe('$1,250.50')
  })
})
