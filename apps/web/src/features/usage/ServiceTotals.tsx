import type { UsageSeries } from '@app/contract'
import { Col, Empty, Row, Statistic, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount, percentText, shareOf } from '../../ui/charts/chart-data.ts'
import { useServiceName } from '../../ui/service-name.ts'
import { usageMessages } from './usage.i18n.ts'

type ServiceRow = UsageSeries['totals']['by_service'][number]

/** The period's API requests and map loads, and each used service's requests and share. */
export function ServiceTotals({ usage }: { usage: UsageSeries }) {
  const t = useT(usageMessages)
  const serviceName = useServiceName()
  const lang = useLang()
  const rows = usage.totals.by_service.filter((row) => row.hits > 0)
  const total = rows.reduce((sum, row) => sum + row.hits, 0)
  const columns: ColumnsType<ServiceRow> = [
    {
      title: t('totals.service'),
      dataIndex: 'service',
      render: (service: string) => serviceName(service),
    },
    { title: t('totals.hits'), dataIndex: 'hits', align: 'right', render: (hits: number) => formatCount(hits, lang) },
    {
      title: t('totals.share'),
      key: 'share',
      align: 'right',
      render: (_, row) => percentText(shareOf(row.hits, total), lang),
    },
  ]
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12}>
          <Statistic title={t('totals.apiRequests')} value={formatCount(usage.totals.api_requests, lang)} />
        </Col>
        <Col xs={12}>
          <Statistic title={t('totals.mapLoads')} value={formatCount(usage.totals.map_loads, lang)} />
        </Col>
      </Row>
      <Table<ServiceRow>
        rowKey="service"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      />
    </>
  )
}
