import {
  type Bill,
  type BillDetail,
  BillDetail as BillDetailSchema,
  type BillingRun,
  BillingRun as BillingRunSchema,
  Bill as BillSchema,
  countBillsByMonth,
  type ResponseOf,
} from '@app/contract'
import { USER_ID } from './usage-fixtures.ts'

// Answers of the bill endpoints for the back-office screen tests, checked by the contract's own
// schemas so a fixture cannot drift from what the server sends.

export const BILL_ID = 'bil_01jdbill000000000000000001'
export const OTHER_BILL_ID = 'bil_01jdbill000000000000000002'

/** October 2026's bill of Minh Tran: $120.00 before a 10% discount, $5.00 free credit, $103.00 due. */
export function bill(overrides: Partial<Bill> = {}): Bill {
  return BillSchema.parse({
    id: BILL_ID,
    user_id: USER_ID,
    user_email: 'minh.tran@example.com',
    user_name: 'Minh Tran',
    code: 'INV-202610-000001',
    month: 10,
    year: 2026,
    bill_date: '2026-11-01T00:10:00.000Z',
    billed_from: '2026-10-01',
    billed_to: '2026-10-31',
    amount_before_discount: '120.00',
    discount_percent: '10.00',
    discount: '12.00',
    amount: '108.00',
    free_credit: '5.00',
    total: '103.00',
    exchange_rate: '25400',
    total_vnd: '2616200',
    transfer_content: 'INV-202610-000001',
    paid: false,
    paid_at: null,
    vat_requested: true,
    emailed_at: null,
    ...overrides,
  })
}

export function billDetail(overrides: Partial<BillDetail> = {}): BillDetail {
  return BillDetailSchema.parse({
    ...bill(),
    is_new: true,
    lines: [
      {
        service: 'GEOCODE',
        hits: 250_000,
        free: 10_000,
        billable: 240_000,
        private: true,
        tiers: [
          {
            request_from: 0,
            request_to: 100_000,
            rate: '0.00050000',
            rate_per_1000: '0.50',
            requests: 100_000,
            amount: '50',
          },
          {
            request_from: 100_000,
            request_to: 200_000,
            rate: '0.00040000',
            rate_per_1000: '0.40',
            requests: 100_000,
            amount: '40',
          },
          {
            request_from: 200_000,
            request_to: 500_000,
            rate: '0.00030000',
            rate_per_1000: '0.30',
            requests: 40_000,
            amount: '12.00000001',
          },
          {
            request_from: 500_000,
            request_to: -1,
            rate: '0.00020000',
            rate_per_1000: '0.20',
            requests: 0,
            amount: '0',
          },
        ],
        subtotal: '102.00',
      },
      {
        service: 'LOAD_MAP',
        hits: 30_000,
        free: 5_000,
        billable: 25_000,
        private: false,
        tiers: [
          {
            request_from: 0,
            request_to: -1,
            rate: '0.00072000',
            rate_per_1000: '0.72',
            requests: 25_000,
            amount: '18',
          },
        ],
        subtotal: '18.00',
      },
    ],
    vat_request: {
      company_name: 'Minh Logistics JSC',
      company_address: '12 Nguyen Hue, District 1, Ho Chi Minh City',
      tax_code: '0312345678',
      email: 'accounts@minh-logistics.example',
      requested_at: '2026-11-03T02:00:00.000Z',
    },
    ...overrides,
  })
}

export function monthCounts(
  overrides: Partial<ResponseOf<typeof countBillsByMonth>> = {},
): ResponseOf<typeof countBillsByMonth> {
  return countBillsByMonth.data.parse({
    month: 10,
    year: 2026,
    count: 42,
    paid: 30,
    unpaid: 12,
    total: '4321.00',
    paid_total: '3000.50',
    unpaid_total: '1320.50',
    ...overrides,
  })
}

export function billingRun(overrides: Partial<BillingRun> = {}): BillingRun {
  return BillingRunSchema.parse({
    year: 2026,
    month: 10,
    status: 'done',
    started_at: '2026-11-01T00:05:00.000Z',
    finished_at: '2026-11-01T00:06:00.000Z',
    created: 42,
    skipped: 0,
    users: 42,
    error: null,
    trigger: 'schedule',
    ...overrides,
  })
}
