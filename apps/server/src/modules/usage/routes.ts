import * as contract from '@app/contract'
import { accessOf, formatCents, hasAnyRole, type Role, translate } from '@app/contract'
import { requestLang } from '../../http/lang.ts'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import { CSV_BOM, csvLine } from '../../lib/csv.ts'
import { writeAudit } from '../audit/audit.ts'
import { billTotals, monthIndex } from '../billing/queries.ts'
import { askToMeasureCaps } from '../keys/caps.ts'
import { recordUsage } from './ingest.ts'
import * as stats from './stats.ts'

export const usageRoutes = routes((r) => {
  r.on(contract.gatewayUsage, async ({ ctx, body }) => {
    const started = performance.now()
    const result = await recordUsage(ctx, body)
    if (!result.replayed) {
      let oldest = Number.POSITIVE_INFINITY
      for (const event of body.events) {
        const at = typeof event.at === 'number' ? event.at : Date.parse(event.at)
        if (at < oldest) oldest = at
      }
      const lag = Number.isFinite(oldest) ? (ctx.clock.now().getTime() - oldest) / 1000 : null
      ctx.metrics.usageBatch(result.accepted, (performance.now() - started) / 1000, lag)
      if (result.accepted > 0) askToMeasureCaps(ctx)
    }
    return ok(result, result.replayed ? 'usage.replayed' : 'usage.recorded')
  })

  r.on(contract.hitsAllUsers, async ({ ctx, query }) => {
    const range = stats.parseRange(query.start_at, query.end_at)
    return stats.usageSeries(ctx.db, {}, range, stats.unitFor(range, query.perTime))
  })

  r.on(contract.hitsOneUser, async ({ ctx, user, query }) => {
    const range = stats.parseRange(query.start_at, query.end_at)
    const unit = stats.unitFor(range, query.perTime)
    if (query.key_id) await stats.assertKeyOf(ctx.db, user.id, query.key_id)
    return stats.usageSeries(ctx.db, { userId: user.id, ...(query.key_id ? { keyId: query.key_id } : {}) }, range, unit)
  })

  r.on(contract.hitsOneUserByUserId, async ({ ctx, user, query }) => {
    const range = stats.parseRange(query.start_at, query.end_at)
    const unit = stats.unitFor(range, query.perTime)
    const owner = await stats.whose(ctx.db, user, query)
    if (query.key_id) await stats.assertKeyOf(ctx.db, owner.id, query.key_id)
    const series = await stats.usageSeries(
      ctx.db,
      { userId: owner.id, ...(query.key_id ? { keyId: query.key_id } : {}) },
      range,
      unit,
    )
    return { ...series, user: owner }
  })

  r.on(contract.hitsOneUserPerMonth, async ({ ctx, user, query }) => {
    const owner = await stats.whose(ctx.db, user, query)
    return stats.monthSummary(ctx.db, owner.id, ctx.clock.now())
  })

  r.on(contract.billingUsage, async ({ ctx, user, query }) => {
    const owner = await stats.whose(ctx.db, user, query)
    // The bills of the months the range touches: the user's, or everyone's for a caller naming nobody
    // who may read every bill (the billing manager's roles: admins), never support.
    const everyone =
      hasAnyRole(user.roles, accessOf(contract.listAllBills).roles as readonly Role[]) &&
      query.user_id === undefined &&
      query.email === undefined
    const [byService, bills] = await Promise.all([
      stats.hitsBetweenDates(ctx.db, owner.id, query.start_date, query.end_date),
      billTotals(ctx.db, {
        ...(everyone ? {} : { userId: owner.id }),
        from: monthIndex(new Date(`${query.start_date}T00:00:00Z`)),
        to: monthIndex(new Date(`${query.end_date}T00:00:00Z`)),
      }),
    ])
    return {
      start_date: query.start_date,
      end_date: query.end_date,
      by_service: byService,
      bills: {
        count: bills.count,
        billed: formatCents(bills.billed),
        paid: formatCents(bills.paid),
        unpaid: formatCents(bills.unpaid),
      },
    }
  })

  r.on(contract.recentRequests, async ({ ctx, user, query }) => {
    const owner = await stats.whose(ctx.db, user, query)
    const month = stats.monthOf(ctx.clock.now(), query.year, query.month)
    const items = await stats.recentRequests(ctx.db, owner.id, month, {
      beforeSeq: query.nextId !== undefined ? Number(query.nextId) : undefined,
      // One more than asked, to know whether a next page exists.
      limit: query.pageSize + 1,
    })
    const more = items.length > query.pageSize
    const page = more ? items.slice(0, query.pageSize) : items
    return {
      items: page,
      next_id: more ? (page.at(-1)?.id ?? null) : null,
      next_page: more ? (query.nextPage ?? 1) + 1 : null,
    }
  })

  r.on(contract.recentRequestsCount, async ({ ctx, user, query }) => {
    const owner = await stats.whose(ctx.db, user, query)
    const count = await stats.countRecentRequests(
      ctx.db,
      owner.id,
      stats.monthOf(ctx.clock.now(), query.year, query.month),
    )
    return { count, exportable: Math.min(count, contract.MAX_USAGE_EXPORT_ROWS) }
  })

  r.on(contract.exportUsageCsv, async ({ ctx, user, query, req, reply, meta }) => {
    const owner = await stats.whose(ctx.db, user, query)
    const month = stats.monthOf(ctx.clock.now(), query.year, query.month)
    const rows = await stats.recentRequests(ctx.db, owner.id, month, { limit: query.size, offset: query.from })
    // Staff taking a copy of a customer's request log (paths, times, keys) leaves a trace.
    if (owner.id !== user.id) {
      await writeAudit(
        ctx.db,
        user,
        meta,
        {
          action: 'usage.export',
          targetType: 'user',
          targetId: owner.id,
          after: { year: month.start.getUTCFullYear(), month: month.start.getUTCMonth() + 1, rows: rows.length },
        },
        ctx.clock.now(),
      )
    }
    const lang = query.lang ?? requestLang(req)
    const heading = (
      [
        'usage.csv.time',
        'usage.csv.key',
        'usage.csv.keyId',
        'usage.csv.service',
        'usage.csv.path',
        'usage.csv.status',
        'usage.csv.latency',
        'usage.csv.count',
      ] as const
    ).map((key) => translate(lang, key))
    let body = CSV_BOM + csvLine(heading)
    for (const row of rows) {
      body += csvLine([row.at, row.key_name, row.key_id, row.service, row.path, row.status, row.latency_ms, row.count])
    }
    const stamp = `${month.start.getUTCFullYear()}-${String(month.start.getUTCMonth() + 1).padStart(2, '0')}`
    return reply
      .code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="usage-${stamp}.csv"`)
      .send(body)
  })

  r.on(contract.hitsPerUser, async ({ ctx, query }) => {
    const range = stats.parseRange(query.start_at, query.end_at)
    const paging = pageParams(query)
    const { items, total } = await stats.usagePerUser(ctx.db, range, {
      keyword: query.keyword,
      limit: paging.pageSize,
      offset: paging.offset,
    })
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.keyHealth, async ({ ctx, user, query }) => {
    const owner = await stats.whose(ctx.db, user, query)
    return stats.keyHealth(ctx.db, owner.id, stats.parseRange(query.start_at, query.end_at))
  })

  r.on(contract.overview, async ({ ctx, query }) => {
    const range = stats.parseRange(query.start_at, query.end_at)
    const [figures, usage, top] = await Promise.all([
      stats.overviewFigures(ctx.db, range, ctx.clock.now()),
      stats.usageSeries(ctx.db, {}, range, stats.unitFor(range, undefined)),
      stats.usagePerUser(ctx.db, range, { limit: 5, offset: 0 }),
    ])
    return {
      ...figures,
      api_requests: usage.totals.api_requests,
      map_loads: usage.totals.map_loads,
      usage,
      top_users: top.items,
    }
  })
})
