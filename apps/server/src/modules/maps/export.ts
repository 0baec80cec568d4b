import { IMPORT_SAMPLE_ROWS, type Lang, translate } from '@app/contract'
import { CSV_BOM, csvLine } from '../../lib/csv.ts'
import { loadExcel } from '../../lib/heavy.ts'
import type { LayerRow, MapRow, PointRow } from './queries.ts'

// A map's points as files (GeoJSON, CSV, XLSX) and the import's sample file. CSV and XLSX use the
// import's own columns (plus the layer), so an export can be imported again. CSV cells that a
// spreadsheet would run as a formula are neutralised (lib/csv.ts); an XLSX cell is typed, and a text
// cell stays text whatever it starts with, so it is written as it is.

const COLUMNS = ['name', 'description', 'latitude', 'longitude', 'layer'] as const

export function mapGeoJson(map: MapRow, layers: readonly LayerRow[], points: readonly PointRow[]): string {
  const layerName = new Map(layers.map((l) => [l.id, l.name]))
  return JSON.stringify({
    type: 'FeatureCollection',
    name: map.name,
    features: points.map((p) => ({
      type: 'Feature',
      id: p.id,
      geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
      properties: { name: p.name, description: p.description, layer: layerName.get(p.layerId) ?? null },
    })),
  })
}

export function mapCsv(layers: readonly LayerRow[], points: readonly PointRow[]): string {
  const layerName = new Map(layers.map((l) => [l.id, l.name]))
  let out = CSV_BOM + csvLine([...COLUMNS])
  for (const p of points) {
    out += csvLine([p.name, p.description, p.latitude, p.longitude, layerName.get(p.layerId) ?? ''])
  }
  return out
}

export async function mapXlsx(
  map: MapRow,
  layers: readonly LayerRow[],
  points: readonly PointRow[],
  lang: Lang,
): Promise<Buffer> {
  const layerName = new Map(layers.map((l) => [l.id, l.name]))
  const ExcelJS = await loadExcel()
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(translate(lang, 'maps.export.sheet'))
  sheet.columns = [{ width: 32 }, { width: 48 }, { width: 14 }, { width: 14 }, { width: 20 }]
  sheet.addRow([...COLUMNS]).font = { bold: true }
  for (const p of points) {
    sheet.addRow([p.name, p.description, p.latitude, p.longitude, layerName.get(p.layerId) ?? ''])
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
  workbook.title = map.name
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

export function sampleCsv(): string {
  return CSV_BOM + IMPORT_SAMPLE_ROWS.map((row) => csvLine([...row])).join('')
}

export async function sampleXlsx(): Promise<Buffer> {
  const ExcelJS = await loadExcel()
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('points')
  sheet.columns = [{ width: 24 }, { width: 36 }, { width: 12 }, { width: 12 }, { width: 24 }]
  const [header, ...rows] = IMPORT_SAMPLE_ROWS
  sheet.addRow([...(header ?? [])]).font = { bold: true }
  for (const row of rows) {
    // Coordinates as numbers, the way a spreadsheet keeps them.
    sheet.addRow(row.map((cell, i) => ((i === 2 || i === 3) && cell !== '' ? Number(cell) : cell)))
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A file name made of the map's name: letters, digits, dashes. */
export function fileNameOf(map: MapRow, extension: string): string {
  const base = map.name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `${base || 'map'}.${extension}`
}
