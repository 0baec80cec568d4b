import type {
  ActiveCampaign,
  BodyOf,
  Campaign,
  CampaignImage,
  CampaignTranslations,
  createCampaign as createCampaignEndpoint,
  Lang,
  TranslationLang,
} from '@app/contract'
import { ErrorCode, inLanguage, TRANSLATION_LANGS } from '@app/contract'
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, notInArray, or, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { type Db, PG_UNIQUE_VIOLATION, pgCode, pgConstraint } from '../../db/client.ts'
import { campaignFiles, campaigns, files } from '../../db/schema/index.ts'
import { conflict, invalidField, notFound, refused } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import { escapeLike } from '../../lib/like.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { filePath } from '../files/files.ts'

// Campaigns (docs/requirements.md §16.1, docs/campaigns.md): staff keep dashboard banners; customers see those running
// today. A campaign's images are `files` rows (purpose `campaign`) listed in `campaign_files`; an image
// uploaded but not (yet) in a campaign is "loose" and can be deleted with DELETE /v1/campaigns/image/{id}.
// "Today" is the UTC date of the app's clock, never SQL's current_date, so tests with a fixed clock agree.
// A campaign may also have a banner in Burmese and Vietnamese (docs/campaigns.md "Banners in three
// languages"): a name in `campaigns.translations` and images of its own, `campaign_files` rows of that lang.

type CampaignRow = typeof campaigns.$inferSelect
type Body = BodyOf<typeof createCampaignEndpoint>
type ImageLang = 'en' | TranslationLang
type ImagesByLang = Partial<Record<ImageLang, CampaignImage[]>>

/** The image lists a body asks for, each with the field a refusal names. */
function imageLists(body: Body): { lang: ImageLang; field: string; ids: string[] }[] {
  return [
    { lang: 'en', field: 'image_ids', ids: body.image_ids },
    ...TRANSLATION_LANGS.flatMap((lang) => {
      const words = body.translations?.[lang]
      return words ? [{ lang, field: `translations.${lang}.image_ids`, ids: words.image_ids }] : []
    }),
  ]
}

/** The names a body gives its translations, as stored. */
function translationNames(body: Body): CampaignRow['translations'] {
  const names: CampaignRow['translations'] = {}
  for (const lang of TRANSLATION_LANGS) {
    const words = body.translations?.[lang]
    if (words) names[lang] = { name: words.name }
  }
  return names
}

function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10)
}

async function imagesOf(db: Db, ids: string[]): Promise<Map<string, ImagesByLang>> {
  const result = new Map<string, ImagesByLang>()
  if (ids.length === 0) return result
  const rows = await db
    .select({ campaignId: campaignFiles.campaignId, fileId: campaignFiles.fileId, lang: campaignFiles.lang })
    .from(campaignFiles)
    .where(inArray(campaignFiles.campaignId, ids))
    .orderBy(asc(campaignFiles.position))
  for (const row of rows) {
    const byLang = result.get(row.campaignId) ?? {}
    const list = byLang[row.lang] ?? []
    list.push({ id: row.fileId, path: filePath(row.fileId) })
    byLang[row.lang] = list
    result.set(row.campaignId, byLang)
  }
  return result
}

/** The translations that have a name and images (a translation is saved whole, so both or neither). */
function translationsOf(row: CampaignRow, byLang: ImagesByLang): CampaignTranslations {
  const translations: CampaignTranslations = {}
  for (const lang of TRANSLATION_LANGS) {
    const name = row.translations[lang]?.name
    const images = byLang[lang]
    if (name && images?.length) translations[lang] = { name, images }
  }
  return translations
}

function toCampaign(row: CampaignRow, byLang: ImagesByLang, today: string): Campaign {
  const images = byLang.en ?? []
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    start_date: row.startDate,
    end_date: row.endDate,
    url: row.url,
    images,
    file: images[0]?.path ?? null,
    translations: translationsOf(row, byLang),
    active: row.startDate <= today && today <= row.endDate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

async function loadCampaign(db: Db, id: string, today: string): Promise<Campaign | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1)
  if (!row) return null
  return toCampaign(row, (await imagesOf(db, [id])).get(id) ?? {}, today)
}

export async function listCampaigns(ctx: Ctx, keyword: string | undefined, page: { limit: number; offset: number }) {
  const text = keyword?.trim()
  const where = text
    ? or(
        ilike(campaigns.code, `%${escapeLike(text)}%`),
        ilike(campaigns.name, `%${escapeLike(text)}%`),
        ilike(sql`${campaigns.translations}::text`, `%${escapeLike(text)}%`),
      )
    : undefined
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ value: count() }).from(campaigns).where(where),
  ])
  const today = utcDate(ctx.clock.now())
  const images = await imagesOf(
    ctx.db,
    rows.map((r) => r.id),
  )
  return { items: rows.map((r) => toCampaign(r, images.get(r.id) ?? {}, today)), total: total?.value ?? 0 }
}

/** The campaigns running today, each in `lang` where it has a banner in it, else in English. */
export async function activeCampaigns(ctx: Ctx, lang: Lang): Promise<ActiveCampaign[]> {
  const today = utcDate(ctx.clock.now())
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(and(lte(campaigns.startDate, today), gte(campaigns.endDate, today)))
    .orderBy(desc(campaigns.startDate), desc(campaigns.id))
    .limit(20)
  const images = await imagesOf(
    ctx.db,
    rows.map((r) => r.id),
  )
  return rows.flatMap((row) => {
    const byLang = images.get(row.id) ?? {}
    const read = inLanguage({ name: row.name, images: byLang.en ?? [] }, translationsOf(row, byLang), lang)
    const image = read.words.images[0]
    return image
      ? [
          {
            id: row.id,
            code: row.code,
            name: read.words.name,
            url: row.url,
            image: image.path,
            lang: read.lang,
            start_date: row.startDate,
            end_date: row.endDate,
          },
        ]
      : []
  })
}

/**
 * The images a campaign is to have must be campaign uploads that are loose or already this campaign's,
 * each in one language's list; they are locked so a parallel save cannot take the same image. Each
 * list comes back without repeats, in order.
 */
async function checkImages(db: Db, lists: ReturnType<typeof imageLists>, campaignId: string | null) {
  const checked = lists.map((list) => ({ ...list, ids: [...new Set(list.ids)] }))
  const all = checked.flatMap((list) => list.ids)
  const found = await db
    .select({ id: files.id, campaignId: campaignFiles.campaignId })
    .from(files)
    .leftJoin(campaignFiles, eq(campaignFiles.fileId, files.id))
    .where(and(inArray(files.id, all), eq(files.purpose, 'campaign')))
    .for('update', { of: files })
  const seen = new Set<string>()
  for (const { field, ids } of checked) {
    for (const id of ids) {
      const row = found.find((f) => f.id === id)
      if (!row) throw invalidField(field, 'campaigns.imageNotFound')
      if (row.campaignId && row.campaignId !== campaignId) throw invalidField(field, 'campaigns.imageInUse')
      if (seen.has(id)) throw invalidField(field, 'campaigns.imageRepeated')
      seen.add(id)
    }
  }
  return checked
}

async function setImages(db: Db, campaignId: string, lists: { lang: ImageLang; ids: string[] }[]) {
  const previous = await db
    .select({ fileId: campaignFiles.fileId })
    .from(campaignFiles)
    .where(eq(campaignFiles.campaignId, campaignId))
  await db.delete(campaignFiles).where(eq(campaignFiles.campaignId, campaignId))
  await db
    .insert(campaignFiles)
    .values(lists.flatMap(({ lang, ids }) => ids.map((fileId, position) => ({ campaignId, fileId, position, lang }))))
  // Images dropped from the campaign are deleted with their file (the campaign image delete call).
  const kept = new Set(lists.flatMap((list) => list.ids))
  const dropped = previous.map((p) => p.fileId).filter((id) => !kept.has(id))
  if (dropped.length > 0) await db.delete(files).where(inArray(files.id, dropped))
}

/** A campaign's image lists as stored, for a change that keeps all but some images. */
function listsOf(campaign: Campaign): { lang: ImageLang; ids: string[] }[] {
  return [
    { lang: 'en', ids: campaign.images.map((i) => i.id) },
    ...TRANSLATION_LANGS.flatMap((lang) => {
      const words = campaign.translations[lang]
      return words ? [{ lang, ids: words.images.map((i) => i.id) }] : []
    }),
  ]
}

function codeUsed(error: unknown): boolean {
  return pgCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'campaigns_code_key'
}

function auditView(c: Campaign) {
  return {
    code: c.code,
    name: c.name,
    start_date: c.start_date,
    end_date: c.end_date,
    url: c.url,
    images: c.images.map((i) => i.id),
    translations: Object.fromEntries(
      Object.entries(c.translations).map(([lang, words]) => [
        lang,
        { name: words.name, images: words.images.map((i) => i.id) },
      ]),
    ),
  }
}

export async function createCampaign(ctx: Ctx, meta: RequestMeta, actor: AuthUser, body: Body): Promise<Campaign> {
  const now = ctx.clock.now()
  const today = utcDate(now)
  try {
    return await ctx.db.transaction(async (tx) => {
      const lists = await checkImages(tx, imageLists(body), null)
      const id = newId('cmp', now.getTime())
      await tx.insert(campaigns).values({
        id,
        code: body.code,
        name: body.name,
        startDate: body.start_date,
        endDate: body.end_date,
        url: body.url,
        translations: translationNames(body),
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      await setImages(tx, id, lists)
      const campaign = await loadCampaign(tx, id, today)
      if (!campaign) throw new Error('campaign insert lost')
      await writeAudit(
        tx,
        actor,
        meta,
        { action: 'campaigns.create', targetType: 'campaign', targetId: id, after: auditView(campaign) },
        now,
      )
      return campaign
    })
  } catch (error) {
    if (codeUsed(error)) throw conflict(ErrorCode.CampaignCodeUsed, 'campaigns.codeUsed')
    throw error
  }
}

export async function updateCampaign(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  id: string,
  body: Body,
): Promise<Campaign> {
  const now = ctx.clock.now()
  const today = utcDate(now)
  try {
    return await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update')
      if (!locked) throw notFound('campaigns.notFound')
      const before = await loadCampaign(tx, id, today)
      const lists = await checkImages(tx, imageLists(body), id)
      await tx
        .update(campaigns)
        .set({
          code: body.code,
          name: body.name,
          startDate: body.start_date,
          endDate: body.end_date,
          url: body.url,
          translations: translationNames(body),
          updatedAt: now,
        })
        .where(eq(campaigns.id, id))
      await setImages(tx, id, lists)
      const campaign = await loadCampaign(tx, id, today)
      if (!campaign || !before) throw new Error('campaign update lost')
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: 'campaigns.update',
          targetType: 'campaign',
          targetId: id,
          before: auditView(before),
          after: auditView(campaign),
        },
        now,
      )
      return campaign
    })
  } catch (error) {
    if (codeUsed(error)) throw conflict(ErrorCode.CampaignCodeUsed, 'campaigns.codeUsed')
    throw error
  }
}

export async function deleteCampaign(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string) {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const before = await loadCampaign(tx, id, utcDate(now))
    if (!before) throw notFound('campaigns.notFound')
    const imageIds = listsOf(before).flatMap((list) => list.ids)
    await tx.delete(campaigns).where(eq(campaigns.id, id))
    if (imageIds.length > 0) await tx.delete(files).where(inArray(files.id, imageIds))
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'campaigns.delete', targetType: 'campaign', targetId: id, before: auditView(before) },
      now,
    )
  })
}

/** Deletes an uploaded campaign image that no campaign lists. */
export async function deleteLooseImage(ctx: Ctx, meta: RequestMeta, actor: AuthUser, fileId: string) {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: files.id, campaignId: campaignFiles.campaignId })
      .from(files)
      .leftJoin(campaignFiles, eq(campaignFiles.fileId, files.id))
      .where(and(eq(files.id, fileId), eq(files.purpose, 'campaign')))
      .for('update', { of: files })
    if (!row) throw notFound('campaigns.imageNotFound')
    if (row.campaignId) throw conflict(ErrorCode.CampaignImageInUse, 'campaigns.imageInUse')
    await tx.delete(files).where(eq(files.id, fileId))
    await writeAudit(tx, actor, meta, { action: 'campaigns.deleteImage', targetType: 'file', targetId: fileId }, now)
  })
}

/**
 * Removes one image from its campaign's file list and deletes it; a campaign keeps at least one image
 * in English and in each language it has a banner in.
 */
export async function deleteImageAndCampaignFile(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  fileId: string,
): Promise<Campaign> {
  const now = ctx.clock.now()
  const today = utcDate(now)
  return ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .select({ campaignId: campaignFiles.campaignId })
      .from(campaignFiles)
      .where(eq(campaignFiles.fileId, fileId))
      .limit(1)
    if (!link) throw notFound('campaigns.imageNotFound')
    await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, link.campaignId)).for('update')
    const before = await loadCampaign(tx, link.campaignId, today)
    if (!before) throw notFound('campaigns.notFound')
    const lists = listsOf(before)
    const list = lists.find((l) => l.ids.includes(fileId))
    if (!list || list.ids.length <= 1) throw refused(ErrorCode.CampaignLastImage, 'campaigns.lastImage')
    await setImages(
      tx,
      link.campaignId,
      lists.map((l) => ({ ...l, ids: l.ids.filter((id) => id !== fileId) })),
    )
    await tx.update(campaigns).set({ updatedAt: now }).where(eq(campaigns.id, link.campaignId))
    const after = await loadCampaign(tx, link.campaignId, today)
    if (!after) throw new Error('campaign lost')
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'campaigns.deleteImageAndFile',
        targetType: 'campaign',
        targetId: link.campaignId,
        before: auditView(before),
        after: auditView(after),
      },
      now,
    )
    return after
  })
}

/** Loose campaign uploads older than a day are deleted (a form closed without saving); how many. */
export async function sweepLooseImages(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - 86_400_000)
  const used = db.select({ id: campaignFiles.fileId }).from(campaignFiles)
  const deleted = await db
    .delete(files)
    .where(and(eq(files.purpose, 'campaign'), lte(files.createdAt, cutoff), notInArray(files.id, used)))
    .returning({ id: files.id })
  return deleted.length
}
