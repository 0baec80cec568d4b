import { Coupon, CouponLog, CouponType } from '@app/contract'
import { USER_ID } from '../../test/usage-fixtures.ts'

// Answers of the coupon endpoints for the back-office screen tests, checked by the contract's own
// schemas so a fixture cannot drift from what the server sends.

export const SUMMER_TYPE_ID = 'cpt_01jdsummer0000000000000000'
const WELCOME_TYPE_ID = 'cpt_01jdwelcome000000000000000'
export const SUMMER_COUPON_ID = 'cpn_01jdsummer0000000000000000'
export const OLD_COUPON_ID = 'cpn_01jdold0000000000000000000'

export function couponType(fields: Partial<CouponType> & Pick<CouponType, 'id' | 'name' | 'event_code'>): CouponType {
  return CouponType.parse({
    limit: -1,
    description: null,
    coupons: 0,
    time_create: '2026-11-01T08:00:00.000Z',
    ...fields,
  })
}

export const couponTypes: CouponType[] = [
  couponType({
    id: SUMMER_TYPE_ID,
    name: 'Summer sale',
    event_code: 'SUMMER-2026',
    limit: 100,
    coupons: 2,
    description: 'Coupons of the summer campaign',
  }),
  couponType({ id: WELCOME_TYPE_ID, name: 'Welcome', event_code: 'WELCOME', coupons: 5 }),
]

export function coupon(fields: Partial<Coupon> & Pick<Coupon, 'id' | 'code'>): Coupon {
  return Coupon.parse({
    type_id: SUMMER_TYPE_ID,
    type_name: 'Summer sale',
    credit: '40.00',
    description: null,
    date_expried: '2026-12-31',
    balance_expires_day: 30,
    limit: 10,
    remaining: 7,
    redeemed: 3,
    available: true,
    disabled: false,
    created_at: '2026-11-01T08:00:00.000Z',
    ...fields,
  })
}

export const coupons: Coupon[] = [
  coupon({ id: SUMMER_COUPON_ID, code: 'SUMMER-7K2Q', description: 'For the newsletter readers' }),
  coupon({
    id: OLD_COUPON_ID,
    code: 'SUMMER-OLD1',
    limit: -1,
    remaining: null,
    redeemed: 12,
    available: false,
    disabled: true,
  }),
]

export function couponLog(fields: Partial<CouponLog> & Pick<CouponLog, 'id' | 'code'>): CouponLog {
  return CouponLog.parse({
    user_id: USER_ID,
    user_email: 'minh.tran@example.com',
    coupon_id: SUMMER_COUPON_ID,
    type_name: 'Summer sale',
    credit: '40.00',
    redeemed_at: '2026-11-03T09:00:00.000Z',
    expires_at: '2026-12-03T09:00:00.000Z',
    unspent: '20.00',
    expired_amount: null,
    status: 'active',
    ...fields,
  })
}
