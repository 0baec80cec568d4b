import * as contract from '@app/contract'
import { notFound } from '../../http/errors.ts'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import { readUploadBuffer, storeImage } from '../files/files.ts'
import * as queries from './queries.ts'
import * as service from './service.ts'

// /administrator/faqs (staff keep categories and entries) and /faqs (published entries).

export const faqRoutes = routes((r) => {
  r.on(contract.listFaqCategories, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await queries.listCategories(ctx.db, query.keyword || undefined, {
      limit: paging.pageSize,
      offset: paging.offset,
    })
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.createFaqCategory, async ({ ctx, meta, user, body }) =>
    ok(await service.createCategory(ctx, meta, user, body), 'faqs.categoryCreated'),
  )

  r.on(contract.updateFaqCategory, async ({ ctx, meta, user, params, body }) =>
    ok(await service.renameCategory(ctx, meta, user, params.id, body), 'faqs.categoryUpdated'),
  )

  r.on(contract.deleteFaqCategory, async ({ ctx, meta, user, params }) => {
    await service.deleteCategory(ctx, meta, user, params.id)
    return ok(null, 'faqs.categoryDeleted')
  })

  r.on(contract.listFaqs, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await queries.listFaqs(
      ctx.db,
      { keyword: query.keyword || undefined, categoryId: query.category_id, status: query.status },
      { limit: paging.pageSize, offset: paging.offset },
    )
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.publishedFaqs, async ({ ctx, meta, query }) =>
    queries.listPublished(
      ctx.db,
      { keyword: query.keyword || undefined, categoryId: query.category_id },
      query.limit,
      meta.lang,
    ),
  )

  r.on(contract.getFaq, async ({ ctx, params }) => {
    const faq = await queries.findFaq(ctx.db, params.id)
    if (!faq) throw notFound('faqs.notFound')
    return faq
  })

  r.on(contract.createFaq, async ({ ctx, meta, user, body }) =>
    ok(await service.createFaq(ctx, meta, user, body), 'faqs.created'),
  )

  r.on(contract.updateFaq, async ({ ctx, meta, user, params, body }) =>
    ok(await service.updateFaq(ctx, meta, user, params.id, body), 'faqs.updated'),
  )

  r.on(contract.deleteFaq, async ({ ctx, meta, user, params }) => {
    await service.deleteFaq(ctx, meta, user, params.id)
    return ok(null, 'faqs.deleted')
  })

  r.on(contract.uploadFaqImage, async ({ ctx, user, file }) => {
    const data = await readUploadBuffer(file, 'support.imageTooLarge')
    const image = await storeImage(ctx.db, { ownerId: user.id, purpose: 'faq', data, now: ctx.clock.now() })
    return ok({ path: image.path }, 'support.imageUploaded')
  })
})
