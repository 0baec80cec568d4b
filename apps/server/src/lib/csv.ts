// CSV for spreadsheets (RFC 4180 quoting) that cannot run formulas: a cell that a spreadsheet would
// read as a formula (starting with = + - @, a tab or a carriage return) is prefixed with an apostrophe,
// as OWASP's CSV-injection guidance recommends. Numbers are written as they are.

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/**
 * A CSV text cell that cannot run as a formula. XLSX needs none of this: its text cells are typed as
 * text and never evaluated, so the XLSX writers (bills, the audit log, maps) write text as it is.
 */
function safeText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const safe = safeText(value)
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/** A UTF-8 byte-order mark, so that spreadsheet programs read non-Latin text correctly. */
export const CSV_BOM = '\uFEFF'
