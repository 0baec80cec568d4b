import { Col } from 'antd'
import { useSession } from '../../app/session.ts'
import { PaymentsTable } from '../payments/PaymentsTable.tsx'
import { SavedCards } from '../payments/SavedCards.tsx'
import { BalanceLogTable } from './BalanceLogTable.tsx'
import { CouponLogTable } from './CouponLogTable.tsx'

/** The lower part of /payment, in its grid: the payments, the coupons redeemed, the balance's log, the saved cards. */
export function BalanceHistory() {
  const userId = useSession()?.user_id ?? ''
  return (
    <>
      <Col xs={24}>
        <PaymentsTable />
      </Col>
      <Col xs={24}>
        <CouponLogTable userId={userId} />
      </Col>
      <Col xs={24}>
        <BalanceLogTable userId={userId} />
      </Col>
      <Col xs={24} lg={12}>
        <SavedCards />
      </Col>
    </>
  )
}
