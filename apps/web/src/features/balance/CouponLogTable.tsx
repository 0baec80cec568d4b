import { type CouponLog, formatDate, formatMoney, parseMoney } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Empty, Flex, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { couponLogsQuery } from './balance.api.ts'
import { balanceMessages } from './balance.i18n.ts'

const STATUS_COLOR: Record<CouponLog['status'], string> = {
  active: 'green',
  spent: 'default',
  expired: 'orange',
}

/** The user's redeemed coupons: what each credited, until when, and what is still unspent. */
export function CouponLogTable({ userId }: { userId: string }) {
  const t = useT(balanceMessages)
  const lang = useLang()
  // A short list, usually one page: its page stays on the screen rather than in the address.
  const [page, setPage] = useState(1)
  const logs = useQuery(couponLogsQuery(userId, page))
  const usd = (amount: string) => formatMoney(amount, 'USD', lang)

  const columns: ColumnsType<CouponLog> = [
    {
      key: 'code',
      title: t('couponLog.code'),
      render: (_value, log) => (
        <Flex vertical gap={2}>
          <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
            {log.code}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {log.type_name}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'credit', title: t('couponLog.credit'), align: 'right', render: (_value, log) => usd(log.credit) },
    {
      key: 'redeemed',
      title: t('couponLog.redeemed'),
      render: (_value, log) => formatDate(log.redeemed_at, lang),
    },
    { key: 'expires', title: t('couponLog.expires'), render: (_value, log) => formatDate(log.expires_at, lang) },
    { key: 'unspent', title: t('couponLog.unspent'), align: 'right', render: (_value, log) => usd(log.unspent) },
    {
      key: 'status',
      title: t('couponLog.status'),
      render: (_value, log) => (
        <Flex vertical gap={2} align="flex-start">
          <Tag color={STATUS_COLOR[log.status]}>{t(`couponLog.states.${log.status}`)}</Tag>
          {log.expired_amount && (parseMoney(log.expired_amount) ?? 0n) > 0n ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('couponLog.takenBack', { amount: usd(log.expired_amount) })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ]

  return (
    <Card title={t('couponLog.title')}>
      <QueryState query={logs}>
        {(data) =>
          data.items.length === 0 && data.page === 1 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('couponLog.empty')} />
          ) : (
            <Table<CouponLog>
              data-testid="coupon-log"
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={data.items}
              loading={logs.isFetching && logs.isPlaceholderData}
              scroll={{ x: 720 }}
              pagination={{
                current: data.page,
                pageSize: data.page_size,
                total: data.total,
                showSizeChanger: false,
                hideOnSinglePage: true,
                onChange: setPage,
              }}
            />
          )
        }
      </QueryState>
    </Card>
  )
}
