import {
  checkImportHeader,
  checkImportRow,
  ErrorCode,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_INFLATED_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_ZIP_ENTRIES,
  type ImportPreview,
  type ImportRow,
  type Lang,
  type MessageKey,
  mapImportHeader,
  roundCoordinate,
  translate,
} from '@app/contract'
import { parse } from 'csv-parse/sync'
import type ExcelJS from 'exceljs'
import { AppError, badRequest } from '../../http/errors.ts'
import { loadExcel } from '../../lib/heavy.ts'
import { checkZip } from '../../lib/zip.ts'
import type { Geocoder } from './geocoder.ts'

// Reading an import file (docs/requirements.md §14.3: .csv or .xlsx, empty files rejected, a message per bad row). The
// file is read into a table of cells, the header row names the columns, and each data row is judged by
// the contract's `checkImportRow`; rows with only an address are located by the geocoder. Nothing is
// written here: the preview shows the verdicts, and the valid rows are then added in one transaction.

type Cell = string | number | null
export interface Table {
  format: 'csv' | 'xlsx'
  /** Rows with their number as a spreadsheet shows it (1-based). */
  rows: { number: number; cells: Cell[] }[]
}

const fail = (key: MessageKey, params?: Record<string, string | number>) =>
  badRequest(ErrorCode.ImportInvalidFile, key, params)

function isZip(data: Buffer): boolean {
  return data.length >= 4 && data.readUInt32LE(0) === 0x04034b50
}

function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null
  if (typeof value === 'number' || typeof value === 'string') return value
  if (typeof value === 'boolean') return String(value)
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('text' in value && typeof value.text === 'string') return value.text
    if ('result' in value) return cellOf(value.result as ExcelJS.CellValue)
    if ('error' in value) return null
  }
  return String(value)
}

async function readXlsx(data: Buffer): Promise<Table> {
  // ExcelJS inflates every part into memory: what the parts really inflate to is counted first, while
  // inflating, and a file past the budget never reaches it (docs/security.md "Upload limits").
  const zip = await checkZip(data, { maxInflatedBytes: IMPORT_MAX_INFLATED_BYTES, maxEntries: IMPORT_MAX_ZIP_ENTRIES })
  if (!zip.ok && zip.reason === 'too-large') {
    throw new AppError(ErrorCode.PayloadTooLarge, 413, 'maps.import.tooLargeUnpacked', {
      max: IMPORT_MAX_INFLATED_BYTES / 1024 / 1024,
    })
  }
  if (!zip.ok) throw fail('maps.import.unreadable', { type: 'XLSX' })
  const Excel = await loadExcel()
  const workbook = new Excel.Workbook()
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer)
  } catch {
    throw fail('maps.import.unreadable', { type: 'XLSX' })
  }
  const sheet = workbook.worksheets[0]
  const rows: Table['rows'] = []
  if (!sheet) return { format: 'xlsx', rows }
  if (sheet.actualColumnCount > IMPORT_MAX_COLUMNS)
    throw fail('maps.import.tooManyColumns', { max: IMPORT_MAX_COLUMNS })
  let tooMany = false
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (rows.length > IMPORT_MAX_ROWS) {
      tooMany = true
      return
    }
    const cells: Cell[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (column <= IMPORT_MAX_COLUMNS) cells[column - 1] = cellOf(cell.value)
    })
    rows.push({ number: row.number, cells: Array.from(cells, (c) => c ?? null) })
  })
  if (tooMany) throw fail('maps.import.tooManyRows', { max: IMPORT_MAX_ROWS })
  return { format: 'xlsx', rows }
}

function readCsv(data: Buffer): Table {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch {
    throw fail('maps.import.unreadable', { type: 'CSV' })
  }
  // A semicolon is the separator where a comma is the decimal mark (spreadsheets in many locales).
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
  let records: string[][]
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      to: IMPORT_MAX_ROWS + 2,
      max_record_size: 64 * 1024,
    }) as string[][]
  } catch {
    throw fail('maps.import.unreadable', { type: 'CSV' })
  }
  const rows: Table['rows'] = []
  records.forEach((cells, index) => {
    if (cells.length > IMPORT_MAX_COLUMNS) throw fail('maps.import.tooManyColumns', { max: IMPORT_MAX_COLUMNS })
    if (cells.some((c) => c.trim() !== '')) rows.push({ number: index + 1, cells })
  })
  if (records.length > IMPORT_MAX_ROWS + 1) throw fail('maps.import.tooManyRows', { max: IMPORT_MAX_ROWS })
  return { format: 'csv', rows }
}

/** The cells of a .csv or .xlsx file, judged by its name and its content. */
export async function readTable(fileName: string, data: Buffer): Promise<Table> {
  const name = fileName.toLowerCase()
  const isXlsxName = name.endsWith('.xlsx')
  if (!isXlsxName && !name.endsWith('.csv')) throw fail('maps.import.badType')
  if (data.length === 0) throw badRequest(ErrorCode.ImportEmpty, 'maps.import.empty')
  if (data.length > IMPORT_MAX_BYTES) {
    throw fail('maps.import.tooLarge', { max: Math.round(IMPORT_MAX_BYTES / 1024 / 1024) })
  }
  // The name must agree with the content: a renamed file is refused rather than misread.
  if (isXlsxName !== isZip(data)) throw fail('maps.import.unreadable', { type: isXlsxName ? 'XLSX' : 'CSV' })
  return isXlsxName ? readXlsx(data) : readCsv(data)
}

const text = (cell: Cell | undefined) => (cell === null || cell === undefined ? '' : String(cell))

/**
 * Every data row's verdict, with messages in the reader's language. The header is the first non-empty
 * row; a file with no data row is empty.
 */
export async function judgeTable(
  table: Table,
  options: { lang: Lang; capacityLeft: number; geocoder: Geocoder },
): Promise<ImportPreview> {
  const [header, ...data] = table.rows
  if (!header || data.length === 0) throw badRequest(ErrorCode.ImportEmpty, 'maps.import.empty')
  const columns = mapImportHeader(header.cells.map(text))
  const headerProblem = checkImportHeader(columns)
  if (headerProblem) throw fail(headerProblem.key)
  const at = (cells: Cell[], index: number) => (index >= 0 ? cells[index] : undefined)
  const t = (key: MessageKey, params?: Record<string, string | number | undefined>) =>
    translate(options.lang, key, params)
  const located = new Map<string, Awaited<ReturnType<Geocoder['search']>>[number] | null>()

  const rows: ImportRow[] = []
  for (const { number, cells } of data) {
    const raw = {
      name: text(at(cells, columns.name)),
      description: text(at(cells, columns.description)),
      latitude: at(cells, columns.latitude) ?? undefined,
      longitude: at(cells, columns.longitude) ?? undefined,
      address: text(at(cells, columns.address)),
    }
    const verdict = checkImportRow(raw, number)
    const base = {
      row: number,
      name: raw.name.trim(),
      description: raw.description.trim() || null,
      address: raw.address.trim() || null,
      latitude_text: text(raw.latitude).trim() || null,
      longitude_text: text(raw.longitude).trim() || null,
    }
    if (!verdict.ok) {
      rows.push({
        ...base,
        latitude: null,
        longitude: null,
        valid: false,
        messages: verdict.problems.map((p) => t(p.key, p.params)),
      })
    } else if (!verdict.needsGeocoding) {
      rows.push({
        ...base,
        latitude: verdict.point.latitude,
        longitude: verdict.point.longitude,
        valid: true,
        messages: [],
      })
    } else {
      const key = verdict.address.toLowerCase()
      if (!located.has(key)) located.set(key, (await options.geocoder.search(verdict.address, 1))[0] ?? null)
      const place = located.get(key)
      rows.push(
        place
          ? {
              ...base,
              latitude: roundCoordinate(place.latitude),
              longitude: roundCoordinate(place.longitude),
              valid: true,
              messages: [
                t('maps.import.rowLocated', {
                  row: number,
                  place: [place.name, place.detail].filter(Boolean).join(', '),
                }),
              ],
            }
          : {
              ...base,
              latitude: null,
              longitude: null,
              valid: false,
              messages: [t('maps.import.rowAddressNotFound', { row: number, address: verdict.address })],
            },
      )
    }
  }
  const valid = rows.filter((r) => r.valid).length
  return {
    format: table.format,
    total_rows: rows.length,
    valid_count: valid,
    invalid_count: rows.length - valid,
    capacity_left: Math.max(0, options.capacityLeft),
    rows,
  }
}
