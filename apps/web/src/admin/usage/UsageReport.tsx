import type { UsageSeries } from '@app/contract'
import type { UseQueryResult } from '@tanstack/react-query'
import { Alert, Card, Col, Flex, Row, Statistic, Table, Typography } from 'antd'
import { ApiError } from '../../api/client.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { type ChartKind, formatCount, percentText, shareOf } from '../../ui/charts/chart-data.ts'
import { UsageChart } from '../../ui/charts/UsageChart.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useServiceName } from '../../ui/service-name.ts'
import { adminUsageMessages } from './usage.i18n.ts'

/** A period the server will not chart (too many buckets, too old): its reason, not a generic failure. */
function refusal(error: unknown): ApiError | null {
  return error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500 ? error : null
}

/** The chart of a statistics answer beside its totals: API requests, map loads and each service. */
export function UsageReport(props: { query: UseQueryResult<UsageSeries>; kind: ChartKind }) {
  const t = useT(adminUsageMessages)
  const refused = props.query.isError ? refusal(props.query.error) : null
  if (refused) return <Alert type="warning" showIcon title={t('refused')} description={refused.message} />
  return (
    <QueryState query={props.query}>
      {(usage) => (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Card title={t('chart.title')} styles={{ body: { paddingInline: 12 } }}>
              <UsageChart usage={usage} kind={props.kind} />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <UsageTotals usage={usage} />
          </Col>
        </Row>
      )}
    </QueryState>
  )
}

interface ServiceRow {
  service: string
  hits: number
  share: number
}

function UsageTotals({ usage }: { usage: UsageSeries }) {
  const t = useT(adminUsageMessages)
  const serviceName = useServiceName()
  const lang = useLang()
  const { totals } = usage
  const all = totals.api_requests + totals.map_loads
  const rows: ServiceRow[] = totals.by_service
    .filter((row) => row.hits > 0)
    .sort((a, b) => b.hits - a.hits)
    .map((row) => ({ ...row, share: shareOf(row.hits, all) }))
  const count = (value: number) => formatCount(value, lang)
  return (
    <Card title={t('totals.byService')}>
      <Flex vertical gap={16}>
        <Flex gap={16} wrap>
          <Statistic
            title={t('totals.apiRequests')}
            value={totals.api_requests}
            formatter={() => count(totals.api_requests)}
          />
          <Statistic title={t('totals.mapLoads')} value={totals.map_loads} formatter={() => count(totals.map_loads)} />
          <Statistic title={t('totals.all')} value={all} formatter={() => count(all)} />
        </Flex>
        {rows.length > 0 ? (
          <Table<ServiceRow>
            rowKey="service"
            size="small"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                key: 'service',
                title: t('totals.service'),
                dataIndex: 'service',
                render: (service: string) => serviceName(service),
              },
              { key: 'hits', title: t('totals.hits'), dataIndex: 'hits', align: 'end', render: count },
              {
                key: 'share',
                title: t('totals.share'),
                dataIndex: 'share',
                align: 'end',
                render: (share: number) => (
                  <Typography.Text type="secondary">{percentText(share, lang)}</Typography.Text>
                ),
              },
            ]}
          />
        ) : null}
      </Flex>
    </Card>
  )
}
