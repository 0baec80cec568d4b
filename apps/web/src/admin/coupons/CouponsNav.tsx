import { Tabs } from 'antd'
import { useLocation, useNavigate } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { couponsMessages } from './coupons.i18n.ts'

/** The two pages of coupon management (the menu has one entry for both): coupons and their types. */
export function CouponsNav() {
  const t = useT(couponsMessages)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  return (
    <Tabs
      activeKey={pathname === paths.admin.couponTypes ? paths.admin.couponTypes : paths.admin.coupons}
      onChange={(path) => navigate(path)}
      items={[
        { key: paths.admin.coupons, label: t('nav.coupons') },
        { key: paths.admin.couponTypes, label: t('nav.types') },
      ]}
      style={{ marginBottom: -8 }}
    />
  )
}
