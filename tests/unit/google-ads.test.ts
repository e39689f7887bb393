// The Google Ads offline conversions file (src/server/admin/google-ads.ts) against Google's
// published template for conversions from clicks (Google Ads Help, "Import conversions from ad
// clicks into Google Ads", the CSV template): the TimeZone parameter line first, then the header
// row, the three click id columns apart (gclid, and gbraid / wbraid for iOS), one filled per row.
import { describe, expect, it } from 'vitest'
import { conversionTime, googleAdsCsv, GOOGLE_ADS_COLUMNS } from '../../src/server/admin/google-ads.ts'

const NY = 'America/New_York'

describe('the Google Ads offline conversions file', () => {
  it("has Google's template columns, in Google's order", () => {
    expect(GOOGLE_ADS_COLUMNS).toEqual([
      'Google Click ID',
      'GBRAID',
      'WBRAID',
      'Conversion Name',
      'Conversion Time',
      'Conversion Value',
      'Conversion Currency',
    ])
    const [parameters, header] = googleAdsCsv([], { timeZone: NY, conversionName: 'Completed job' }).split('\r\n')
    expect(parameters).toBe('Parameters:TimeZone=America/New_York')
    expect(header).toBe(
      'Google Click ID,GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
    )
  })

  it('writes each conversion with its one click id in its column, the time in the declared zone, dollars and USD', () => {
    const csv = googleAdsCsv(
      [
        { clickIdType: 'gclid', clickId: 'Cj0KCQiA_abc-123', at: '2026-11-24T19:05:00.000Z', valueCents: 48500 },
        { clickIdType: 'gbraid', clickId: '0AAAAAxyz', at: '2026-07-04T16:30:09.000Z', valueCents: 125050 },
        { clickIdType: 'wbraid', clickId: 'CkAKCQiw', at: '2026-03-08T07:15:00.000Z', valueCents: 1 },
      ],
      { timeZone: NY, conversionName: 'Completed job' },
    )
    expect(csv.split('\r\n').slice(2)).toEqual([
      '"Cj0KCQiA_abc-123",,,"Completed job","2026-11-24 14:05:00","485.00","USD"',
      ',"0AAAAAxyz",,"Completed job","2026-07-04 12:30:09","1250.50","USD"',
      // After the spring change (EDT, UTC−4).
      ',,"CkAKCQiw","Completed job","2026-03-08 03:15:00","0.01","USD"',
      '',
    ])
  })

  it('defuses a formula and quotes a comma or quote in the conversion name; leaves out a click id Google cannot have made', () => {
    const csv = googleAdsCsv(
      [
        {
          clickIdType: 'gclid',
          clickId: '=HYPERLINK("http://evil.example")',
          at: '2026-11-24T19:05:00.000Z',
          valueCents: 100,
        },
        { clickIdType: 'gclid', clickId: 'abc,def', at: '2026-11-24T19:05:00.000Z', valueCents: 100 },
        { clickIdType: 'gclid', clickId: 'good', at: '2026-11-24T19:05:00.000Z', valueCents: 100 },
      ],
      { timeZone: NY, conversionName: '=Job, "done"' },
    )
    expect(csv.split('\r\n').slice(2)).toEqual(['"good",,,"\'=Job, ""done""","2026-11-24 14:05:00","1.00","USD"', ''])
  })

  it('gives the time as Google reads it with the TimeZone line: YYYY-MM-DD HH:MM:SS, 24-hour', () => {
    expect(conversionTime('2026-01-01T05:00:00.000Z', NY)).toBe('2026-01-01 00:00:00')
    expect(conversionTime('2026-06-30T23:59:59.000Z', NY)).toBe('2026-06-30 19:59:59')
  })
})
