import { createInflateRaw } from 'node:zlib'

// A ZIP (an XLSX is one) can declare any sizes it likes: a 2 MB file may say its entries are small and
// inflate to gigabytes (a zip bomb). Before a ZIP is handed to a library that inflates it whole
// (ExcelJS), every entry is inflated here as a stream, the bytes that really come out are counted and
// thrown away, and the reading stops the moment the total passes the budget (docs/security.md "Upload
// limits"; ASVS 5.2.3). Memory stays at one inflate window and one chunk whatever the file holds.

export type ZipVerdict =
  | { ok: true; entries: number; inflatedBytes: number }
  | { ok: false; reason: 'unreadable' | 'too-many-entries' | 'too-large' }

export interface ZipBudget {
  /** Most bytes all entries may inflate to, together. */
  maxInflatedBytes: number
  maxEntries: number
}

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
const STORED = 0
const DEFLATED = 8
const CHUNK = 64 * 1024

interface Entry {
  method: number
  compressedSize: number
  localOffset: number
}

/** The entries of the central directory, or null when it cannot be read (or needs ZIP64). */
function centralDirectory(data: Buffer): Entry[] | null {
  // The end-of-central-directory record sits in the last 22 + 65,535 bytes.
  const from = Math.max(0, data.length - 22 - 0xffff)
  let eocd = -1
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i
      break
    }
  }
  if (eocd < 0) return null
  const count = data.readUInt16LE(eocd + 10)
  let offset = data.readUInt32LE(eocd + 16)
  // ZIP64 markers: an XLSX the import can take never needs them.
  if (count === 0xffff || offset === 0xffffffff) return null
  const entries: Entry[] = []
  for (let n = 0; n < count; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== CENTRAL) return null
    const compressedSize = data.readUInt32LE(offset + 20)
    const localOffset = data.readUInt32LE(offset + 42)
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff) return null
    entries.push({ method: data.readUInt16LE(offset + 10), compressedSize, localOffset })
    offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32)
  }
  return entries
}

/** The compressed bytes of an entry, where its local header says they start (as readers find them). */
function entryData(data: Buffer, entry: Entry): Buffer | null {
  const at = entry.localOffset
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) return null
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28)
  const end = start + entry.compressedSize
  return end <= data.length ? data.subarray(start, end) : null
}

/**
 * Inflates raw deflate data as a stream, counting the output and discarding it; resolves with the
 * count, or with -1 as soon as the count passes `limit` (the stream is destroyed then).
 */
function inflatedSize(compressed: Buffer, limit: number): Promise<number | 'unreadable'> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw({ chunkSize: CHUNK })
    let total = 0
    let settled = false
    const settle = (value: number | 'unreadable') => {
      if (settled) return
      settled = true
      resolve(value)
    }
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length
      if (total > limit) {
        settle(-1)
        inflate.destroy()
      }
    })
    inflate.on('end', () => settle(total))
    inflate.on('error', () => settle('unreadable'))
    inflate.on('close', () => settle(total > limit ? -1 : total))
    inflate.end(compressed)
  })
}

/**
 * Judges a ZIP by what it really inflates to: every entry is inflated (stored entries count their
 * size), and the total may not pass `budget.maxInflatedBytes`. Declared sizes are not trusted.
 */
export async function checkZip(data: Buffer, budget: ZipBudget): Promise<ZipVerdict> {
  const entries = centralDirectory(data)
  if (!entries) return { ok: false, reason: 'unreadable' }
  if (entries.length > budget.maxEntries) return { ok: false, reason: 'too-many-entries' }
  let total = 0
  for (const entry of entries) {
    const compressed = entryData(data, entry)
    if (!compressed) return { ok: false, reason: 'unreadable' }
    if (entry.method === STORED) {
      total += compressed.length
    } else if (entry.method === DEFLATED) {
      const size = await inflatedSize(compressed, budget.maxInflatedBytes - total)
      if (size === 'unreadable') return { ok: false, reason: 'unreadable' }
      if (size < 0) return { ok: false, reason: 'too-large' }
      total += size
    } else {
      return { ok: false, reason: 'unreadable' }
    }
    if (total > budget.maxInflatedBytes) return { ok: false, reason: 'too-large' }
  }
  return { ok: true, entries: entries.length, inflatedBytes: total }
}
