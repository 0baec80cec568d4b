import type { UsageUnit } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Col, Flex, Row, Skeleton, Spin, Typography } from 'antd'
import { type ReactNode, Suspense, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { useT } from '../../i18n/define.ts'
import { lazyComponent, usePreloaded } from '../../lib/lazy-component.tsx'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { ChartKindToggle } from '../../ui/charts/ChartKindToggle.tsx'
import type { ChartKind } from '../../ui/charts/chart-data.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import {
  type DayRange,
  effectiveUnit,
  monthKey,
  NARROW_SCREEN,
  parseMonth,
  parseRange,
  type UsageMonth,
} from './range.ts'
import { UsageFilters } from './UsageFilters.tsx'
import { keyHealthQuery, usageQuery } from './usage.api.ts'
import { usageMessages } from './usage.i18n.ts'

// What the page draws once the usage is here (the chart, each service's total, the keys' health, the
// recent requests) comes apart from the page, fetched once it is drawn while the usage loads; the
// filters come with it (bench/README.md, issue 20).
const parts = () => import('./usage-parts.ts')
const UsageChart = lazyComponent(parts, (m) => m.UsageChart)
const ServiceTotals = lazyComponent(parts, (m) => m.ServiceTotals)
const KeyHealthTable = lazyComponent(parts, (m) => m.KeyHealthTable)
const RecentRequests = lazyComponent(parts, (m) => m.RecentRequests)

/** A part's place while its code arrives: what QueryState shows while its data does. */
const Later = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>{children}</Suspense>
)

/**
 * /statistics: the user's usage over a range (this month unless the address says otherwise), by unit
 * and key, as a line or pie chart with totals, each key's health, and a month's recent requests with
 * the CSV export. Every choice lives in the address, so reload and a shared link show the same view.
 */
export function UsagePage() {
  const t = useT(usageMessages)
  useDocumentTitle(t('title'))
  usePreloaded(UsageChart)
  const [params, setParams] = useSearchParams()
  const now = useMemo(() => new Date(), [])
  const range = parseRange(params.get('from'), params.get('to'), now)
  // The unit follows the range (docs/requirements.md §7.2) unless the reader picked one that suits it.
  const unit = effectiveUnit(params.get('unit'), range)
  const keyId = params.get('key') || undefined
  const kind: ChartKind = params.get('chart') === 'pie' ? 'pie' : 'line'
  const month = parseMonth(params.get('month'), now)

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(name)
          else next.set(name, value)
        }
        return next
      },
      { replace: true },
    )
  // A new range forgets the chosen unit, so the default of the new range applies.
  const onRangeChange = (next: DayRange) => update({ from: next.start, to: next.end, unit: undefined })
  const onUnitChange = (next: UsageUnit) => update({ unit: next })
  const onKeyChange = (next: string | undefined) => update({ key: next })
  const onKindChange = (next: ChartKind) => update({ chart: next === 'pie' ? 'pie' : undefined })
  const onMonthChange = (next: UsageMonth) => update({ month: monthKey(next) })

  const usage = useQuery(usageQuery(range, unit, keyId))
  const health = useQuery(keyHealthQuery(range))
  const isRefreshing = usage.isFetching && usage.isPlaceholderData
  // On a phone the toggle would squeeze the card's title to a few letters; it sits above the chart.
  const isNarrow = useMediaQuery(NARROW_SCREEN)
  const toggle = <ChartKindToggle value={kind} onChange={onKindChange} />

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      </div>
      <Card>
        <UsageFilters
          range={range}
          unit={unit}
          keyId={keyId}
          now={now}
          onRangeChange={onRangeChange}
          onUnitChange={onUnitChange}
          onKeyChange={onKeyChange}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={t('chart.title')} extra={isNarrow ? null : toggle} style={{ height: '100%' }}>
            {isNarrow ? <div style={{ marginBottom: 12 }}>{toggle}</div> : null}
            <Spin spinning={isRefreshing}>
              <Later>
                <QueryState query={usage}>
                  {(data) => <UsageChart.Component usage={data} kind={kind} height={340} />}
                </QueryState>
              </Later>
            </Spin>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('totals.title')} style={{ height: '100%' }}>
            <Later>
              <QueryState query={usage}>{(data) => <ServiceTotals.Component usage={data} />}</QueryState>
            </Later>
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('health.title')}>
            <Later>
              <QueryState query={health}>{(rows) => <KeyHealthTable.Component rows={rows} />}</QueryState>
            </Later>
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('recent.title')}>
            <Later>
              <RecentRequests.Component month={month} now={now} onMonthChange={onMonthChange} />
            </Later>
          </Card>
        </Col>
      </Row>
    </Flex>
  )
}
