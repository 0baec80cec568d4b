import { FilterOutlined } from '@ant-design/icons'
import type { KeyHealth } from '@app/contract'
import type { UseQueryResult } from '@tanstack/react-query'
import { Button, Flex, Table, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { adminUsageMessages } from './usage.i18n.ts'

/** Per key of one account: requests, answers by status class and response times over the period. */
export function KeyHealthTable(props: { query: UseQueryResult<KeyHealth[]>; onShowKey: (keyId: string) => void }) {
  const t = useT(adminUsageMessages)
  const lang = useLang()
  const count = (value: number) => formatCount(value, lang)
  const ms = (value: number | null) =>
    value === null ? (
      <Typography.Text type="secondary">{t('keys.none')}</Typography.Text>
    ) : (
      t('keys.ms', { value: formatCount(Math.round(value), lang) })
    )
  const errors = (value: number, type: 'warning' | 'danger') =>
    value > 0 ? <Typography.Text type={type}>{count(value)}</Typography.Text> : count(value)

  const columns: ColumnsType<KeyHealth> = [
    {
      key: 'key',
      title: t('keys.columns.key'),
      render: (_value, row) => (
        <Flex gap={8} align="center">
          <Flex vertical gap={2}>
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              <Verbatim>{row.key_name}</Verbatim>
            </Typography.Text>
            <Typography.Text code style={{ fontSize: 12, alignSelf: 'flex-start' }}>
              {row.key_preview}
            </Typography.Text>
          </Flex>
          <Tooltip title={t('keys.showInChart', { name: row.key_name })}>
            <Button
              size="small"
              type="text"
              icon={<FilterOutlined />}
              aria-label={t('keys.showInChart', { name: row.key_name })}
              onClick={() => props.onShowKey(row.key_id)}
            />
          </Tooltip>
        </Flex>
      ),
    },
    { key: 'hits', title: t('keys.columns.hits'), dataIndex: 'hits', align: 'end', render: count },
    { key: 'ok', title: t('keys.columns.ok'), dataIndex: 'ok', align: 'end', render: count },
    {
      key: 'client',
      title: t('keys.columns.clientErrors'),
      dataIndex: 'client_errors',
      align: 'end',
      render: (value: number) => errors(value, 'warning'),
    },
    {
      key: 'server',
      title: t('keys.columns.serverErrors'),
      dataIndex: 'server_errors',
      align: 'end',
      render: (value: number) => errors(value, 'danger'),
    },
    { key: 'avg', title: t('keys.columns.latencyAvg'), dataIndex: 'latency_avg_ms', align: 'end', render: ms },
    { key: 'max', title: t('keys.columns.latencyMax'), dataIndex: 'latency_max_ms', align: 'end', render: ms },
  ]

  return (
    <QueryState query={props.query}>
      {(rows) => (
        <Table<KeyHealth>
          rowKey="key_id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={props.query.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('keys.empty') }}
        />
      )}
    </QueryState>
  )
}
