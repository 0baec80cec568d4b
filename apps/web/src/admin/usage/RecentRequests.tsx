import { DownloadOutlined } from '@ant-design/icons'
import { formatCalendar, type RecentRequest } from '@app/contract'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Button, Flex, Select, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useMemo, useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useServiceName } from '../../ui/service-name.ts'
import { verbatimCell } from '../../ui/Verbatim.tsx'
import { recentRequestsCountQuery, recentRequestsQuery, useDownloadUsageCsv } from './usage.api.ts'
import { adminUsageMessages } from './usage.i18n.ts'
import { type MonthChoice, monthBefore, recentMonths } from './usage-range.ts'

const monthKey = (month: MonthChoice) => `${month.year}-${String(month.month).padStart(2, '0')}`

function statusColour(status: number): string {
  if (status >= 500) return 'red'
  if (status >= 400) return 'orange'
  return 'green'
}

/**
 * One account's requests of a chosen month, newest first, a page at a time, with the month's CSV
 * export (docs/requirements.md §7.3: up to 10,000 requests finished within the month).
 */
export function RecentRequests(props: { userId: string; fileStem: string }) {
  const t = useT(adminUsageMessages)
  const serviceName = useServiceName()
  const lang = useLang()
  const months = useMemo(() => recentMonths(new Date()), [])
  const [month, setMonth] = useState<MonthChoice>(() => monthBefore(new Date()))
  const requests = useInfiniteQuery(recentRequestsQuery(props.userId, month))
  const count = useQuery(recentRequestsCountQuery(props.userId, month))
  const download = useDownloadUsageCsv()

  const columns: ColumnsType<RecentRequest> = [
    {
      key: 'time',
      title: t('recent.columns.time'),
      dataIndex: 'at',
      render: (at: string) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatCalendar(at, lang, 'dateTimeSeconds', 'UTC')}</span>
      ),
    },
    { key: 'key', title: t('recent.columns.key'), dataIndex: 'key_name', onCell: verbatimCell },
    {
      key: 'service',
      title: t('recent.columns.service'),
      dataIndex: 'service',
      render: (service: string) => serviceName(service),
    },
    {
      key: 'path',
      title: t('recent.columns.path'),
      dataIndex: 'path',
      render: (path: string | null) =>
        path ? (
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {path}
          </Typography.Text>
        ) : null,
    },
    {
      key: 'status',
      title: t('recent.columns.status'),
      dataIndex: 'status',
      render: (status: number) => <Tag color={statusColour(status)}>{status}</Tag>,
    },
    {
      key: 'latency',
      title: t('recent.columns.latency'),
      dataIndex: 'latency_ms',
      align: 'end',
      render: (value: number) => t('keys.ms', { value: formatCount(value, lang) }),
    },
    {
      key: 'count',
      title: t('recent.columns.count'),
      dataIndex: 'count',
      align: 'end',
      render: (value: number) => formatCount(value, lang),
    },
  ]

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center">
        <Select<string>
          aria-label={t('recent.month')}
          value={monthKey(month)}
          onChange={(key) => {
            const picked = months.find((m) => monthKey(m) === key)
            if (picked) setMonth(picked)
          }}
          options={months.map((m) => ({
            value: monthKey(m),
            label: formatCalendar(new Date(Date.UTC(m.year, m.month - 1, 1)), lang, 'monthYear', 'UTC'),
          }))}
          style={{ flex: '0 1 220px' }}
        />
        <Button
          icon={<DownloadOutlined />}
          loading={download.isPending}
          onClick={() => download.mutate({ userId: props.userId, month, fileStem: props.fileStem })}
        >
          {t('recent.export')}
        </Button>
        {count.data ? (
          <Typography.Text type="secondary">
            {t('recent.count', { count: formatCount(count.data.count, lang) })}
            {count.data.exportable < count.data.count
              ? ` ${t('recent.exportable', { count: formatCount(count.data.exportable, lang) })}`
              : ''}
          </Typography.Text>
        ) : null}
      </Flex>
      <QueryState query={requests}>
        {(data) => (
          <Flex vertical gap={12} align="center">
            <Table<RecentRequest>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={data.pages.flatMap((page) => page.items)}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('recent.empty') }}
              style={{ width: '100%' }}
            />
            {requests.hasNextPage ? (
              <Button loading={requests.isFetchingNextPage} onClick={() => requests.fetchNextPage()}>
                {t('recent.loadMore')}
              </Button>
            ) : null}
          </Flex>
        )}
      </QueryState>
    </Flex>
  )
}
