import { ArrowLeftOutlined } from '@ant-design/icons'
import { Flex, Typography } from 'antd'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { UsageFilters } from './UsageFilters.tsx'
import { UserUsageTable } from './UserUsageTable.tsx'
import { adminUsageMessages } from './usage.i18n.ts'
import { rangeSearch } from './usage-range.ts'
import { useUsageRange } from './use-usage-range.ts'

/** /administrator/usage-statistics-per-user: the per-user usage table on its own page. */
export function UsagePerUserPage() {
  const t = useT(adminUsageMessages)
  useDocumentTitle(t('users.title'))
  const { range, setRange } = useUsageRange()
  return (
    <Flex vertical gap={16}>
      <Link to={`${paths.admin.usage}?${rangeSearch(range)}`} style={{ alignSelf: 'flex-start' }}>
        <ArrowLeftOutlined /> {t('users.backToAll')}
      </Link>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('users.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('users.intro')}</Typography.Text>
      </div>
      <UsageFilters range={range} onRange={setRange} />
      <UserUsageTable range={range} />
    </Flex>
  )
}
