import { DownloadOutlined } from '@ant-design/icons'
import { formatCalendar, type Lang, MAX_USAGE_EXPORT_ROWS, type RecentRequest } from '@app/contract'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { App, Button, DatePicker, Flex, Table, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useState } from 'react'
import { failureText } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { relativeTimeText } from '../../lib/relative-time.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useServiceName } from '../../ui/service-name.ts'
import { monthKey, oldestDay, type UsageMonth, utcDay } from './range.ts'
import { downloadUsageCsv, recentCountQuery, recentRequestsQuery } from './usage.api.ts'
import { usageMessages } from './usage.i18n.ts'

function utcDateTime(value: string, lang: Lang): string {
  return `${formatCalendar(value, lang, 'dateTimeSeconds', 'UTC')} UTC`
}

/** The widest a request's path is drawn before it wraps: the other columns stay in view at 1440 px. */
const PATH_MAX_WIDTH = 'min(360px, 40vw)'

function statusColour(status: number): string {
  if (status >= 500) return 'red'
  if (status >= 400) return 'orange'
  return 'green'
}

/** A month's requests, newest first, a page at a time, and the month's CSV export. */
export function RecentRequests(props: { month: UsageMonth; now: Date; onMonthChange: (month: UsageMonth) => void }) {
  const t = useT(usageMessages)
  const serviceName = useServiceName()
  const lang = useLang()
  const { month, now } = props
  const requests = useInfiniteQuery(recentRequestsQuery(month))
  const count = useQuery(recentCountQuery(month))
  const oldestMonth = oldestDay(now).slice(0, 7)
  const thisMonth = utcDay(now).slice(0, 7)

  const columns: ColumnsType<RecentRequest> = [
    {
      title: t('recent.time'),
      dataIndex: 'at',
      render: (at: string) => (
        <Tooltip title={relativeTimeText(at, new Date())}>
          <span style={{ whiteSpace: 'nowrap' }}>{utcDateTime(at, lang)}</span>
        </Tooltip>
      ),
    },
    { title: t('recent.key'), dataIndex: 'key_name' },
    {
      title: t('recent.service'),
      key: 'service',
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {serviceName(row.service)}
          {row.count > 1 ? (
            <Typography.Text type="secondary">
              {' '}
              {t('recent.times', { count: formatCount(row.count, lang) })}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      title: t('recent.path'),
      dataIndex: 'path',
      // A path wraps within PATH_MAX_WIDTH: with the table as wide as its content, an unbounded one
      // (a 2,048-character query string) would push Status and Latency off the screen.
      render: (path: string | null) =>
        path ? (
          <Typography.Text
            code
            data-testid="recent-path"
            style={{ overflowWrap: 'anywhere', display: 'inline-block', maxWidth: PATH_MAX_WIDTH }}
          >
            {path}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t('recent.status'),
      dataIndex: 'status',
      render: (status: number) => <Tag color={statusColour(status)}>{status}</Tag>,
    },
    {
      title: t('recent.latency'),
      dataIndex: 'latency_ms',
      align: 'right',
      render: (ms: number) => t('recent.latencyMs', { value: formatCount(ms, lang) }),
    },
  ]

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Flex gap={8} align="center">
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {t('recent.month')}
          </Typography.Text>
          <DatePicker
            picker="month"
            aria-label={t('recent.month')}
            allowClear={false}
            value={dayjs(`${monthKey(month)}-01`)}
            disabledDate={(date) => {
              const key = date.format('YYYY-MM')
              return key < oldestMonth || key > thisMonth
            }}
            onChange={(date) => date && props.onMonthChange({ year: date.year(), month: date.month() + 1 })}
          />
        </Flex>
        <ExportButton month={month} exportable={count.data?.exportable} />
      </Flex>
      <QueryState query={requests}>
        {(data) => (
          <Flex vertical gap={12}>
            <Table<RecentRequest>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={data.pages.flatMap((page) => page.items)}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('recent.empty') }}
            />
            {requests.hasNextPage ? (
              <Button
                onClick={() => requests.fetchNextPage()}
                loading={requests.isFetchingNextPage}
                style={{ alignSelf: 'center' }}
              >
                {t('recent.loadMore')}
              </Button>
            ) : null}
          </Flex>
        )}
      </QueryState>
    </Flex>
  )
}

function ExportButton({ month, exportable }: { month: UsageMonth; exportable: number | undefined }) {
  const t = useT(usageMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const [isExporting, setExporting] = useState(false)
  const onExport = async () => {
    setExporting(true)
    try {
      await downloadUsageCsv(month)
    } catch (error) {
      message.error(failureText(t('recent.exportFailed'), error))
    } finally {
      setExporting(false)
    }
  }
  return (
    <Flex gap={8} wrap align="center">
      {exportable === undefined ? null : (
        <Typography.Text type="secondary" data-testid="exportable">
          {t('recent.exportable', {
            count: formatCount(exportable, lang),
            max: formatCount(MAX_USAGE_EXPORT_ROWS, lang),
          })}
        </Typography.Text>
      )}
      <Button icon={<DownloadOutlined />} onClick={onExport} loading={isExporting} disabled={exportable === 0}>
        {t('recent.export')}
      </Button>
    </Flex>
  )
}
