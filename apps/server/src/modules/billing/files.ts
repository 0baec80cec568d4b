import { existsSync, readFileSync } from 'node:fs'
import type { Writable } from 'node:stream'
import {
  type BillDetail,
  formatDecimalText,
  type Lang,
  localeOf,
  type MessageKey,
  type Seller,
  serviceName,
  translate,
  UNLIMITED,
} from '@app/contract'
import type ExcelJS from 'exceljs'
import type { Db } from '../../db/client.ts'
import { loadExcel, loadPdfKit } from '../../lib/heavy.ts'
import { type BillFilter, toBill, walkBills } from './queries.ts'

// A bill as a file (XLSX and PDF), and the back office's export of many bills (XLSX, streamed). The
// headings, service names and number formats follow the caller's language; the seller comes first
// (docs/billing.md "The seller"). Text goes in typed text cells, which a spreadsheet never runs
// as a formula whatever they start with, so it is written as it is; money is written as numbers with
// two decimals.

const MONEY_FORMAT = '#,##0.00'
const VND_FORMAT = '#,##0'
const COUNT_FORMAT = '#,##0'
/** A tier's exact amount: two decimals at least, up to the rate's eight. */
const EXACT_FORMAT = '#,##0.00######'

/** "12.34" → 12.34: a spreadsheet number (the decimal string is exact; the cell shows two places). */
const money = (value: string) => Number(value)

/** "5.00" → "-5.00"; nothing off stays "0.00". */
const minus = (value: string) => (/^0\.00$/.test(value) ? value : `-${value}`)

/** A count with the language's thousands separators: 150000 → "150,000" (en), "150.000" (vi). */
const count = (n: number, lang: Lang) => n.toLocaleString(localeOf(lang))

function tierLabel(lang: Lang, from: number, to: number): string {
  return to === UNLIMITED
    ? `${count(from + 1, lang)} ${translate(lang, 'billing.file.unlimited')}`
    : `${count(from + 1, lang)} – ${count(to, lang)}`
}

const monthText = (bill: { year: number; month: number }) => `${bill.year}-${String(bill.month).padStart(2, '0')}`

/** The facts of a bill both files show, as [label, value] in order; the seller's empty fields are left off. */
function summary(bill: BillDetail, lang: Lang, seller: Seller) {
  const t = (key: MessageKey, params?: Record<string, string>) => translate(lang, key, params)
  const sellerLines: [string, string][] = [
    ...(seller.name ? [[t('billing.file.seller'), seller.name] as [string, string]] : []),
    ...(seller.address ? [[seller.name ? '' : t('billing.file.seller'), seller.address] as [string, string]] : []),
    ...(seller.tax_code ? [[t('billing.file.sellerTaxCode'), seller.tax_code] as [string, string]] : []),
  ]
  return {
    head: [
      ...sellerLines,
      [t('billing.file.customer'), `${bill.user_name} <${bill.user_email}>`],
      [t('billing.file.period'), `${bill.billed_from} – ${bill.billed_to}`],
      [t('billing.file.billDate'), bill.bill_date.slice(0, 10)],
      [t('billing.file.status'), bill.paid ? t('billing.file.paid') : t('billing.file.unpaid')],
    ] as [string, string][],
    totals: [
      [t('billing.file.amountBeforeDiscount'), bill.amount_before_discount, false],
      [t('billing.file.discount', { percent: bill.discount_percent }), minus(bill.discount), false],
      [t('billing.file.freeCredit'), minus(bill.free_credit), false],
      [t('billing.file.total'), bill.total, true],
    ] as [string, string, boolean][],
    vndLabel: t('billing.file.totalVnd', { rate: Number(bill.exchange_rate).toLocaleString(localeOf(lang)) }),
    transferLabel: t('billing.file.transferContent'),
  }
}

// ── One bill as XLSX ────────────────────────────────────────────────────────────────────────────────

export async function billXlsx(bill: BillDetail, lang: Lang, seller: Seller): Promise<Buffer> {
  const t = (key: MessageKey) => translate(lang, key)
  const facts = summary(bill, lang, seller)
  const Excel = await loadExcel()
  const workbook = new Excel.Workbook()
  workbook.created = new Date(bill.bill_date)
  const sheet = workbook.addWorksheet(bill.code)
  sheet.columns = [{ width: 30 }, { width: 26 }, { width: 22 }, { width: 16 }, { width: 18 }]
  /** A row; `formats` gives the number format of its cells by column (1-based). */
  const add = (values: (string | number)[], formats: Record<number, string> = {}, font?: Partial<ExcelJS.Font>) => {
    const row = sheet.addRow(values)
    for (const [column, format] of Object.entries(formats)) row.getCell(Number(column)).numFmt = format
    if (font) row.font = font
    return row
  }

  add([translate(lang, 'billing.file.title', { code: bill.code })], {}, { bold: true, size: 14 })
  for (const [label, value] of facts.head) add([label, value])
  add([])
  add(
    [
      t('billing.file.service'),
      t('billing.file.tier'),
      t('billing.file.ratePer1000'),
      t('billing.file.hits'),
      t('billing.file.amount'),
    ],
    {},
    { bold: true },
  )
  for (const line of bill.lines) {
    add([serviceName(line.service, lang), '', '', line.hits, ''], { 4: COUNT_FORMAT }, { bold: true })
    add(['', t('billing.file.free'), '', Math.min(line.free, line.hits), ''], { 4: COUNT_FORMAT })
    for (const tier of line.tiers) {
      add(
        [
          '',
          tierLabel(lang, tier.request_from, tier.request_to),
          money(tier.rate_per_1000),
          tier.requests,
          Number(tier.amount),
        ],
        { 3: MONEY_FORMAT, 4: COUNT_FORMAT, 5: EXACT_FORMAT },
      )
    }
    add(
      ['', t('billing.file.subtotal'), '', line.billable, money(line.subtotal)],
      { 4: COUNT_FORMAT, 5: MONEY_FORMAT },
      { italic: true },
    )
  }
  add([])
  for (const [label, value, strong] of facts.totals) {
    add([label, '', '', '', money(value)], { 5: MONEY_FORMAT }, strong ? { bold: true } : undefined)
  }
  add([facts.vndLabel, '', '', '', Number(bill.total_vnd)], { 5: VND_FORMAT })
  add([facts.transferLabel, bill.transfer_content])
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

// ── Many bills as XLSX, streamed ────────────────────────────────────────────────────────────────────

/**
 * Writes every bill `filter` selects into an XLSX on `stream`, a page of rows at a time: the
 * workbook is zipped as it goes, so neither the rows nor the file are ever held whole.
 */
export async function exportBillsXlsx(db: Db, filter: BillFilter, lang: Lang, stream: Writable): Promise<number> {
  const t = (key: MessageKey) => translate(lang, key)
  const Excel = await loadExcel()
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet('Bills')
  sheet.columns = [
    { header: t('billing.file.code'), width: 20 },
    { header: t('billing.file.email'), width: 30 },
    { header: t('billing.file.name'), width: 24 },
    { header: t('billing.file.month'), width: 10 },
    { header: t('billing.file.billDate'), width: 12 },
    { header: t('billing.file.amountBeforeDiscount'), width: 16, style: { numFmt: MONEY_FORMAT } },
    // "Discount (10%)" without its percentage, which differs from bill to bill.
    { header: t('billing.file.discount').replace(/\s*\([^)]*%\)\s*$/, ''), width: 12, style: { numFmt: MONEY_FORMAT } },
    { header: t('billing.file.freeCredit'), width: 14, style: { numFmt: MONEY_FORMAT } },
    { header: t('billing.file.total'), width: 14, style: { numFmt: MONEY_FORMAT } },
    // "Total (VND)" without the bill's own exchange rate.
    { header: /^.*?\(VND\)/.exec(t('billing.file.totalVnd'))?.[0] ?? 'VND', width: 16, style: { numFmt: VND_FORMAT } },
    { header: t('billing.file.status'), width: 10 },
    { header: t('billing.file.transferContent'), width: 20 },
    { header: t('billing.file.vat'), width: 10 },
  ]
  sheet.getRow(1).font = { bold: true }
  let rows = 0
  for await (const page of walkBills(db, filter)) {
    for (const row of page) {
      const bill = toBill(row)
      sheet
        .addRow([
          bill.code,
          bill.user_email,
          bill.user_name,
          monthText(bill),
          bill.bill_date.slice(0, 10),
          money(bill.amount_before_discount),
          money(bill.discount),
          money(bill.free_credit),
          money(bill.total),
          Number(bill.total_vnd),
          bill.paid ? t('billing.file.paid') : t('billing.file.unpaid'),
          bill.transfer_content,
          bill.vat_requested ? '✓' : '',
        ])
        .commit()
      rows++
    }
  }
  sheet.commit()
  await workbook.commit()
  return rows
}

// ── One bill as PDF ─────────────────────────────────────────────────────────────────────────────────

const FONT_DIRS = ['/usr/share/fonts/truetype/noto', '/usr/share/fonts/noto', '/usr/share/fonts/truetype/dejavu']

interface Fonts {
  /** Latin, Vietnamese and the rest of the page: a TTF when one is installed, else Helvetica (en only). */
  text: { regular: Buffer | string; bold: Buffer | string; unicode: boolean }
  /** Burmese, when Noto Sans Myanmar is installed. */
  myanmar: { regular: Buffer; bold: Buffer } | null
}

let fonts: Fonts | undefined

function findFont(names: readonly string[]): Buffer | null {
  for (const dir of FONT_DIRS) {
    for (const name of names) {
      const file = `${dir}/${name}`
      if (existsSync(file)) return readFileSync(file)
    }
  }
  return null
}

/** The fonts found on this machine (Debian's fonts-noto-core), read once. */
function pdfFonts(): Fonts {
  if (fonts) return fonts
  const regular = findFont(['NotoSans-Regular.ttf', 'DejaVuSans.ttf'])
  const bold = findFont(['NotoSans-Bold.ttf', 'DejaVuSans-Bold.ttf']) ?? regular
  const myRegular = findFont(['NotoSansMyanmar-Regular.ttf'])
  const myBold = findFont(['NotoSansMyanmar-Bold.ttf']) ?? myRegular
  fonts = {
    text:
      regular && bold
        ? { regular, bold, unicode: true }
        : { regular: 'Helvetica', bold: 'Helvetica-Bold', unicode: false },
    myanmar: myRegular && myBold ? { regular: myRegular, bold: myBold } : null,
  }
  return fonts
}

/** The language a PDF can be written in here: without the fonts for it, English. */
function pdfLang(lang: Lang): Lang {
  const found = pdfFonts()
  if (!found.text.unicode) return 'en'
  if (lang === 'my' && !found.myanmar) return 'en'
  return lang
}

const MYANMAR = /[\u1000-\u109f\ua9e0-\ua9ff\uaa60-\uaa7f]/

/** A text cut into runs of Burmese and of everything else, each drawn in a font that has its glyphs. */
function runs(text: string): { text: string; myanmar: boolean }[] {
  const out: { text: string; myanmar: boolean }[] = []
  for (const char of text) {
    const last = out[out.length - 1]
    const isMyanmar = MYANMAR.test(char) || (char === ' ' && last?.myanmar === true)
    if (last && last.myanmar === isMyanmar) last.text += char
    else out.push({ text: char, myanmar: isMyanmar })
  }
  return out
}

const PAGE = { width: 595.28, height: 841.89, margin: 42 }
/** Columns of the lines table: service or tier, rate per 1,000, requests, amount. */
const COLS = [
  { x: PAGE.margin, width: 215, align: 'left' as const },
  { x: PAGE.margin + 215, width: 95, align: 'right' as const },
  { x: PAGE.margin + 310, width: 95, align: 'right' as const },
  { x: PAGE.margin + 405, width: 106, align: 'right' as const },
]

/** One row of the PDF's lines table: service or tier, rate per 1,000, requests, amount. */
interface PdfRow {
  cells: [string, string, string, string]
  bold?: boolean
  indent?: number
}

/**
 * The PDF's lines table as text, in the bill's language: each service by its name (not its code),
 * its free requests, its tiers and its subtotal, with the language's thousands separators and exact
 * decimals (no float rounding).
 */
export function pdfLines(bill: BillDetail, lang: Lang): { service: string; rows: PdfRow[] }[] {
  const t = (key: MessageKey) => translate(lang, key)
  const decimal = (value: string) => formatDecimalText(value, lang)
  return bill.lines.map((line) => ({
    service: line.service,
    rows: [
      { cells: [serviceName(line.service, lang), '', count(line.hits, lang), ''], bold: true },
      { cells: [t('billing.file.free'), '', count(Math.min(line.free, line.hits), lang), ''], indent: 12 },
      ...line.tiers.map(
        (tier): PdfRow => ({
          cells: [
            tierLabel(lang, tier.request_from, tier.request_to),
            decimal(tier.rate_per_1000),
            count(tier.requests, lang),
            decimal(tier.amount),
          ],
          indent: 12,
        }),
      ),
      {
        cells: [t('billing.file.subtotal'), '', count(line.billable, lang), decimal(line.subtotal)],
        indent: 12,
        bold: true,
      },
    ],
  }))
}

export async function billPdf(bill: BillDetail, requested: Lang, seller: Seller): Promise<Buffer> {
  const lang = pdfLang(requested)
  const found = pdfFonts()
  const t = (key: MessageKey, params?: Record<string, string>) => translate(lang, key, params)
  const facts = summary(bill, lang, seller)
  const decimal = (value: string) => formatDecimalText(value, lang)
  const PDFDocument = await loadPdfKit()
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: {
      Title: t('billing.file.title', { code: bill.code }),
      Subject: `${bill.code} ${bill.total} USD`,
      Author: 'Maps Portal',
      CreationDate: new Date(bill.bill_date),
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.registerFont('text', found.text.regular)
  doc.registerFont('text-bold', found.text.bold)
  if (found.myanmar) {
    doc.registerFont('my', found.myanmar.regular)
    doc.registerFont('my-bold', found.myanmar.bold)
  }

  /** Draws one line of text at (x, y), switching fonts between Burmese and other runs. */
  const draw = (
    text: string,
    x: number,
    y: number,
    options: { bold?: boolean; size?: number; width?: number; align?: 'left' | 'right' } = {},
  ) => {
    const size = options.size ?? 9.5
    doc.fontSize(size)
    const parts = found.myanmar ? runs(text) : [{ text, myanmar: false }]
    const fontOf = (myanmar: boolean) =>
      myanmar ? (options.bold ? 'my-bold' : 'my') : options.bold ? 'text-bold' : 'text'
    const widths = parts.map((part) => doc.font(fontOf(part.myanmar)).widthOfString(part.text))
    const total = widths.reduce((a, b) => a + b, 0)
    let cursor = options.align === 'right' && options.width ? x + options.width - total : x
    // On one baseline: the Burmese and Latin fonts have different ascents.
    for (const [i, part] of parts.entries()) {
      doc.font(fontOf(part.myanmar)).text(part.text, cursor, y + size, { lineBreak: false, baseline: 'alphabetic' })
      cursor += widths[i] ?? 0
    }
  }

  let y = PAGE.margin
  const newPageIfNeeded = (needed: number) => {
    if (y + needed > PAGE.height - PAGE.margin) {
      doc.addPage()
      y = PAGE.margin
    }
  }
  const rule = (weight = 0.5) => {
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(weight)
      .strokeColor('#999999')
      .stroke()
  }

  draw(t('billing.file.title', { code: bill.code }), PAGE.margin, y, { bold: true, size: 18 })
  y += 34
  for (const [label, value] of facts.head) {
    draw(label, PAGE.margin, y, { bold: true })
    draw(value, PAGE.margin + 130, y)
    y += 16
  }
  y += 12

  const headings = [
    t('billing.file.service'),
    t('billing.file.ratePer1000'),
    t('billing.file.hits'),
    t('billing.file.amount'),
  ]
  const tableHeader = () => {
    for (const [i, col] of COLS.entries())
      draw(headings[i] ?? '', col.x, y, { bold: true, width: col.width, align: col.align })
    y += 16
    rule()
    y += 6
  }
  tableHeader()
  const cells = (values: readonly string[], options: { bold?: boolean; indent?: number } = {}) => {
    newPageIfNeeded(16)
    for (const [i, col] of COLS.entries()) {
      const value = values[i] ?? ''
      if (value === '') continue
      draw(value, col.x + (i === 0 ? (options.indent ?? 0) : 0), y, {
        bold: options.bold ?? false,
        width: col.width,
        align: col.align,
      })
    }
    y += 15
  }
  for (const line of pdfLines(bill, lang)) {
    newPageIfNeeded(16 * (line.rows.length + 1))
    for (const row of line.rows) cells(row.cells, row)
    y += 4
  }
  rule()
  y += 10
  newPageIfNeeded(16 * 8)
  const total = (label: string, value: string, bold = false) => {
    draw(label, PAGE.margin, y, { bold })
    draw(value, COLS[3]?.x ?? 0, y, { bold, width: COLS[3]?.width ?? 100, align: 'right' })
    y += 16
  }
  for (const [label, value, strong] of facts.totals) total(label, decimal(value), strong)
  total(facts.vndLabel, count(Number(bill.total_vnd), lang))
  y += 8
  total(facts.transferLabel, bill.transfer_content, true)
  doc.end()
  return done
}
