import type { Writable } from 'node:stream'
import type { Db } from '../../db/client.ts'
import { CSV_BOM, csvLine } from '../../lib/csv.ts'
import { loadExcel } from '../../lib/heavy.ts'
import { type AuditFilter, type AuditRow, walkAuditEntries } from './queries.ts'

// The audit log as a file (CSV or XLSX), streamed a page of rows at a time. CSV cells go through the
// formula guard of lib/csv.ts: an e-mail or a JSON value that starts with = + - @ cannot run in a
// spreadsheet. XLSX text cells are typed as text and never run, so they hold the value as it is.

const EXPORT_MAX_ROWS = 100_000

const HEADINGS = {
  en: ['Time (UTC)', 'Actor e-mail', 'Actor id', 'Action', 'Target type', 'Target id', 'Before', 'After', 'IP'],
  vi: [
    'Thời gian (UTC)',
    'Email người thực hiện',
    'Mã người thực hiện',
    'Hành động',
    'Loại đối tượng',
    'Mã đối tượng',
    'Trước',
    'Sau',
    'IP',
  ],
} as const

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value))

function cells(row: AuditRow): string[] {
  return [
    row.createdAt.toISOString(),
    row.actorEmail ?? '',
    row.actorId ?? '',
    row.action,
    row.targetType,
    row.targetId ?? '',
    json(row.before),
    json(row.after),
    row.ip ?? '',
  ]
}

export async function exportAuditCsv(db: Db, filter: AuditFilter, lang: 'en' | 'vi', stream: Writable) {
  let rows = 0
  stream.write(CSV_BOM + csvLine(HEADINGS[lang]))
  for await (const page of walkAuditEntries(db, filter, EXPORT_MAX_ROWS)) {
    stream.write(page.map((row) => csvLine(cells(row))).join(''))
    rows += page.length
  }
  stream.end()
  return rows
}

export async function exportAuditXlsx(db: Db, filter: AuditFilter, lang: 'en' | 'vi', stream: Writable) {
  const ExcelJS = await loadExcel()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet('Audit log')
  const widths = [22, 30, 32, 26, 20, 32, 50, 50, 16]
  sheet.columns = HEADINGS[lang].map((header, i) => ({ header, width: widths[i] ?? 20 }))
  sheet.getRow(1).font = { bold: true }
  let rows = 0
  for await (const page of walkAuditEntries(db, filter, EXPORT_MAX_ROWS)) {
    // Typed text cells: nothing in them runs as a formula, so they are written as they are.
    for (const row of page) sheet.addRow(cells(row)).commit()
    rows += page.length
  }
  sheet.commit()
  await workbook.commit()
  return rows
}
