import { PassThrough } from 'node:stream'
import * as contract from '@app/contract'
import { requestLang } from '../../http/lang.ts'
import { pageParams } from '../../http/paging.ts'
import { routes } from '../../http/routes.ts'
import { writeAudit } from './audit.ts'
import { exportAuditCsv, exportAuditXlsx } from './export.ts'
import * as queries from './queries.ts'

// /administrator/logs (admin and support, docs/requirements.md §2.4, §17.1): read and export the audit log. There is no
// call that changes or deletes a row.

export const auditRoutes = routes((r) => {
  r.on(contract.listAuditLog, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await queries.listAuditEntries(ctx.db, query, {
      limit: paging.pageSize,
      offset: paging.offset,
    })
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.auditLogActions, async ({ ctx }) => queries.listAuditActions(ctx.db))

  r.on(contract.exportAuditLog, async ({ ctx, req, reply, user, query, meta }) => {
    const { format, lang: asked, ...filter } = query
    const lang = asked ?? (requestLang(req) === 'vi' ? 'vi' : 'en')
    const rows = await queries.countAuditEntries(ctx.db, filter)
    // Who took a copy of the log, and of which part, is itself worth knowing.
    await writeAudit(
      ctx.db,
      user,
      meta,
      { action: 'logs.export', targetType: 'audit_log', after: { ...filter, format, rows } },
      ctx.clock.now(),
    )
    const stream = new PassThrough()
    const write = format === 'xlsx' ? exportAuditXlsx : exportAuditCsv
    write(ctx.db, filter, lang, stream).catch((error: Error) => {
      req.log.error({ err: error }, 'audit log export failed')
      stream.destroy(error)
    })
    const day = ctx.clock.now().toISOString().slice(0, 10)
    return reply
      .code(200)
      .header(
        'content-type',
        format === 'xlsx'
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : 'text/csv; charset=utf-8',
      )
      .header('content-disposition', `attachment; filename="audit-log-${day}.${format}"`)
      .send(stream)
  })
})
