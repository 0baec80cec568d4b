import { ErrorCode, type MessageKey } from '@app/contract'
import type { MultipartFile } from '@fastify/multipart'
import { and, eq } from 'drizzle-orm'
import type { OutputInfo } from 'sharp'
import type { Db } from '../../db/client.ts'
import { files } from '../../db/schema/index.ts'
import { AppError } from '../../http/errors.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import { loadFileType, loadSharp } from '../../lib/heavy.ts'
import { newId } from '../../lib/ids.ts'

type Purpose = (typeof files.$inferSelect)['purpose']

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
/** Pixel-flood guard (ASVS 5.2.x): images larger than this on a side are refused before decoding. */
const MAX_SIDE = 8000

const FILE_PATH_PREFIX = '/files/'

export function filePath(id: string) {
  return `${FILE_PATH_PREFIX}${id}`
}

export function fileIdFromPath(path: string): string | null {
  return path.startsWith(FILE_PATH_PREFIX) ? path.slice(FILE_PATH_PREFIX.length) : null
}

const invalidImage = () =>
  new AppError(ErrorCode.InvalidImage, 400, 'validation.image.invalid', undefined, {
    fields: { file: 'validation.image.invalid' },
  })

/** Reads an upload into memory, turning "over the limit" into the message the screen expects. */
export async function readUploadBuffer(file: MultipartFile, tooLargeKey: MessageKey): Promise<Buffer> {
  try {
    return await file.toBuffer()
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ErrorCode.PayloadTooLarge, 413, tooLargeKey, undefined, { fields: { file: tooLargeKey } })
    }
    throw error
  }
}

export interface StoredImage {
  id: string
  path: string
}

/**
 * Accepts PNG, JPEG, WebP or GIF judged by content (never by name or declared type), refuses pixel
 * floods, and re-encodes the image so that whatever else the file carried (EXIF, trailing data) is gone.
 */
export async function storeImage(
  db: Db,
  input: { ownerId: string | null; purpose: Purpose; data: Buffer; now: Date; square?: number },
): Promise<StoredImage> {
  const detected = await (await loadFileType()).fileTypeFromBuffer(input.data)
  if (!detected || !IMAGE_TYPES.has(detected.mime)) throw invalidImage()
  let output: Buffer
  let info: OutputInfo
  try {
    const sharp = await loadSharp()
    const image = sharp(input.data, { limitInputPixels: MAX_SIDE * MAX_SIDE, animated: false })
    const meta = await image.metadata()
    if (!meta.width || !meta.height) throw invalidImage()
    if (meta.width > MAX_SIDE || meta.height > MAX_SIDE) {
      throw new AppError(ErrorCode.InvalidImage, 400, 'validation.image.tooManyPixels', { max: MAX_SIDE })
    }
    const pipeline = image.rotate()
    if (input.square) pipeline.resize(input.square, input.square, { fit: 'cover' })
    ;({ data: output, info } = await pipeline.webp({ quality: 85 }).toBuffer({ resolveWithObject: true }))
  } catch (error) {
    if (error instanceof AppError) throw error
    throw invalidImage()
  }
  const id = newId('fil', input.now.getTime())
  await db.insert(files).values({
    id,
    ownerId: input.ownerId,
    purpose: input.purpose,
    contentType: 'image/webp',
    sizeBytes: output.length,
    width: info.width,
    height: info.height,
    sha256: sha256Hex(output),
    data: output,
    createdAt: input.now,
  })
  return { id, path: filePath(id) }
}

export async function findFile(db: Db, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1)
  return row ?? null
}

export async function isOwnedFile(db: Db, id: string, ownerId: string, purpose: Purpose) {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, id), eq(files.ownerId, ownerId), eq(files.purpose, purpose)))
    .limit(1)
  return row !== undefined
}
