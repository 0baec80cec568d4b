import { KeyOutlined, WalletOutlined } from '@ant-design/icons'
import { type CouponLog, formatDateTime, formatMoney } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Flex, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { Link, useSearchParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { ListFrame, ListTable, useListPaging } from '../../ui/ListFrame.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { verbatimCell } from '../../ui/Verbatim.tsx'
import { AccountPageHeading } from '../accounts/AccountPageHeading.tsx'
import { allCouponLogsQuery, COUPONS_PAGE_SIZE, userCouponLogsQuery } from './coupons.api.ts'
import { couponsMessages } from './coupons.i18n.ts'

const withUser = (path: string, userId: string) => `${path}?user_id=${encodeURIComponent(userId)}`

const STATUS_COLORS: Record<CouponLog['status'], string> = { active: 'green', spent: 'default', expired: 'orange' }

/**
 * /administrator/user-management/coupon-log: with `?user_id=` the coupons one account redeemed,
 * without it every redemption, searched by code or e-mail; each with what is left of its credit.
 */
export function CouponLogPage() {
  const [searchParams] = useSearchParams()
  const userId = searchParams.get('user_id')?.trim()
  return userId ? <UserCouponLog userId={userId} /> : <AllCouponLogs />
}

/** One account's redemptions; `embedded`: as a tab of the customer page (EditUserPage.tsx), without a heading. */
export function UserCouponLog({ userId, embedded = false }: { userId: string; embedded?: boolean }) {
  const t = useT(couponsMessages)
  const paging = useListPaging(COUPONS_PAGE_SIZE)
  const list = useQuery(userCouponLogsQuery(userId, paging.page, paging.pageSize))
  const columns = useCouponLogColumns(false)
  const table = (
    <ListTable<CouponLog>
      query={list}
      paging={paging}
      columns={columns}
      rowKey="id"
      empty={t('log.empty')}
      total={(total) => t('log.total', { count: total })}
    />
  )
  if (embedded) return table

  return (
    <Flex vertical gap={16}>
      <AccountPageHeading
        userId={userId}
        back={{ to: paths.admin.couponLog, label: t('log.showAll') }}
        title={(name) => t('log.userTitle', { name })}
        fallbackTitle={t('log.title')}
        intro={t('log.userIntro')}
        actions={
          <Flex gap={8} wrap>
            <LinkButton to={withUser(paths.admin.balanceLog, userId)} icon={<WalletOutlined />}>
              {t('log.links.balanceLog')}
            </LinkButton>
            <LinkButton to={withUser(paths.admin.keyAndBill, userId)} icon={<KeyOutlined />}>
              {t('log.links.keys')}
            </LinkButton>
          </Flex>
        }
      />
      {table}
    </Flex>
  )
}

function AllCouponLogs() {
  const t = useT(couponsMessages)
  useDocumentTitle(t('log.title'))
  const paging = useListPaging(COUPONS_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const list = useQuery(allCouponLogsQuery(paging.page, paging.pageSize, keyword))
  const columns = useCouponLogColumns(true)

  return (
    <ListFrame<CouponLog>
      title={t('log.title')}
      intro={t('log.intro')}
      search={{ value: keyword, placeholder: t('log.search'), onSearch: setKeyword }}
      query={list}
      paging={paging}
      columns={columns}
      rowKey="id"
      empty={keyword ? t('log.noMatch', { keyword }) : t('log.empty')}
      total={(total) => t('log.total', { count: total })}
    />
  )
}

function useCouponLogColumns(showUser: boolean): ColumnsType<CouponLog> {
  const t = useT(couponsMessages)
  const lang = useLang()
  const money = (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value, 'USD', lang)}</span>
  const when = (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value, lang)}</span>

  const columns: ColumnsType<CouponLog> = [
    { key: 'date', title: t('log.columns.date'), dataIndex: 'redeemed_at', render: when },
    ...(showUser
      ? [
          {
            key: 'user',
            title: t('log.columns.user'),
            render: (_value: unknown, log: CouponLog) => (
              <Link
                to={withUser(paths.admin.couponLog, log.user_id)}
                title={t('log.userLog', { email: log.user_email })}
              >
                <span style={{ overflowWrap: 'anywhere' }}>{log.user_email}</span>
              </Link>
            ),
          },
        ]
      : []),
    {
      key: 'code',
      title: t('log.columns.code'),
      dataIndex: 'code',
      onCell: verbatimCell,
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('log.columns.status'),
      dataIndex: 'status',
      render: (status: CouponLog['status']) => <Tag color={STATUS_COLORS[status]}>{t(`log.status.${status}`)}</Tag>,
    },
    { key: 'type', title: t('log.columns.type'), dataIndex: 'type_name', onCell: verbatimCell },
    { key: 'credit', title: t('log.columns.credit'), dataIndex: 'credit', align: 'end', render: money },
    { key: 'unspent', title: t('log.columns.unspent'), dataIndex: 'unspent', align: 'end', render: money },
    { key: 'expires', title: t('log.columns.expires'), dataIndex: 'expires_at', render: when },
    {
      key: 'expired',
      title: t('log.columns.expired'),
      dataIndex: 'expired_amount',
      align: 'end',
      render: (value: string | null) =>
        value === null ? <Typography.Text type="secondary">—</Typography.Text> : money(value),
    },
  ]

  return columns
}
