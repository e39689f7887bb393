// The CSV import's reading (src/server/db/import.ts): RFC 4180 records with the line each starts
// on, and the times Supabase and ISO 8601 write.
import { describe, expect, it } from 'vitest'
import { CsvFileError, parseTimestamp, readCsv } from '../../src/server/db/import.ts'

describe('reading a CSV', () => {
  it('takes quoted commas, doubled quotes, line breaks in quotes, a BOM and CRLF, and says where each record starts', () => {
    const csv = '\uFEFFID, Name ,message\r\n1,"Smith, Ann","say ""hi""\r\nand bye"\r\n\r\n2,Bob,\r\n3,"x\ny",z'
    const { header, records } = readCsv(Buffer.from(csv))
    expect(header).toEqual(['id', 'name', 'message'])
    expect(records).toEqual([
      { line: 2, fields: ['1', 'Smith, Ann', 'say "hi"\r\nand bye'] },
      { line: 5, fields: ['2', 'Bob', ''] },
      { line: 6, fields: ['3', 'x\ny', 'z'] },
    ])
  })

  it('counts lines in bytes of UTF-8 text, and takes a quote inside a field as it is', () => {
    const { records } = readCsv(Buffer.from('a,b\n"é\nè",1\nO"Neil,2\n'))
    expect(records).toEqual([
      { line: 2, fields: ['é\nè', '1'] },
      { line: 4, fields: ['O"Neil', '2'] },
    ])
  })

  it('refuses an empty file and a quote never closed', () => {
    expect(() => readCsv(Buffer.from(''))).toThrow(CsvFileError)
    expect(() => readCsv(Buffer.from('a,b\n"open,1\n'))).toThrow(/not valid CSV/)
  })
})

describe('a time in the file', () => {
  it('is Supabase’s format or ISO 8601 with an offset, stored in UTC to the millisecond', () => {
    expect(parseTimestamp('2024-05-01 13:45:12.123456+00')).toEqual({ value: '2024-05-01T13:45:12.123Z' })
    expect(parseTimestamp('2024-05-01T09:45:12-04:00')).toEqual({ value: '2024-05-01T13:45:12.000Z' })
    expect(parseTimestamp('2024-05-01T13:45:12.5Z')).toEqual({ value: '2024-05-01T13:45:12.500Z' })
    expect(parseTimestamp('2024-05-01 19:15:00+0530')).toEqual({ value: '2024-05-01T13:45:00.000Z' })
    expect(parseTimestamp('2024-05-01T13:45Z')).toEqual({ value: '2024-05-01T13:45:00.000Z' })
  })

  it('needs an offset and a real date and time', () => {
    expect(parseTimestamp('2024-05-01 13:45:12')).toMatchObject({ problem: expect.stringContaining('no UTC offset') })
    expect(parseTimestamp('2024-02-30 10:00:00+00')).toEqual({ problem: 'is not a real time' })
    expect(parseTimestamp('2024-05-01 24:00:00+00')).toEqual({ problem: 'is not a real time' })
    expect(parseTimestamp('May 1st')).toMatchObject({ problem: expect.stringContaining('is not a time') })
  })
})
