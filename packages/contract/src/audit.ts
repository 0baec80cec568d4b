import { z } from 'zod'
import { IsoDateTime, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { STAFF_ROLES } from './roles.ts'

// The audit log (/administrator/logs, admin and support; docs/requirements.md §17.1: every admin or
// support action that changes data writes a row: who, what, target, before/after, when). Rows are
// written by the features themselves; here they are only read and exported: no call edits or deletes one.

const tag = 'Audit'

export { AUDIT_ACTIONS, type AuditAction } from './audit-actions.ts'

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalid' })

/** The filters the list and the export share. `from` and `to` are UTC days, both included. */
export const AuditFilters = {
  keyword: z.string().trim().max(255).optional(),
  /** Part of the actor's e-mail, or an actor id. */
  actor: z.string().trim().max(255).optional(),
  /** An action (`coupons.create`) or its feature (`coupons`). */
  action: z.string().trim().max(100).optional(),
  target_type: z.string().trim().max(100).optional(),
  target_id: z.string().trim().max(100).optional(),
  from: Day.optional(),
  to: Day.optional(),
}

const checkRange = (query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (query.from && query.to && query.from > query.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'audit.dateRangeInvalid' })
}

export const AuditEntry = z.object({
  id: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** The actor's name as it is now (null for the system or a deleted account). */
  actor_name: z.string().nullable(),
  /** For a row about an account (`target_type` user): its owner's name and e-mail as they are now. */
  target_name: z.string().nullable(),
  target_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: IsoDateTime,
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const listAuditLog = endpoint({
  method: 'GET',
  path: '/v1/logs',
  roles: STAFF_ROLES,
  tag,
  summary: 'Audit-log rows, newest first, filtered by keyword, actor, action, target and date range.',
  query: z.strictObject({ ...pageQueryFields, ...AuditFilters }).superRefine(checkRange),
  data: pageOf(AuditEntry),
})

export const auditLogActions = endpoint({
  method: 'GET',
  path: '/v1/logs/actions',
  roles: STAFF_ROLES,
  tag,
  summary: 'The actions the log holds, for the action filter.',
  data: z.array(z.object({ action: z.string(), count: z.number().int() })),
})

export const exportAuditLog = endpoint({
  method: 'GET',
  path: '/v1/logs/export',
  roles: STAFF_ROLES,
  tag,
  summary:
    'The rows the filters select (every page, at most 100,000) as CSV or XLSX; cells that could run as formulas are neutralised.',
  query: z
    .strictObject({
      ...AuditFilters,
      format: z.enum(['csv', 'xlsx']).default('csv'),
      lang: z.enum(['en', 'vi']).optional(),
    })
    .superRefine(checkRange),
  raw: true,
  data: z.string(),
})
