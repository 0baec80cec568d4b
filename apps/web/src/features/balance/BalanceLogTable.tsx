import { type BalanceLog, formatDateTime, formatMoney } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Empty, Flex, Segmented, Table, Typography, theme } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useCallback, useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { BalanceDescription } from '../../ui/BalanceDescription.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { usePageParam } from '../../ui/use-page-param.ts'
import { balanceLogsQuery, isLogFilter, LOG_FILTERS, type LogFilter } from './balance.api.ts'
import { balanceMessages } from './balance.i18n.ts'

/** The balance log's filter, kept in the address (`?type=credit`) beside its page (`?page=2`). */
function useLogFilter(): [LogFilter, (next: LogFilter) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const value = searchParams.get('type')
  const filter = isLogFilter(value) ? value : 'all'
  const setFilter = useCallback(
    (next: LogFilter) =>
      setSearchParams((params) => {
        const copy = new URLSearchParams(params)
        if (next === 'all') copy.delete('type')
        else copy.set('type', next)
        // Another filter starts at its first page.
        copy.delete('page')
        return copy
      }),
    [setSearchParams],
  )
  return [filter, setFilter]
}

/** Every movement of the balance, newest first: credits and debits with the balance after each. */
export function BalanceLogTable({ userId }: { userId: string }) {
  const t = useT(balanceMessages)
  const lang = useLang()
  const { token } = theme.useToken()
  const [page, setPage] = usePageParam()
  const [filter, setFilter] = useLogFilter()
  const logs = useQuery(balanceLogsQuery(userId, page, filter))

  // A page past the end (an old link) moves to the last page there is.
  const lastPage = logs.data ? Math.max(1, Math.ceil(logs.data.total / logs.data.page_size)) : page
  useEffect(() => {
    if (page > lastPage) setPage(lastPage)
  }, [page, lastPage, setPage])

  const columns: ColumnsType<BalanceLog> = [
    {
      key: 'date',
      title: t('log.date'),
      render: (_value, log) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.created_at, lang)}</span>,
    },
    { key: 'type', title: t('log.type'), render: (_value, log) => t(`log.types.${log.type}`) },
    {
      key: 'amount',
      title: t('log.amount'),
      align: 'right',
      render: (_value, log) => {
        const isDebit = log.amount.startsWith('-')
        const magnitude = formatMoney(isDebit ? log.amount.slice(1) : log.amount, 'USD', lang)
        return (
          <span
            data-testid="log-amount"
            style={{
              color: isDebit ? token.colorErrorText : token.colorSuccessText,
              fontVariantNumeric: 'tabular-nums',
              whiteSpace: 'nowrap',
            }}
          >
            {`${isDebit ? '−' : '+'}${magnitude}`}
          </span>
        )
      },
    },
    {
      key: 'after',
      title: t('log.balanceAfter'),
      align: 'right',
      render: (_value, log) => (
        <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatMoney(log.balance_after, 'USD', lang)}
        </span>
      ),
    },
    {
      key: 'details',
      title: t('log.details'),
      render: (_value, log) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          {log.description ? (
            <span style={{ overflowWrap: 'anywhere' }}>
              <BalanceDescription log={log} />
            </span>
          ) : null}
          {log.reference ? (
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, overflowWrap: 'anywhere' }}>
              {log.reference}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ]

  return (
    <Card
      title={t('log.title')}
      extra={
        <Segmented<LogFilter>
          aria-label={t('log.show')}
          value={filter}
          onChange={setFilter}
          options={LOG_FILTERS.map((value) => ({ value, label: t(`log.filters.${value}`) }))}
        />
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <QueryState query={logs}>
        {(data) =>
          data.total === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(filter === 'all' ? 'log.empty' : 'log.emptyFiltered')}
            />
          ) : (
            <Table<BalanceLog>
              data-testid="balance-log"
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={data.items}
              loading={logs.isFetching && logs.isPlaceholderData}
              scroll={{ x: 760 }}
              pagination={{
                current: data.page,
                pageSize: data.page_size,
                total: data.total,
                showSizeChanger: false,
                showTotal: (total) => t('log.total', { count: total }),
                onChange: setPage,
              }}
            />
          )
        }
      </QueryState>
    </Card>
  )
}
