import { ArrowLeftOutlined, UserOutlined } from '@ant-design/icons'
import { ADMIN_ONLY, hasAnyRole, type hitsOneUserByUserId, type ResponseOf } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Flex, Result, Select, Skeleton, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { ChartKindToggle } from '../../ui/charts/ChartKindToggle.tsx'
import type { ChartKind } from '../../ui/charts/chart-data.ts'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { KeyHealthTable } from './KeyHealthTable.tsx'
import { RecentRequests } from './RecentRequests.tsx'
import { UsageFilters } from './UsageFilters.tsx'
import { UsageReport } from './UsageReport.tsx'
import { keyHealthQuery, userUsageQuery } from './usage.api.ts'
import { adminUsageMessages } from './usage.i18n.ts'
import { rangeSearch } from './usage-range.ts'
import { useUsageRange } from './use-usage-range.ts'

type UsageUser = ResponseOf<typeof hitsOneUserByUserId>['user']

/**
 * /administrator/view-hits-per-user?user_id=…: one account's usage (chart, totals, a key filter), the
 * health of each of its keys, its recent requests and their CSV export. Admin and support.
 */
export function ViewHitsPerUserPage() {
  const [searchParams] = useSearchParams()
  const userId = searchParams.get('user_id')
  return userId ? <UserUsage userId={userId} /> : <NoUser />
}

function BackLink({ search }: { search: string }) {
  const t = useT(adminUsageMessages)
  const session = useSession()
  // Support staff reach this page from the accounts list; usage statistics are for admins only.
  const isAdmin = hasAnyRole(session?.roles ?? [], ADMIN_ONLY)
  return (
    <Link to={isAdmin ? `${paths.admin.usage}?${search}` : paths.admin.users} style={{ alignSelf: 'flex-start' }}>
      <ArrowLeftOutlined /> {isAdmin ? t('user.backToUsage') : t('user.backToAccounts')}
    </Link>
  )
}

function NoUser() {
  const t = useT(adminUsageMessages)
  useDocumentTitle(t('user.noUser'))
  return (
    <Result
      icon={<UserOutlined />}
      title={t('user.noUser')}
      subTitle={t('user.noUserHint')}
      extra={<Link to={paths.admin.users}>{t('user.backToAccounts')}</Link>}
    />
  )
}

/**
 * One account's usage. `embedded`: as a tab of the customer page (EditUserPage.tsx), which has the
 * heading and the tab's title; otherwise the view-hits-per-user page's whole body.
 */
export function UserUsage({ userId, embedded = false }: { userId: string; embedded?: boolean }) {
  const t = useT(adminUsageMessages)
  const [searchParams, setSearchParams] = useSearchParams()
  const { range, unit, setRange, setUnit } = useUsageRange()
  const keyId = searchParams.get('key_id')
  const [kind, setKind] = useState<ChartKind>('line')
  const usage = useQuery(userUsageQuery(userId, range, unit, keyId))
  const keys = useQuery(keyHealthQuery(userId, range))

  // The heading keeps the account's name while a refused period leaves the chart without an answer.
  const [user, setUser] = useState<UsageUser | null>(null)
  useEffect(() => {
    if (usage.data) setUser(usage.data.user)
  }, [usage.data])
  const name = user ? user.name || user.email : ''
  useDocumentTitle(name ? t('user.title', { name }) : t('title'), !embedded)

  const setKey = (next: string | null) =>
    setSearchParams((params) => {
      const copy = new URLSearchParams(params)
      if (next) copy.set('key_id', next)
      else copy.delete('key_id')
      return copy
    })

  const keyOptions = [
    { value: '', label: t('user.allKeys') },
    ...(keys.data ?? []).map((key) => ({ value: key.key_id, label: key.key_name })),
  ]
  if (keyId && !keyOptions.some((option) => option.value === keyId)) keyOptions.push({ value: keyId, label: keyId })

  return (
    <Flex vertical gap={16}>
      {embedded ? null : <BackLink search={rangeSearch(range)} />}
      <div hidden={embedded}>
        {user ? (
          <>
            <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {t('user.title', { name })}
            </Typography.Title>
            <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
              {user.name ? `${user.email} · ` : ''}
              {t('user.intro')}
            </Typography.Text>
          </>
        ) : usage.isPending ? (
          <Skeleton active title={{ width: 240 }} paragraph={{ rows: 1 }} />
        ) : (
          <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }}>
            {t('user.title', { name: userId })}
          </Typography.Title>
        )}
      </div>
      <UsageFilters range={range} onRange={setRange} unit={unit} onUnit={setUnit}>
        <Select<string>
          aria-label={t('user.key')}
          value={keyId ?? ''}
          onChange={(value) => setKey(value || null)}
          options={keyOptions}
          style={{ flex: '1 1 160px', maxWidth: 240 }}
        />
        <ChartKindToggle value={kind} onChange={setKind} />
      </UsageFilters>
      <UsageReport query={usage} kind={kind} />
      <Card title={t('keys.title')}>
        <Typography.Paragraph type="secondary">{t('keys.intro')}</Typography.Paragraph>
        <KeyHealthTable query={keys} onShowKey={setKey} />
      </Card>
      <Card title={t('recent.title')}>
        <Typography.Paragraph type="secondary">{t('recent.intro')}</Typography.Paragraph>
        <RecentRequests userId={userId} fileStem={user?.email ?? userId} />
      </Card>
    </Flex>
  )
}
