import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../http/errors.ts'
import { checkZip } from '../../lib/zip.ts'
import { gazetteerGeocoder } from './geocoder.ts'
import { judgeTable, readTable } from './import.ts'

// Reading import files without a server: the table of cells, the bounds on an XLSX (a ZIP), and the
// verdicts with their messages.

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('reading import files', () => {
  it('reads a semicolon-separated CSV with a byte-order mark and decimal commas', async () => {
    const table = await readTable('pts.csv', Buffer.from('\uFEFFname;lat;lng\nA;21,03;105,85\n\nB;16,8;96,15\n'))
    expect(table).toEqual({
      format: 'csv',
      rows: [
        { number: 1, cells: ['name', 'lat', 'lng'] },
        { number: 2, cells: ['A', '21,03', '105,85'] },
        { number: 4, cells: ['B', '16,8', '96,15'] },
      ],
    })
    const preview = await judgeTable(table, { lang: 'en', capacityLeft: 10, geocoder: gazetteerGeocoder })
    expect(preview.rows.map((r) => [r.row, r.latitude, r.longitude])).toEqual([
      [2, 21.03, 105.85],
      [4, 16.8, 96.15],
    ])
  })

  it('refuses text that is not UTF-8', async () => {
    const error = await refusal(readTable('pts.csv', Buffer.from([0x6e, 0x61, 0xff, 0xfe, 0x0a])))
    expect(error.messageKey).toBe('maps.import.unreadable')
  })

  it('reads the first sheet of an XLSX, numbers, formulas’ results and rich text', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('One')
    sheet.addRow(['Name', 'Latitude', 'Longitude'])
    sheet.addRow([{ richText: [{ text: 'Rich ' }, { text: 'name' }] }, { formula: '10+11', result: 21 }, 105.5])
    const data = Buffer.from(await workbook.xlsx.writeBuffer())
    expect(await checkZip(data, { maxInflatedBytes: 1024 * 1024, maxEntries: 100 })).toMatchObject({ ok: true })
    const table = await readTable('pts.xlsx', data)
    expect(table.rows[1]).toEqual({ number: 2, cells: ['Rich name', 21, 105.5] })
  })

  it('refuses an XLSX whose directory lies about an entry’s size', async () => {
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('One').addRow(['name'])
    const data = Buffer.from(await workbook.xlsx.writeBuffer())
    // Claim a huge uncompressed size in the first central-directory entry.
    const eocd = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
    const central = data.readUInt32LE(eocd + 16)
    data.writeUInt32LE(60 * 1024 * 1024, central + 24)
    const error = await refusal(readTable('pts.xlsx', data))
    expect(error.messageKey).toBe('maps.import.unreadable')
  })

  it('names every bad row and leaves the good ones', async () => {
    const table = await readTable('pts.csv', Buffer.from('name,latitude,longitude\nGood,1,2\n,1,2\nBad,abc,2\n'))
    const preview = await judgeTable(table, { lang: 'en', capacityLeft: 1000, geocoder: gazetteerGeocoder })
    expect(preview.rows.map((r) => r.messages)).toEqual([
      [],
      ['row 3: the name is missing'],
      ['row 4: the latitude must be a number between -90 and 90'],
    ])
    expect(preview).toMatchObject({ valid_count: 1, invalid_count: 2 })
    // The refused row keeps the cells as the file holds them, for the preview to show.
    expect(preview.rows[2]).toMatchObject({ latitude: null, latitude_text: 'abc', longitude_text: '2' })
  })
})
