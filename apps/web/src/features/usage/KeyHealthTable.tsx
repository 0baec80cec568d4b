import type { KeyHealth } from '@app/contract'
import { Empty, Flex, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { usageMessages } from './usage.i18n.ts'

/** Per key over the range: requests, answers by status class, and latency. */
export function KeyHealthTable({ rows }: { rows: KeyHealth[] }) {
  const t = useT(usageMessages)
  const lang = useLang()
  const count = (value: number) => formatCount(value, lang)
  const ms = (value: number | null) =>
    value === null ? '—' : t('health.ms', { value: formatCount(Math.round(value), lang) })
  const columns: ColumnsType<KeyHealth> = [
    {
      title: t('health.key'),
      key: 'key',
      render: (_, row) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{row.key_name}</Typography.Text>
          <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
            {row.key_preview}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('health.hits'), dataIndex: 'hits', align: 'right', render: count },
    { title: t('health.ok'), dataIndex: 'ok', align: 'right', render: count },
    { title: t('health.clientErrors'), dataIndex: 'client_errors', align: 'right', render: count },
    { title: t('health.serverErrors'), dataIndex: 'server_errors', align: 'right', render: count },
    { title: t('health.latencyAvg'), dataIndex: 'latency_avg_ms', align: 'right', render: ms },
    { title: t('health.latencyMax'), dataIndex: 'latency_max_ms', align: 'right', render: ms },
  ]
  return (
    <Table<KeyHealth>
      rowKey="key_id"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('health.empty')} /> }}
    />
  )
}
