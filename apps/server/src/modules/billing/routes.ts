import { PassThrough } from 'node:stream'
import * as contract from '@app/contract'
import { formatCents } from '@app/contract'
import type { Ctx } from '../../context.ts'
import { requestLang } from '../../http/lang.ts'
import { pageParams } from '../../http/paging.ts'
import { ok, routes, sessionOf } from '../../http/routes.ts'
import { writeAudit } from '../audit/audit.ts'
import { readSeller, toSeller } from '../settings/seller.ts'
import { billPdf, billXlsx, exportBillsXlsx } from './files.ts'
import { assertMonthClosed, generateBills } from './generate.ts'
import * as notices from './notices.ts'
import * as queries from './queries.ts'
import * as service from './service.ts'

// Bills (docs/billing.md). Customers see their own bills; admins anyone's (packages/contract/src/access.ts);
// someone else's bill is "not found" to a customer and refused (403) to support.

/** The seller the bill was made with, or the current setting for a bill made before it was kept. */
async function sellerOf(ctx: Ctx, row: queries.BillWithUser) {
  return row.bill.seller ? toSeller(row.bill.seller) : readSeller(ctx.db)
}

export const billingRoutes = routes((r) => {
  r.on(contract.listBills, async ({ ctx, user, query }) => {
    const paging = pageParams(query)
    // The guard has checked that the caller may name this user (packages/contract/src/access.ts).
    const { rows, total } = await queries.listUserBills(ctx.db, query.user_id ?? user.id, {
      limit: paging.pageSize,
      offset: paging.offset,
    })
    return { items: rows.map(queries.toBill), total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.getBill, async ({ ctx, actFor, params }) =>
    queries.toBillDetail(await service.billFor(ctx.db, actFor, params.id)),
  )

  r.on(contract.billDownloadToken, async ({ ctx, user, actFor, params }) =>
    service.issueDownloadToken(ctx, user, actFor, params.id),
  )

  r.on(contract.billXlsx, async ({ ctx, req, reply, params, query }) => {
    const row = await service.billForFile(ctx, contract.billXlsx, params.id, query.token, () => sessionOf(ctx, req))
    const file = await billXlsx(queries.toBillDetail(row), query.lang ?? requestLang(req), await sellerOf(ctx, row))
    return reply
      .code(200)
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${row.bill.code}.xlsx"`)
      .send(file)
  })

  r.on(contract.billPdf, async ({ ctx, req, reply, params, query }) => {
    const row = await service.billForFile(ctx, contract.billPdf, params.id, query.token, () => sessionOf(ctx, req))
    const file = await billPdf(queries.toBillDetail(row), query.lang ?? requestLang(req), await sellerOf(ctx, row))
    return reply
      .code(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${row.bill.code}.pdf"`)
      .send(file)
  })

  r.on(contract.listAllBills, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { rows, total } = await queries.listAllBills(ctx.db, filterOf(query), {
      limit: paging.pageSize,
      offset: paging.offset,
    })
    return { items: rows.map(queries.toBill), total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.exportBills, async ({ ctx, req, reply, user, query, meta }) => {
    const filter = filterOf(query)
    const rows = await queries.countAllBills(ctx.db, filter)
    await writeAudit(
      ctx.db,
      user,
      meta,
      { action: 'billing.export', targetType: 'bill', after: { ...query, rows } },
      ctx.clock.now(),
    )
    const stream = new PassThrough()
    exportBillsXlsx(ctx.db, filter, query.lang ?? requestLang(req), stream).catch((error: Error) => {
      req.log.error({ err: error }, 'bill export failed')
      stream.destroy(error)
    })
    const now = ctx.clock.now().toISOString().slice(0, 10)
    return reply
      .code(200)
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="bills-${now}.xlsx"`)
      .send(stream)
  })

  r.on(contract.setBillPaid, async ({ ctx, meta, user, params, body }) => {
    const paid = body?.paid ?? true
    const bill = await service.setPaid(ctx, meta, user, params.id, paid)
    return ok(bill, paid ? 'billing.paidSet' : 'billing.unpaidSet')
  })

  r.on(contract.emailBill, async ({ ctx, meta, user, params }) => {
    const bill = await notices.emailBillAgain(ctx, meta, user, params.id)
    return ok(bill, 'billing.emailed', { email: bill.user_email })
  })

  r.on(contract.countBillsByMonth, async ({ ctx, query }) => {
    const counts = await queries.monthCounts(ctx.db, query.year, query.month)
    return {
      month: query.month,
      year: query.year,
      count: counts.count,
      paid: counts.paid,
      unpaid: counts.unpaid,
      total: formatCents(counts.total),
      paid_total: formatCents(counts.paidTotal),
      unpaid_total: formatCents(counts.unpaidTotal),
    }
  })

  r.on(contract.requestVat, async ({ ctx, actFor, params, body }) =>
    ok(await service.requestVat(ctx, actFor, params.id, body), 'billing.vatSent'),
  )

  r.on(contract.generateBills, async ({ ctx, meta, user, body }) => {
    assertMonthClosed(ctx.clock.now(), body.year, body.month)
    const run = await generateBills(ctx, { year: body.year, month: body.month, trigger: 'admin', actor: user.id })
    // Each new bill is e-mailed to its customer by the job (modules/billing/notices.ts).
    if (run.created > 0) ctx.jobs.trigger('bills-notify')
    await writeAudit(
      ctx.db,
      user,
      meta,
      {
        action: 'billing.generate',
        targetType: 'billing_run',
        targetId: `${body.year}-${String(body.month).padStart(2, '0')}`,
        after: run,
      },
      ctx.clock.now(),
    )
    return ok(run, 'billing.generated', { created: run.created, skipped: run.skipped })
  })

  r.on(contract.listBillingRuns, async ({ ctx }) => queries.listBillingRuns(ctx.db))

  r.on(contract.billEstimate, async ({ ctx, user, query }) =>
    service.estimate(ctx.db, query.user_id ?? user.id, ctx.clock.now()),
  )
})

function filterOf(query: {
  keyword?: string | undefined
  month?: number | undefined
  year?: number | undefined
  filters: queries.BillFilter['filters']
  sort_by: queries.BillFilter['sortBy']
  sort_mode: queries.BillFilter['sortMode']
}): queries.BillFilter {
  return {
    keyword: query.keyword,
    month: query.month,
    year: query.year,
    filters: query.filters,
    sortBy: query.sort_by,
    sortMode: query.sort_mode,
  }
}
