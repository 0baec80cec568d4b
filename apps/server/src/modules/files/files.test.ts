import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  findUserRow,
  freshEmail,
  signIn,
  upload,
  useTestApp,
} from '../../../test/helpers.ts'
import { files } from '../../db/schema/index.ts'

const png = (width = 10, height = 10) =>
  sharp({ create: { width, height, channels: 3, background: '#f00' } })
    .png()
    .toBuffer()
const jpeg = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: '#00f' } })
    .jpeg()
    .toBuffer()

describe('avatars and files', async () => {
  const t = await useTestApp()

  async function customer() {
    const user = await createUser(t, { email: freshEmail('avatar') })
    return { user, token: await signIn(t, user.email) }
  }

  const fetchFile = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers })

  it('stores an uploaded PNG as a 256×256 WebP and makes it the avatar', async () => {
    const { user, token } = await customer()
    const res = await upload(t, contract.uploadAvatar, { data: await png(), filename: 'me.png' }, { token })

    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Avatar updated')
    const path = res.body.data.avatar
    expect(path).toMatch(/^\/files\/fil_[0-9a-z]{26}$/)
    expect((await findUserRow(t, user.id))?.avatar).toBe(path)
    const me = await call(t, contract.getOwnProfile, {}, { token })
    expect(me.body.data.avatar).toBe(path)

    const served = await fetchFile(path)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
    const [row] = await t.ctx.db
      .select()
      .from(files)
      .where(eq(files.id, path.slice('/files/'.length)))
    expect(row).toMatchObject({
      ownerId: user.id,
      purpose: 'avatar',
      contentType: 'image/webp',
      width: 256,
      height: 256,
    })
  })

  it('accepts a JPEG whatever its declared name and type, judging by content', async () => {
    const { token } = await customer()
    const res = await upload(
      t,
      contract.uploadAvatar,
      { data: await jpeg(), filename: 'photo.txt', contentType: 'application/octet-stream' },
      { token },
    )
    expect(res.status).toBe(200)
    const served = await fetchFile(res.body.data.avatar)
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 })
  })

  it('serves files with immutable cache headers, an ETag and 304 on revalidation', async () => {
    const { token } = await customer()
    const { body } = await upload(t, contract.uploadAvatar, { data: await png() }, { token })
    const first = await fetchFile(body.data.avatar)
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(first.headers['x-content-type-options']).toBe('nosniff')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/)

    const again = await fetchFile(body.data.avatar, { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload).toHaveLength(0)
    const changed = await fetchFile(body.data.avatar, { 'if-none-match': '"something-else"' })
    expect(changed.statusCode).toBe(200)
  })

  it('serves a file without sign-in, since its id is unguessable', async () => {
    const { token } = await customer()
    const { body } = await upload(t, contract.uploadAvatar, { data: await png() }, { token })
    expect((await fetchFile(body.data.avatar)).statusCode).toBe(200)
  })

  it('answers 404 in the envelope for an unknown file', async () => {
    const res = await fetchFile(`/files/fil_${'0'.repeat(26)}`)
    expect(res.statusCode).toBe(404)
    expect(errorEnvelope(res.json()).error_code).toBe('NOT_FOUND')
  })

  it('refuses a text file named .png with "Invalid Image !"', async () => {
    const { user, token } = await customer()
    const res = await upload(
      t,
      contract.uploadAvatar,
      { data: Buffer.from('this is not an image at all'), filename: 'fake.png', contentType: 'image/png' },
      { token },
    )
    expect(res.status).toBe(400)
    expect(errorEnvelope(res.body)).toMatchObject({ error_code: 'INVALID_IMAGE', message: 'Invalid Image !' })
    expect(res.body.data).toEqual({ fields: { file: 'Invalid Image !' } })
    expect((await findUserRow(t, user.id))?.avatar).toBeNull()
  })

  it('refuses a file with a PNG signature but broken content', async () => {
    const { token } = await customer()
    const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 7)])
    const res = await upload(t, contract.uploadAvatar, { data: broken }, { token, lang: 'vi' })
    expect(res.status).toBe(400)
    expect(errorEnvelope(res.body)).toMatchObject({
      error_code: 'INVALID_IMAGE',
      message: translate('vi', 'validation.image.invalid'),
    })
  })

  it('refuses an image format it does not accept (SVG)', async () => {
    const { token } = await customer()
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    )
    const res = await upload(
      t,
      contract.uploadAvatar,
      { data: svg, filename: 'a.svg', contentType: 'image/svg+xml' },
      { token },
    )
    expect(res.status).toBe(400)
    expect(res.body.error_code).toBe('INVALID_IMAGE')
  })

  it('refuses an image wider than 8000 pixels before decoding it', async () => {
    const { token } = await customer()
    const res = await upload(t, contract.uploadAvatar, { data: await png(8001, 1) }, { token })
    expect(res.status).toBe(400)
    expect(errorEnvelope(res.body)).toMatchObject({
      error_code: 'INVALID_IMAGE',
      message: 'The image is too large: at most 8000 pixels on a side.',
    })
  })

  it('refuses a file over 1 MB with "File size should be small than 1MB !"', async () => {
    const { user, token } = await customer()
    const big = Buffer.concat([await png(), Buffer.alloc(1024 * 1024 + 1, 1)])
    const res = await upload(t, contract.uploadAvatar, { data: big }, { token })
    expect(res.status).toBe(413)
    expect(errorEnvelope(res.body)).toMatchObject({
      error_code: 'PAYLOAD_TOO_LARGE',
      message: 'File size should be small than 1MB !',
    })
    expect((await findUserRow(t, user.id))?.avatar).toBeNull()

    const inMyanmar = await upload(t, contract.uploadAvatarWithoutSave, { data: big }, { token, lang: 'my' })
    expect(inMyanmar.status).toBe(413)
    expect(inMyanmar.body.message).toBe(translate('my', 'validation.image.tooLarge1mb'))
    expect(inMyanmar.body.data).toEqual({ fields: { file: translate('my', 'validation.image.tooLarge1mb') } })
  })

  it('accepts an image just under 1 MB', async () => {
    const { token } = await customer()
    // Random pixels do not compress, so this PNG is close to the limit.
    const side = 500
    const noise = Buffer.alloc(side * side * 3)
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251
    const image = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(image.length).toBeLessThan(1024 * 1024)
    expect(image.length).toBeGreaterThan(700 * 1024)
    expect((await upload(t, contract.uploadAvatar, { data: image }, { token })).status).toBe(200)
  })

  it('refuses JSON instead of multipart with 415', async () => {
    const { token } = await customer()
    const res = await t.app.inject({
      method: 'POST',
      url: contract.uploadAvatar.path,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ file: 'aGVsbG8=' }),
    })
    expect(res.statusCode).toBe(415)
    expect(errorEnvelope(res.json()).error_code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('asks for a file when the multipart form has none', async () => {
    const { token } = await customer()
    const boundary = '----empty'
    const res = await t.app.inject({
      method: 'POST',
      url: contract.uploadAvatar.path,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    })
    expect(res.statusCode).toBe(400)
    expect(errorEnvelope(res.json())).toMatchObject({ error_code: 'VALIDATION', message: 'Please choose a file' })
  })

  it('needs a signed-in caller to upload', async () => {
    const res = await upload(t, contract.uploadAvatar, { data: await png() })
    expect(res.status).toBe(401)
    expect(res.body.error_code).toBe('401')
  })

  it('uploads without saving: the profile keeps its avatar until it is saved', async () => {
    const { user, token } = await customer()
    const current = await upload(t, contract.uploadAvatar, { data: await png() }, { token })
    const draft = await upload(t, contract.uploadAvatarWithoutSave, { data: await jpeg() }, { token })
    expect(draft.status).toBe(200)
    expect(draft.body.message).toBe('Image uploaded')
    expect(draft.body.data.avatar).not.toBe(current.body.data.avatar)
    expect((await findUserRow(t, user.id))?.avatar).toBe(current.body.data.avatar)
    expect((await fetchFile(draft.body.data.avatar)).statusCode).toBe(200)

    const saved = await call(t, contract.updateOwnProfile, { body: { avatar: draft.body.data.avatar } }, { token })
    expect(saved.status).toBe(200)
    expect(saved.body.data.avatar).toBe(draft.body.data.avatar)

    const removed = await call(t, contract.updateOwnProfile, { body: { avatar: null } }, { token })
    expect(removed.body.data.avatar).toBeNull()
  })

  it('refuses someone else’s image as the avatar', async () => {
    const owner = await customer()
    const other = await customer()
    const theirs = await upload(t, contract.uploadAvatarWithoutSave, { data: await png() }, { token: owner.token })
    const res = await call(
      t,
      contract.updateOwnProfile,
      { body: { avatar: theirs.body.data.avatar } },
      { token: other.token },
    )
    expect(res.status).toBe(400)
    expect(errorEnvelope(res.body)).toMatchObject({
      error_code: 'VALIDATION',
      message: 'The avatar must be an image uploaded to this account',
    })
    expect(res.body.data).toEqual({ fields: { avatar: 'The avatar must be an image uploaded to this account' } })
    expect((await findUserRow(t, other.user.id))?.avatar).toBeNull()
  })

  it('refuses an avatar path of a file that does not exist or is not a file path', async () => {
    const { token } = await customer()
    for (const avatar of [`/files/fil_${'0'.repeat(26)}`, 'https://evil.example/a.png', '/files/../../etc/passwd']) {
      const res = await call(t, contract.updateOwnProfile, { body: { avatar } }, { token, lang: 'vi' })
      expect(res.status, avatar).toBe(400)
      expect(res.body.data, avatar).toEqual({ fields: { avatar: translate('vi', 'users.avatarNotYours') } })
    }
  })
})
