import { BalanceLog, type Page, Profile } from '@app/contract'
import { profile } from './fake-server.tsx'
import { USER_ID } from './usage-fixtures.ts'

// Answers of the balance endpoints for the back-office screen tests, checked by the contract's own
// schemas so a fixture cannot drift from what the server sends.

export const MINH_EMAIL = 'minh.tran@example.com'

/** The account whose balance the tests look at. */
export const minh: Profile = Profile.parse({
  ...profile,
  id: USER_ID,
  user_id: USER_ID,
  email: MINH_EMAIL,
  first_name: 'Minh',
  last_name: 'Tran',
  full_name: 'Minh Tran',
  balance: '25.00',
})

export function balanceLog(fields: Partial<BalanceLog> & Pick<BalanceLog, 'id'>): BalanceLog {
  return BalanceLog.parse({
    user_id: USER_ID,
    user_email: MINH_EMAIL,
    user_name: 'Minh Tran',
    type: 'admin_add',
    amount: '10.00',
    balance_after: '10.00',
    description: null,
    reference: null,
    created_by: null,
    created_by_name: null,
    created_by_email: null,
    created_at: '2026-11-01T08:00:00.000Z',
    ...fields,
  })
}

/** Minh's ledger: a welcome credit, a coupon, then a bill paid; the balance is their sum. */
export const minhLogs: BalanceLog[] = [
  balanceLog({
    id: 'blg_01jd0000000000000000000003',
    type: 'bill_payment',
    amount: '-20.00',
    balance_after: '25.00',
    reference: 'INV-202610-000001',
    created_at: '2026-11-05T09:00:00.000Z',
  }),
  balanceLog({
    id: 'blg_01jd0000000000000000000002',
    type: 'coupon',
    amount: '40.00',
    balance_after: '45.00',
    reference: 'SUMMER-7K2Q',
    created_at: '2026-11-03T09:00:00.000Z',
  }),
  balanceLog({
    id: 'blg_01jd0000000000000000000001',
    type: 'first_register',
    amount: '5.00',
    balance_after: '5.00',
    description: 'Welcome credit',
    created_at: '2026-11-01T09:00:00.000Z',
  }),
]

export function pageOf<T>(items: T[], query: Record<string, string>, total = items.length): Page<T> {
  return { items, total, page: Number(query.page ?? 1), page_size: Number(query.page_size ?? 20) }
}
