import { Bill, BillDetail } from '@app/contract'
import { profile } from './fake-server.tsx'

// Bills as the server sends them, checked by the contract's schemas. The October bill is priced the
// way `priceBill` prices it: Load Map over four tiers, Reverse Geocode at a private flat rate,
// Geocode within its free allowance, Trip unused; 10% discount, then a 10.00 USD free credit.

export const BILL_ID = 'bil_01jd00000000000000000000a1'

const base = {
  user_id: profile.id,
  user_email: profile.email,
  user_name: profile.full_name,
  bill_date: '2026-11-01T01:00:00.000Z',
  discount_percent: '10',
  exchange_rate: '25400',
  paid: false,
  paid_at: null,
  vat_requested: false,
  emailed_at: null,
}

/** A bill of the list: `n` months before October 2026 (0 = October), with its own code and total. */
export function listedBill(n: number, overrides: Partial<Bill> = {}): Bill {
  const month0 = 2026 * 12 + 9 - n
  const year = Math.floor(month0 / 12)
  const month = (month0 % 12) + 1
  const mm = String(month).padStart(2, '0')
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const code = `INV-${year}${mm}-${String(123 - n).padStart(6, '0')}`
  return Bill.parse({
    ...base,
    id: `bil_01jd000000000000000000${String(n).padStart(4, '0')}`,
    code,
    month,
    year,
    bill_date: `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01T01:00:00.000Z`,
    billed_from: `${year}-${mm}-01`,
    billed_to: `${year}-${mm}-${last}`,
    amount_before_discount: `${100 + n}.00`,
    discount: '0.00',
    discount_percent: '0',
    amount: `${100 + n}.00`,
    free_credit: '0.00',
    total: `${100 + n}.00`,
    total_vnd: String((100 + n) * 25_400),
    transfer_content: code,
    ...overrides,
  })
}

export const octoberBill: BillDetail = BillDetail.parse({
  ...base,
  id: BILL_ID,
  code: 'INV-202610-000123',
  month: 10,
  year: 2026,
  billed_from: '2026-10-01',
  billed_to: '2026-10-31',
  amount_before_discount: '981.64',
  discount: '98.16',
  amount: '883.48',
  free_credit: '10.00',
  total: '873.48',
  total_vnd: '22186392',
  transfer_content: 'INV-202610-000123',
  is_new: true,
  vat_request: null,
  lines: [
    {
      service: 'LOAD_MAP',
      hits: 250_000,
      free: 25_000,
      billable: 225_000,
      private: false,
      tiers: [
        {
          request_from: 0,
          request_to: 100_000,
          rate: '0.005',
          rate_per_1000: '5.00',
          requests: 100_000,
          amount: '500.0',
        },
        {
          request_from: 100_000,
          request_to: 200_000,
          rate: '0.004',
          rate_per_1000: '4.00',
          requests: 100_000,
          amount: '400.0',
        },
        {
          request_from: 200_000,
          request_to: 500_000,
          rate: '0.003',
          rate_per_1000: '3.00',
          requests: 25_000,
          amount: '75.0',
        },
        { request_from: 500_000, request_to: -1, rate: '0.002', rate_per_1000: '2.00', requests: 0, amount: '0.0' },
      ],
      subtotal: '975.00',
    },
    {
      service: 'REVERSE_GEOCODE',
      hits: 12_345,
      free: 10_000,
      billable: 2_345,
      private: true,
      tiers: [
        { request_from: 0, request_to: -1, rate: '0.00283', rate_per_1000: '2.83', requests: 2_345, amount: '6.63635' },
      ],
      subtotal: '6.64',
    },
    {
      service: 'GEOCODE',
      hits: 3_000,
      free: 10_000,
      billable: 0,
      private: false,
      tiers: [{ request_from: 0, request_to: -1, rate: '0.005', rate_per_1000: '5.00', requests: 0, amount: '0.0' }],
      subtotal: '0.00',
    },
    {
      service: 'TRIP',
      hits: 0,
      free: 1_000,
      billable: 0,
      private: false,
      tiers: [{ request_from: 0, request_to: -1, rate: '0.01', rate_per_1000: '10.00', requests: 0, amount: '0.0' }],
      subtotal: '0.00',
    },
  ],
})
