import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { call, download } from '../../api/client.ts'

// The audit log's calls: read and export only (the log cannot be changed through the product).

export const AUDIT_PAGE_SIZE = 20

export interface AuditFilters {
  keyword: string
  actor: string
  action: string
  from: string
  to: string
  page: number
  /** What the rows are about (one account's trail: `user` and its id). */
  targetType?: string
  targetId?: string
}

function filtersQuery(f: Omit<AuditFilters, 'page'>) {
  return {
    ...(f.targetType ? { target_type: f.targetType } : {}),
    ...(f.targetId ? { target_id: f.targetId } : {}),
    ...(f.keyword ? { keyword: f.keyword } : {}),
    ...(f.actor ? { actor: f.actor } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  }
}

export const auditLogQuery = (f: AuditFilters, pageSize: number) =>
  queryOptions({
    queryKey: ['audit', 'list', { ...f, pageSize }],
    queryFn: async () =>
      (await call(contract.listAuditLog, { query: { page: f.page, page_size: pageSize, ...filtersQuery(f) } })).data,
    placeholderData: keepPreviousData,
  })

export const auditActionsQuery = () =>
  queryOptions({
    queryKey: ['audit', 'actions'],
    queryFn: async () => (await call(contract.auditLogActions)).data,
  })

export function useExportAuditLog() {
  return useMutation({
    mutationFn: ({ filters, format, lang }: { filters: AuditFilters; format: 'csv' | 'xlsx'; lang: 'en' | 'vi' }) =>
      download(
        contract.exportAuditLog,
        { query: { ...filtersQuery(filters), format, lang } },
        `audit-log-${new Date().toISOString().slice(0, 10)}.${format}`,
      ),
    meta: { silent: true },
  })
}
