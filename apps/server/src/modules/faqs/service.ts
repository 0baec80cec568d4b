import type {
  BodyOf,
  createFaqCategory as createFaqCategoryEndpoint,
  createFaq as createFaqEndpoint,
  Faq,
  FaqCategory,
  FaqTranslations,
} from '@app/contract'
import { ErrorCode } from '@app/contract'
import { count, eq } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { PG_UNIQUE_VIOLATION, pgCode } from '../../db/client.ts'
import { faqCategories, faqs } from '../../db/schema/index.ts'
import { conflict, invalidField, notFound, refused } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { checkOwnImages } from '../support/service.ts'
import { findCategory, findFaq } from './queries.ts'

// FAQs (docs/requirements.md §15.2): staff keep categories (unique names, whatever the case) and
// entries; each change is audit-logged. The one who writes an entry's answer is its "answered by".

type FaqBody = BodyOf<typeof createFaqEndpoint>
type CategoryBody = BodyOf<typeof createFaqCategoryEndpoint>

const categoryExists = () => conflict(ErrorCode.CategoryExists, 'faqs.categoryExists')

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw categoryExists()
    throw error
  }
}

export async function createCategory(ctx: Ctx, meta: RequestMeta, actor: AuthUser, body: CategoryBody) {
  const now = ctx.clock.now()
  const id = newId('fqc', now.getTime())
  const { name, translations = {} } = body
  await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      await tx.insert(faqCategories).values({ id, name, translations, createdAt: now, updatedAt: now })
      await writeAudit(
        tx,
        actor,
        meta,
        { action: 'faqs.category.create', targetType: 'faq_category', targetId: id, after: { name, translations } },
        now,
      )
    }),
  )
  return (await findCategory(ctx.db, id)) as FaqCategory
}

export async function renameCategory(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string, body: CategoryBody) {
  const now = ctx.clock.now()
  const { name, translations = {} } = body
  await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(faqCategories).where(eq(faqCategories.id, id)).for('update')
      if (!before) throw notFound('faqs.categoryNotFound')
      await tx.update(faqCategories).set({ name, translations, updatedAt: now }).where(eq(faqCategories.id, id))
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: 'faqs.category.update',
          targetType: 'faq_category',
          targetId: id,
          before: { name: before.name, translations: before.translations },
          after: { name, translations },
        },
        now,
      )
    }),
  )
  return (await findCategory(ctx.db, id)) as FaqCategory
}

export async function deleteCategory(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string) {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(faqCategories).where(eq(faqCategories.id, id)).for('update')
    if (!before) throw notFound('faqs.categoryNotFound')
    const [held] = await tx.select({ value: count() }).from(faqs).where(eq(faqs.categoryId, id))
    if ((held?.value ?? 0) > 0)
      throw refused(ErrorCode.CategoryInUse, 'faqs.categoryInUse', { count: held?.value ?? 0 })
    await tx.delete(faqCategories).where(eq(faqCategories.id, id))
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'faqs.category.delete', targetType: 'faq_category', targetId: id, before: { name: before.name } },
      now,
    )
  })
}

async function getFaq(ctx: Ctx, id: string): Promise<Faq> {
  const faq = await findFaq(ctx.db, id)
  if (!faq) throw notFound('faqs.notFound')
  return faq
}

async function checkCategory(db: Ctx['db'], id: string) {
  const [row] = await db.select({ id: faqCategories.id }).from(faqCategories).where(eq(faqCategories.id, id))
  if (!row) throw invalidField('category_id', 'faqs.categoryNotFound')
}

/** The answers of each language, in a fixed order: a changed one makes the editor its author. */
const answers = (translations: FaqTranslations) => [translations.my?.answer ?? null, translations.vi?.answer ?? null]

const snapshot = (body: FaqBody) => ({
  category_id: body.category_id,
  title: body.title,
  question: body.question,
  answer: body.answer,
  images: body.images,
  translations: body.translations,
  status: body.status,
})

export async function createFaq(ctx: Ctx, meta: RequestMeta, actor: AuthUser, body: FaqBody): Promise<Faq> {
  const now = ctx.clock.now()
  const id = newId('faq', now.getTime())
  await ctx.db.transaction(async (tx) => {
    await checkCategory(tx, body.category_id)
    await checkOwnImages(tx, actor.id, body.images, 'faq')
    await tx.insert(faqs).values({
      id,
      categoryId: body.category_id,
      title: body.title,
      question: body.question,
      answer: body.answer,
      images: [...new Set(body.images)],
      translations: body.translations,
      status: body.status,
      answeredBy: actor.id,
      answeredAt: now,
      createdAt: now,
      updatedAt: now,
    })
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'faqs.create', targetType: 'faq', targetId: id, after: snapshot(body) },
      now,
    )
  })
  return getFaq(ctx, id)
}

export async function updateFaq(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string, body: FaqBody): Promise<Faq> {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(faqs).where(eq(faqs.id, id)).for('update')
    if (!before) throw notFound('faqs.notFound')
    await checkCategory(tx, body.category_id)
    // Images already on the entry stay valid whoever uploaded them; new ones must be the editor's.
    await checkOwnImages(
      tx,
      actor.id,
      body.images.filter((path) => !before.images.includes(path)),
      'faq',
    )
    const answerChanged =
      before.answer !== body.answer ||
      JSON.stringify(answers(before.translations)) !== JSON.stringify(answers(body.translations))
    await tx
      .update(faqs)
      .set({
        categoryId: body.category_id,
        title: body.title,
        question: body.question,
        answer: body.answer,
        images: [...new Set(body.images)],
        translations: body.translations,
        status: body.status,
        ...(answerChanged ? { answeredBy: actor.id, answeredAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(faqs.id, id))
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'faqs.update',
        targetType: 'faq',
        targetId: id,
        before: {
          category_id: before.categoryId,
          title: before.title,
          question: before.question,
          answer: before.answer,
          images: before.images,
          translations: before.translations,
          status: before.status,
        },
        after: snapshot(body),
      },
      now,
    )
  })
  return getFaq(ctx, id)
}

export async function deleteFaq(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string) {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(faqs).where(eq(faqs.id, id)).for('update')
    if (!before) throw notFound('faqs.notFound')
    await tx.delete(faqs).where(eq(faqs.id, id))
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'faqs.delete',
        targetType: 'faq',
        targetId: id,
        before: { title: before.title, status: before.status },
      },
      now,
    )
  })
}
