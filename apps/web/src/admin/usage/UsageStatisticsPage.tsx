import { useQuery } from '@tanstack/react-query'
import { Card, Flex, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { ChartKindToggle } from '../../ui/charts/ChartKindToggle.tsx'
import type { ChartKind } from '../../ui/charts/chart-data.ts'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { UsageFilters } from './UsageFilters.tsx'
import { UsageReport } from './UsageReport.tsx'
import { UserUsageTable } from './UserUsageTable.tsx'
import { allUsersUsageQuery } from './usage.api.ts'
import { adminUsageMessages } from './usage.i18n.ts'
import { rangeSearch } from './usage-range.ts'
import { useUsageRange } from './use-usage-range.ts'

/**
 * /administrator/usage-statistics: every user together over a period (chart, totals per service),
 * then the same period per user. Period and unit live in the URL.
 */
export function UsageStatisticsPage() {
  const t = useT(adminUsageMessages)
  useDocumentTitle(t('title'))
  const { range, unit, setRange, setUnit } = useUsageRange()
  const [kind, setKind] = useState<ChartKind>('line')
  const usage = useQuery(allUsersUsageQuery(range, unit))

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      <UsageFilters range={range} onRange={setRange} unit={unit} onUnit={setUnit}>
        <ChartKindToggle value={kind} onChange={setKind} />
      </UsageFilters>
      <UsageReport query={usage} kind={kind} />
      <Card title={t('users.title')}>
        <Flex vertical gap={12}>
          <Flex gap={12} justify="space-between" align="baseline" wrap>
            <Typography.Text type="secondary" style={{ flex: '1 1 280px' }}>
              {t('users.intro')}
            </Typography.Text>
            <Link to={`${paths.admin.usagePerUser}?${rangeSearch(range)}`}>{t('users.openPage')}</Link>
          </Flex>
          <UserUsageTable range={range} />
        </Flex>
      </Card>
    </Flex>
  )
}
