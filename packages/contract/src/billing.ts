import { z } from 'zod'
import { Id, IdParams, IsoDateTime, Money, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { checkVatCompanyAddress, checkVatCompanyName, checkVatEmail, checkVatTaxCode } from './fields.ts'
import { refineWith } from './problem.ts'
import { ADMIN_ONLY, ALL_ROLES } from './roles.ts'
import { SERVICE_TYPES } from './services.ts'

// Bills (docs/requirements.md §9, docs/billing.md). A bill is generated once per user and closed month
// and is a snapshot: its lines keep the rates, free allowances and tiers it was priced with.

const tag = 'Bills'

export const BillTier = z.object({
  request_from: z.number().int(),
  request_to: z.number().int(),
  rate: z.string(),
  rate_per_1000: Money,
  requests: z.number().int(),
  /** Exact, before the line's one rounding to cents (up to 8 decimal places). */
  amount: z.string(),
})

export const BillLine = z.object({
  service: z.enum(SERVICE_TYPES),
  hits: z.number().int(),
  /** Free requests of the month, as priced. */
  free: z.number().int(),
  /** Requests charged: hits above the free allowance. */
  billable: z.number().int(),
  /** The user's private rate rather than the common one. */
  private: z.boolean(),
  tiers: z.array(BillTier),
  subtotal: Money,
})
export type BillLine = z.infer<typeof BillLine>

export const VatInfo = z.object({
  company_name: z.string(),
  company_address: z.string(),
  tax_code: z.string(),
  email: z.string(),
  requested_at: IsoDateTime,
})

export const Bill = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  user_name: z.string(),
  code: z.string(),
  month: z.number().int(),
  year: z.number().int(),
  bill_date: IsoDateTime,
  billed_from: z.string(),
  billed_to: z.string(),
  amount_before_discount: Money,
  discount_percent: z.string(),
  discount: Money,
  /** After the discount, before the free credit. */
  amount: Money,
  free_credit: Money,
  total: Money,
  /** VND per USD on the bill's date. */
  exchange_rate: z.string(),
  total_vnd: z.string(),
  transfer_content: z.string(),
  paid: z.boolean(),
  paid_at: IsoDateTime.nullable(),
  vat_requested: z.boolean(),
  /** When the bill was last e-mailed to its customer (after the bill run, or sent again); null: never. */
  emailed_at: IsoDateTime.nullable(),
})
export type Bill = z.infer<typeof Bill>

export const BillDetail = Bill.extend({
  is_new: z.boolean(),
  lines: z.array(BillLine),
  vat_request: VatInfo.nullable(),
})
export type BillDetail = z.infer<typeof BillDetail>

export const listBills = endpoint({
  method: 'GET',
  path: '/v1/bills',
  roles: ALL_ROLES,
  tag,
  summary: "A user's bills, newest month first (customers their own; staff name `user_id`).",
  query: z.strictObject({ user_id: Id.optional(), ...pageQueryFields }),
  data: pageOf(Bill),
})

export const getBill = endpoint({
  method: 'GET',
  path: '/v1/bills/{id}',
  roles: ALL_ROLES,
  tag,
  summary: 'One bill with its lines, tiers and VAT request.',
  params: IdParams,
  data: BillDetail,
})

export const billDownloadToken = endpoint({
  method: 'GET',
  path: '/v1/bills/{id}/download-token',
  roles: ALL_ROLES,
  tag,
  summary: "A 5-minute token for this bill's files, for links that cannot send a header (`?token=`).",
  params: IdParams,
  data: z.object({ token: z.string(), expires_at: IsoDateTime }),
})

const FileQuery = z.strictObject({
  /** A download token of this bill (see download-token); otherwise the Authorization header. */
  token: z.string().max(2048).optional(),
  lang: z.enum(['en', 'my', 'vi']).optional(),
})

export const billXlsx = endpoint({
  method: 'GET',
  path: '/v1/bills/{id}/files',
  roles: 'public',
  tag,
  summary: 'The bill as an XLSX workbook (Authorization header or `?token`).',
  params: IdParams,
  query: FileQuery,
  raw: true,
  data: z.string(),
})

export const billPdf = endpoint({
  method: 'GET',
  path: '/v1/bills/{id}/filesPDF',
  roles: 'public',
  tag,
  summary: 'The bill as a PDF (Authorization header or `?token`).',
  params: IdParams,
  query: FileQuery,
  raw: true,
  data: z.string(),
})

export const BILL_SORTS = ['bill_date', 'total', 'month', 'code', 'email'] as const
export const BILL_FILTERS = ['all', 'paid', 'unpaid'] as const

const AllBillsQuery = {
  keyword: z.string().trim().max(255).optional(),
  sort_by: z.enum(BILL_SORTS).default('bill_date'),
  sort_mode: z.enum(['asc', 'desc']).default('desc'),
  month: z.coerce.number().int().min(1).max(12).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  filters: z.enum(BILL_FILTERS).default('all'),
}

export const listAllBills = endpoint({
  method: 'GET',
  path: '/v1/bills/all',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Every bill, searched by code, e-mail or name, filtered by month, year and paid state.',
  query: z.strictObject({ ...AllBillsQuery, ...pageQueryFields }),
  data: pageOf(Bill),
})

export const exportBills = endpoint({
  method: 'GET',
  path: '/v1/bills/export',
  roles: ADMIN_ONLY,
  tag,
  summary: 'The bills `bills/all` would list (every page), as an XLSX workbook.',
  query: z.strictObject({ ...AllBillsQuery, lang: z.enum(['en', 'vi']).optional() }),
  raw: true,
  data: z.string(),
})

export const setBillPaid = endpoint({
  method: 'POST',
  path: '/v1/bills/{id}/update-paid',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Set a bill paid (default) or back to unpaid (`paid: false`); audit-logged.',
  params: IdParams,
  body: z.strictObject({ paid: z.boolean().default(true) }).optional(),
  data: Bill,
})

export const emailBill = endpoint({
  method: 'POST',
  path: '/v1/bills/{id}/email',
  roles: ADMIN_ONLY,
  tag,
  summary:
    "E-mail the bill to its customer again (or for the first time), in the customer's language; at most once a minute per bill; audit-logged.",
  params: IdParams,
  data: Bill,
})

export const countBillsByMonth = endpoint({
  method: 'GET',
  path: '/v1/bills/count-by-month',
  roles: ADMIN_ONLY,
  tag,
  summary: "A month's bills: how many, how many paid, and their totals.",
  query: z.strictObject({
    month: z.coerce.number().int().min(1).max(12),
    year: z.coerce.number().int().min(2000).max(2100),
  }),
  data: z.object({
    month: z.number().int(),
    year: z.number().int(),
    count: z.number().int(),
    paid: z.number().int(),
    unpaid: z.number().int(),
    total: Money,
    paid_total: Money,
    unpaid_total: Money,
  }),
})

export const requestVat = endpoint({
  method: 'POST',
  path: '/v1/bills/request-vat-to-admin/{id}',
  roles: ALL_ROLES,
  tag,
  summary: 'Ask for a VAT invoice for a bill; staff are notified by e-mail. A new request replaces the last.',
  params: IdParams,
  body: z.strictObject({
    company_name: z
      .string()
      .superRefine(refineWith(checkVatCompanyName))
      .transform((v) => v.trim()),
    company_address: z
      .string()
      .superRefine(refineWith(checkVatCompanyAddress))
      .transform((v) => v.trim()),
    tax_code: z
      .string()
      .superRefine(refineWith(checkVatTaxCode))
      .transform((v) => v.trim()),
    email: z
      .string()
      .superRefine(refineWith(checkVatEmail))
      .transform((v) => v.trim().toLowerCase()),
  }),
  data: BillDetail,
})

export const BillingRun = z.object({
  year: z.number().int(),
  month: z.number().int(),
  status: z.enum(['running', 'done', 'failed']),
  started_at: IsoDateTime,
  finished_at: IsoDateTime.nullable(),
  /** Bills this run created; users who already had one are skipped. */
  created: z.number().int(),
  skipped: z.number().int(),
  users: z.number().int(),
  error: z.string().nullable(),
  trigger: z.enum(['schedule', 'admin']),
})
export type BillingRun = z.infer<typeof BillingRun>

export const generateBills = endpoint({
  method: 'POST',
  path: '/v1/bills/generate',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Generate the bills of a closed month now (users already billed for it are skipped).',
  body: z.strictObject({
    year: z.number().int().min(2000).max(2100),
    month: z.number().int().min(1).max(12),
  }),
  data: BillingRun,
})

export const listBillingRuns = endpoint({
  method: 'GET',
  path: '/v1/bills/runs',
  roles: ADMIN_ONLY,
  tag,
  summary: 'The latest bill generation runs, newest first.',
  data: z.array(BillingRun),
})

/** The dashboard estimate: this month's bill so far and projected to month end, by the one pricing function. */
export const billEstimate = endpoint({
  method: 'GET',
  path: '/v1/bills/estimate',
  roles: ALL_ROLES,
  tag,
  summary: "The current month's bill so far and at this pace by month end (own; staff name `user_id`).",
  query: z.strictObject({ user_id: Id.optional() }),
  data: z.object({
    year: z.number().int(),
    month: z.number().int(),
    so_far: Money,
    projected: Money,
    lines: z.array(
      z.object({ service: z.enum(SERVICE_TYPES), hits: z.number().int(), so_far: Money, projected: Money }),
    ),
  }),
})
