import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvCell, csvLine } from './csv.ts'

// RFC 4180 quoting, and OWASP's CSV-injection rule: a text cell a spreadsheet would run as a formula
// starts with an apostrophe instead.

describe('csvCell', () => {
  it('writes plain text as it is', () => {
    expect(csvCell('GEOCODE')).toBe('GEOCODE')
    expect(csvCell('/api/v1/geocode?address=Hà Nội')).toBe('/api/v1/geocode?address=Hà Nội')
    expect(csvCell("it's")).toBe("it's")
    expect(csvCell('')).toBe('')
  })

  it('quotes a cell with a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('"')).toBe('""""')
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"')
    expect(csvCell('line\r\nbreak')).toBe('"line\r\nbreak"')
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"')
  })

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['==', "'=="],
    ['=', "'="],
  ])('neutralises the formula %j with an apostrophe', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  it('neutralises a formula that starts with a carriage return, and quotes it for the line break', () => {
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`)
  })

  it('neutralises first and quotes after, so the apostrophe sits inside the quotes', () => {
    expect(csvCell('=HYPERLINK("http://evil.test","click")')).toBe(`"'=HYPERLINK(""http://evil.test"",""click"")"`)
    expect(csvCell('=1,2')).toBe(`"'=1,2"`)
    expect(csvCell('-2\n3')).toBe(`"'-2\n3"`)
  })

  it('leaves a formula character that is not the first one alone', () => {
    expect(csvCell('a=b')).toBe('a=b')
    expect(csvCell('/path-with-dash')).toBe('/path-with-dash')
    expect(csvCell('user@example.com')).toBe('user@example.com')
  })

  it('writes numbers untouched, negative ones included', () => {
    expect(csvCell(42)).toBe('42')
    expect(csvCell(0)).toBe('0')
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(12.5)).toBe('12.5')
    expect(csvCell(1_000_000)).toBe('1000000')
  })

  it('writes an empty cell for null, undefined and numbers that are not finite', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(Number.NaN)).toBe('')
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('')
  })
})

describe('csvLine', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvLine(['2026-11-02T07:45:00.000Z', 'Shop, "main"', 'GEOCODE', null, 500, 300, undefined, 2])).toBe(
      '2026-11-02T07:45:00.000Z,"Shop, ""main""",GEOCODE,,500,300,,2\r\n',
    )
  })

  it('neutralises every cell of the line', () => {
    expect(csvLine(['=1', '+2', '-3', -3])).toBe("'=1,'+2,'-3,-3\r\n")
  })

  it('writes an empty line for no cells', () => {
    expect(csvLine([])).toBe('\r\n')
  })
})

describe('CSV_BOM', () => {
  it('is the UTF-8 byte-order mark', () => {
    expect(CSV_BOM).toBe('\uFEFF')
    expect([...Buffer.from(CSV_BOM, 'utf8')]).toEqual([0xef, 0xbb, 0xbf])
  })
})
