import { randomBytes } from 'node:crypto'
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib'
import * as contract from '@app/contract'
import { IMPORT_MAX_BYTES, IMPORT_MAX_INFLATED_BYTES, type Lang, translate } from '@app/contract'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { call, createUser, errorEnvelope, signIn, useTestApp } from '../../../test/helpers.ts'
import { checkZip } from '../../lib/zip.ts'
import { insertKey } from '../keys/service.ts'

// An .xlsx is a ZIP, and a ZIP may lie about its sizes (docs/security.md "Upload limits"). A zip bomb
// made here on the fly (a sheet of hundreds of MiB of repeated bytes, deflated to well under the 2 MiB
// upload limit, declaring a tiny size) is refused with 413 quickly and without the memory it would take
// to inflate; a genuine workbook still imports.

const BOMB_INFLATED = 512 * 1024 * 1024

/** Raw-deflates `size` bytes of XML whitespace (a valid sheet's padding), streaming, so the test never holds them either. */
async function deflatedRepeat(size: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024, ' ')
  const deflate = createDeflateRaw({ level: 9 })
  const parts: Buffer[] = []
  deflate.on('data', (part: Buffer) => parts.push(part))
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve)
    deflate.on('error', reject)
  })
  for (let written = 0; written < size; written += chunk.length) {
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await done
  return Buffer.concat(parts)
}

/** A ZIP of deflated entries, each declaring the sizes given (a liar declares a small one). */
function zipOf(entries: { name: string; data: Buffer; declaredSize: number; crc: number }[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(entry.crc, 14)
    local.writeUInt32LE(entry.data.length, 18)
    local.writeUInt32LE(entry.declaredSize, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(entry.crc, 16)
    central.writeUInt32LE(entry.data.length, 20)
    central.writeUInt32LE(entry.declaredSize, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, entry.data)
    centrals.push(central, name)
    offset += local.length + name.length + entry.data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const small = (name: string, text: string) => {
  const data = Buffer.from(text)
  return { name, data: deflateRawSync(data), declaredSize: data.length, crc: crc32(data) }
}

/** An .xlsx whose sheet inflates to `BOMB_INFLATED` bytes while its directory says 1 KiB. */
async function xlsxBomb(): Promise<Buffer> {
  const sheet = await deflatedRepeat(BOMB_INFLATED)
  return zipOf([
    small(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    small('xl/workbook.xml', '<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: 1024, crc: 0 },
  ])
}

describe('a zip bomb in a map import', async () => {
  const t = await useTestApp()
  const user = await createUser(t)
  const token = await signIn(t, user.email)
  const { row: key } = await insertKey(t.ctx, t.ctx.db, {
    userId: user.id,
    name: 'Map key',
    type: 'maptiles_key',
    description: null,
    restrictionList: [{ type: 'domain', value: 'https://shop.example.com/*' }],
    createdBy: user.id,
  })
  const created = await call(t, contract.createMap, { body: { name: 'Bombed', key_id: key.id } }, { token })
  const mapId = created.body.data.id
  const bomb = await xlsxBomb()

  function preview(data: Buffer, lang: Lang = 'en') {
    const boundary = `----bomb${randomBytes(6).toString('hex')}`
    return t.app.inject({
      method: 'POST',
      url: `/v1/maps/${mapId}/import/preview`,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': lang,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="points.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    })
  }

  it('is a real bomb: under the upload limit, hundreds of MiB inside, a tiny declared size', () => {
    expect(bomb.length).toBeLessThan(IMPORT_MAX_BYTES)
    expect(BOMB_INFLATED / bomb.length).toBeGreaterThan(500)
  })

  it.each(['en', 'vi', 'my'] as const)(
    'is refused with 413 in %s, in well under a second, within a fixed memory budget',
    async (lang) => {
      global.gc?.()
      const before = process.memoryUsage()
      const started = performance.now()
      const res = await preview(bomb, lang)
      const elapsed = performance.now() - started
      const after = process.memoryUsage()
      expect(res.statusCode, res.body).toBe(413)
      expect(errorEnvelope(res.json())).toMatchObject({
        error_code: 'PAYLOAD_TOO_LARGE',
        message: translate(lang, 'maps.import.tooLargeUnpacked', { max: IMPORT_MAX_INFLATED_BYTES / 1024 / 1024 }),
      })
      // Loose bounds, for a loaded machine: inflating the whole sheet would take seconds and gigabytes.
      expect(elapsed).toBeLessThan(2000)
      const grown = after.rss - before.rss + (after.arrayBuffers - before.arrayBuffers)
      expect(grown).toBeLessThan(128 * 1024 * 1024)
    },
  )

  it('is judged by what it really inflates to, not by what it declares', async () => {
    const verdict = await checkZip(bomb, { maxInflatedBytes: IMPORT_MAX_INFLATED_BYTES, maxEntries: 2000 })
    expect(verdict).toEqual({ ok: false, reason: 'too-large' })
  })

  it('lets a genuine workbook through', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Sheet1')
    sheet.addRow(['Name', 'Lat', 'Lng'])
    for (let i = 0; i < 500; i++) sheet.addRow([`Point ${i}`, 21 + i / 10_000, 105 + i / 10_000])
    const data = Buffer.from(await workbook.xlsx.writeBuffer())
    const verdict = await checkZip(data, { maxInflatedBytes: IMPORT_MAX_INFLATED_BYTES, maxEntries: 2000 })
    expect(verdict.ok).toBe(true)
    const res = await preview(data)
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json().data as contract.ImportPreview).valid_count).toBe(500)
  })
})
