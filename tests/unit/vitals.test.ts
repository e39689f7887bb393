// The speed scale and Google's bands (src/lead/vitals.ts): a value's bucket reports it within 5%
// above; the 75th percentile of counts; each band at its edges.
import { describe, expect, it } from 'vitest'
import { bandOf, bucketOf, bucketValue, p75, VITALS } from '../../src/lead/vitals.ts'

describe('the site speed scale', () => {
  it("reports a value as its bucket's top, at most 5% above it", () => {
    for (const vital of VITALS)
      for (const value of vital === 'cls' ? [0.001, 0.1, 0.25, 1.5] : [1, 200, 2500, 4000, 30_000]) {
        const top = bucketValue(vital, bucketOf(vital, value))
        expect(top, `${vital} ${value}`).toBeGreaterThanOrEqual(value * 0.9999)
        expect(top, `${vital} ${value}`).toBeLessThanOrEqual(value * 1.05 + (vital === 'cls' ? 0.001 : 1))
      }
    expect(bucketOf('lcp', 0)).toBe(0)
    expect(bucketOf('lcp', 10_000_000)).toBe(bucketOf('lcp', 60_000))
  })

  it('takes the 75th percentile of counts, or none', () => {
    const counts = new Map([
      [bucketOf('inp', 100), 2],
      [bucketOf('inp', 300), 1],
      [bucketOf('inp', 900), 1],
    ])
    expect(p75('inp', counts)).toBe(bucketValue('inp', bucketOf('inp', 300)))
    expect(p75('inp', new Map())).toBeNull()
  })

  it('bands values as Google does: good up to the first edge, poor above the second', () => {
    expect([2500, 2501, 4000, 4001].map((v) => bandOf('lcp', v))).toEqual([
      'good',
      'needs-improvement',
      'needs-improvement',
      'poor',
    ])
    expect([200, 500, 501].map((v) => bandOf('inp', v))).toEqual(['good', 'needs-improvement', 'poor'])
    expect([0.1, 0.11, 0.26].map((v) => bandOf('cls', v))).toEqual(['good', 'needs-improvement', 'poor'])
    expect([800, 1800, 1801].map((v) => bandOf('ttfb', v))).toEqual(['good', 'needs-improvement', 'poor'])
  })
})
