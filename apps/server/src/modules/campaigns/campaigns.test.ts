import * as contract from '@app/contract'
import { IMAGE_MAX_BYTES } from '@app/contract'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { call, errorEnvelope, fieldsOf, upload, userWithToken, useTestApp } from '../../../test/helpers.ts'
import { auditLog, files } from '../../db/schema/index.ts'
import { sweepLooseImages } from './service.ts'

const png = (width = 60, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: '#3a93f9' } })
    .png()
    .toBuffer()

describe('campaigns', async () => {
  const t = await useTestApp()
  // The test clock reads 2026-11-02.
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])
  const customer = await userWithToken(t, ['customer'])

  async function uploadImage(token = support.token) {
    const res = await upload(t, contract.uploadCampaignImage, { data: await png(), filename: 'banner.png' }, { token })
    expect(res.status).toBe(201)
    return res.body.data
  }

  let counter = 0
  async function bodyWith(overrides: Partial<contract.CampaignBody> = {}): Promise<contract.CampaignBody> {
    counter += 1
    return {
      code: `CODE_${counter}`,
      name: `Campaign ${counter}`,
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      url: 'https://example.com/offer',
      image_ids: overrides.image_ids ?? [(await uploadImage()).id],
      ...overrides,
    }
  }

  async function create(overrides: Partial<contract.CampaignBody> = {}, token = support.token) {
    const res = await call(t, contract.createCampaign, { body: await bodyWith(overrides) }, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  it('uploads an image judged by content, re-encoded to WebP', async () => {
    const image = await uploadImage()
    expect(image.path).toBe(`/files/${image.id}`)
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, image.id))
    expect(row).toMatchObject({ purpose: 'campaign', contentType: 'image/webp' })
  })

  it('refuses a renamed text file and an image over 10 MB', async () => {
    const fake = await upload(
      t,
      contract.uploadCampaignImage,
      { data: Buffer.from('just text, not a picture'), filename: 'banner.png', contentType: 'image/png' },
      { token: support.token },
    )
    expect(fake.status).toBe(400)
    expect(errorEnvelope(fake.body).message).toBe('Invalid Image !')

    const big = Buffer.concat([await png(), Buffer.alloc(IMAGE_MAX_BYTES + 10, 1)])
    const tooLarge = await upload(t, contract.uploadCampaignImage, { data: big }, { token: support.token })
    expect(tooLarge.status).toBe(413)
    expect(errorEnvelope(tooLarge.body).message).toBe('The image is over 10MB')
  })

  it('creates a campaign, audit-logged, and lists it searched by code or name', async () => {
    const campaign = await create({ code: 'BLACK_FRIDAY', name: 'Black Friday banner' })
    expect(campaign).toMatchObject({ code: 'BLACK_FRIDAY', active: true, url: 'https://example.com/offer' })
    expect(campaign.images).toHaveLength(1)
    expect(campaign.file).toBe(campaign.images[0]?.path)

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campaigns.create'), eq(auditLog.targetId, campaign.id)))
    expect(audit?.actorId).toBe(support.user.id)

    const byCode = await call(t, contract.listCampaigns, { query: { keyword: 'black_fri' } }, { token: admin.token })
    expect(byCode.body.data.items.map((c) => c.id)).toEqual([campaign.id])
    const byName = await call(
      t,
      contract.listCampaigns,
      { query: { keyword: 'friday BANNER' } },
      { token: admin.token },
    )
    expect(byName.body.data.items.map((c) => c.id)).toEqual([campaign.id])
    const paged = await call(t, contract.listCampaigns, { query: { page: 1, size: 1 } }, { token: admin.token })
    expect(paged.body.data).toMatchObject({ page: 1, page_size: 1 })
    expect(paged.body.data.items).toHaveLength(1)
  })

  it('requires code, dates, url and an image, in the caller language', async () => {
    const res = await call(
      t,
      contract.createCampaign,
      { body: { code: '', name: 'x', start_date: '', end_date: '2026-02-30', url: 'ftp://x', image_ids: [] } },
      { token: support.token, lang: 'vi' },
    )
    expect(res.status).toBe(400)
    const fields = fieldsOf(res.body)
    expect(fields.code).toBe('Vui lòng nhập mã')
    expect(fields.start_date).toBe('Vui lòng chọn ngày bắt đầu')
    expect(fields.end_date).toBe('Ngày không hợp lệ')
    expect(fields.url).toBe('Nhập địa chỉ web bắt đầu bằng http:// hoặc https://')
    expect(fields.image_ids).toBe('Vui lòng tải ảnh lên')

    const backwards = await call(
      t,
      contract.createCampaign,
      { body: await bodyWith({ start_date: '2026-11-10', end_date: '2026-11-09' }) },
      { token: support.token },
    )
    expect(fieldsOf(backwards.body).end_date).toBe('The end date must not be before the start date')
  })

  it('refuses a duplicate code (any case), an unknown image and an image of another campaign', async () => {
    const first = await create({ code: 'UNIQUE_ONE' })
    const dup = await call(
      t,
      contract.createCampaign,
      { body: await bodyWith({ code: 'unique_one' }) },
      { token: support.token },
    )
    expect(dup.status).toBe(409)
    expect(errorEnvelope(dup.body).message).toBe('A campaign with this code already exists')

    const unknown = await call(
      t,
      contract.createCampaign,
      { body: await bodyWith({ image_ids: [`fil_${'1'.repeat(26)}`] }) },
      { token: support.token },
    )
    expect(unknown.status).toBe(400)
    expect(fieldsOf(unknown.body).image_ids).toBe('This image was not uploaded as a campaign image')

    const stolen = await call(
      t,
      contract.createCampaign,
      { body: await bodyWith({ image_ids: [first.images[0]?.id ?? ''] }) },
      { token: support.token },
    )
    expect(fieldsOf(stolen.body).image_ids).toBe(
      'This image belongs to a campaign; remove it from the campaign instead',
    )
  })

  it('edits a campaign: dropped images are deleted with their file', async () => {
    const campaign = await create()
    const oldImage = campaign.images[0]?.id ?? ''
    const newImage = await uploadImage()
    const res = await call(
      t,
      contract.updateCampaign,
      {
        params: { id: campaign.id },
        body: { ...(await bodyWith({ image_ids: [newImage.id] })), code: campaign.code, name: 'Renamed' },
      },
      { token: admin.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ name: 'Renamed', images: [newImage] })
    expect(await t.ctx.db.select().from(files).where(eq(files.id, oldImage))).toHaveLength(0)

    const missing = await call(
      t,
      contract.updateCampaign,
      { params: { id: `cmp_${'0'.repeat(26)}` }, body: await bodyWith() },
      { token: admin.token },
    )
    expect(missing.status).toBe(404)
  })

  it('deletes a loose image, refuses one a campaign uses', async () => {
    const loose = await uploadImage()
    const res = await call(t, contract.deleteCampaignImage, { params: { id: loose.id } }, { token: support.token })
    expect(res.status).toBe(200)
    expect(await t.ctx.db.select().from(files).where(eq(files.id, loose.id))).toHaveLength(0)

    const campaign = await create()
    const used = await call(
      t,
      contract.deleteCampaignImage,
      { params: { id: campaign.images[0]?.id ?? '' } },
      { token: support.token },
    )
    expect(used.status).toBe(409)
  })

  it('deletes an image with its campaign file, but never the last one', async () => {
    const [a, b] = [await uploadImage(), await uploadImage()]
    const campaign = await create({ image_ids: [a.id, b.id] })
    const res = await call(t, contract.deleteCampaignImageAndFile, { params: { id: a.id } }, { token: support.token })
    expect(res.status).toBe(200)
    expect(res.body.data.images).toEqual([b])
    expect(await t.ctx.db.select().from(files).where(eq(files.id, a.id))).toHaveLength(0)

    const last = await call(t, contract.deleteCampaignImageAndFile, { params: { id: b.id } }, { token: support.token })
    expect(last.status).toBe(422)
    expect(errorEnvelope(last.body).message).toBe('A campaign needs an image: add another before removing this one')
    expect(campaign.id).toBeTruthy()
  })

  it('shows customers only the campaigns running today', async () => {
    const running = await create({ start_date: '2026-11-02', end_date: '2026-11-02' })
    const future = await create({ start_date: '2026-11-03', end_date: '2026-12-01' })
    const past = await create({ start_date: '2026-10-01', end_date: '2026-11-01' })
    const res = await call(t, contract.activeCampaigns, {}, { token: customer.token })
    expect(res.status).toBe(200)
    const ids = res.body.data.map((c) => c.id)
    expect(ids).toContain(running.id)
    expect(ids).not.toContain(future.id)
    expect(ids).not.toContain(past.id)
    expect(res.body.data.find((c) => c.id === running.id)).toMatchObject({
      url: 'https://example.com/offer',
      image: running.images[0]?.path,
    })
  })

  it('deletes a campaign and its images, audit-logged', async () => {
    const campaign = await create()
    const res = await call(t, contract.deleteCampaign, { params: { id: campaign.id } }, { token: admin.token })
    expect(res.status).toBe(200)
    expect(
      await t.ctx.db
        .select()
        .from(files)
        .where(eq(files.id, campaign.images[0]?.id ?? '')),
    ).toHaveLength(0)
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campaigns.delete'), eq(auditLog.targetId, campaign.id)))
    expect(audit?.before).toMatchObject({ code: campaign.code })
    const again = await call(t, contract.deleteCampaign, { params: { id: campaign.id } }, { token: admin.token })
    expect(again.status).toBe(404)
  })

  it('sweeps uploads left out of any campaign after a day, never a campaign image', async () => {
    const loose = await uploadImage()
    const campaign = await create()
    await sweepLooseImages(t.ctx.db, t.clock.now())
    expect(await t.ctx.db.select().from(files).where(eq(files.id, loose.id))).toHaveLength(1)
    await sweepLooseImages(t.ctx.db, new Date(t.clock.now().getTime() + 25 * 3_600_000))
    expect(await t.ctx.db.select().from(files).where(eq(files.id, loose.id))).toHaveLength(0)
    expect(
      await t.ctx.db
        .select()
        .from(files)
        .where(eq(files.id, campaign.images[0]?.id ?? '')),
    ).toHaveLength(1)
  })

  it('keeps customers and anonymous callers out of the staff calls', async () => {
    const body = await bodyWith()
    const asCustomer = await call(t, contract.createCampaign, { body }, { token: customer.token })
    expect(asCustomer.status).toBe(403)
    const list = await call(t, contract.listCampaigns, {}, { token: customer.token })
    expect(list.status).toBe(403)
    const upl = await upload(t, contract.uploadCampaignImage, { data: await png() }, { token: customer.token })
    expect(upl.status).toBe(403)
    const anonymous = await call(t, contract.activeCampaigns, {})
    expect(anonymous.status).toBe(401)
  })
})
