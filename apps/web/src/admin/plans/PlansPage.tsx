import { EditOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons'
import { ADMIN_ONLY, formatMoney, hasAnyRole, numberFormat, type Plan } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Table, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { ChangeUserPlanModal } from './ChangeUserPlanModal.tsx'
import { PlanFormModal } from './PlanFormModal.tsx'
import { plansQuery } from './plans.api.ts'
import { plansMessages } from './plans.i18n.ts'

/**
 * /administrator/plans (admin and support): the plans with their upstream ids, limits and price,
 * created and edited in a modal. Setting one user's plan is for administrators only (docs/requirements.md §4.8).
 */
export function PlansPage() {
  const t = useT(plansMessages)
  const session = useSession()
  const canChangeUserPlan = session ? hasAnyRole(session.roles, ADMIN_ONLY) : false
  const plans = useQuery(plansQuery())
  const [editing, setEditing] = useState<Plan | 'new' | null>(null)
  const [isChanging, setIsChanging] = useState(false)
  const lang = useLang()
  const count = numberFormat(lang)
  useDocumentTitle(t('title'))

  const limit = (value: number | null, duration: Plan['request_limit_duration']) =>
    value === null ? (
      <Tag color="green">{t('limits.unlimited')}</Tag>
    ) : (
      <span style={{ whiteSpace: 'nowrap' }}>
        {t('limits.per', { count: count.format(value), duration: t(`durations.${duration}`) })}
      </span>
    )

  const upstream = (label: string, id: string | null) => (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type="secondary">{label}: </Typography.Text>
      {id ? <Typography.Text code>{id}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>}
    </span>
  )

  const columns: ColumnsType<Plan> = [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_value, plan) => (
        <Flex vertical gap={4} align="flex-start">
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {plan.name}
          </Typography.Text>
          <Flex gap={4} wrap>
            {plan.is_default ? <Tag color="blue">{t('tags.default')}</Tag> : null}
            {plan.active ? <Tag color="green">{t('tags.active')}</Tag> : <Tag>{t('tags.inactive')}</Tag>}
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'description',
      title: t('columns.description'),
      render: (_value, plan) =>
        plan.description ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0, minWidth: 200, maxWidth: 320 }}>
            {plan.description}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'upstream',
      title: t('columns.upstream'),
      render: (_value, plan) => (
        <Flex vertical gap={2}>
          {upstream(t('upstream.rsapi'), plan.rsapi_plan_id)}
          {upstream(t('upstream.maptile'), plan.maptile_plan_id)}
        </Flex>
      ),
    },
    {
      key: 'price',
      title: t('columns.price'),
      align: 'end',
      render: (_value, plan) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {t('pricePerMonth', { price: formatMoney(plan.price, 'USD', lang) })}
        </span>
      ),
    },
    {
      key: 'requests',
      title: t('columns.requests'),
      render: (_value, plan) => limit(plan.request_limit, plan.request_limit_duration),
    },
    {
      key: 'loads',
      title: t('columns.loads'),
      render: (_value, plan) => limit(plan.load_limit, plan.load_limit_duration),
    },
    { key: 'users', title: t('columns.users'), align: 'end', render: (_value, plan) => count.format(plan.users) },
    {
      key: 'actions',
      title: t('columns.actions'),
      align: 'end',
      render: (_value, plan) => (
        <Tooltip title={t('edit', { name: plan.name })}>
          <Button
            icon={<EditOutlined />}
            aria-label={t('edit', { name: plan.name })}
            onClick={() => setEditing(plan)}
          />
        </Tooltip>
      ),
    },
  ]

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Typography.Text type="secondary" style={{ maxWidth: 640 }}>
          {t('intro')}
        </Typography.Text>
        <Flex gap={8} wrap>
          {canChangeUserPlan ? (
            <Button icon={<SwapOutlined />} onClick={() => setIsChanging(true)} disabled={!plans.data}>
              {t('change.open')}
            </Button>
          ) : null}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('create')}
          </Button>
        </Flex>
      </Flex>
      <QueryState query={plans}>
        {(data) => (
          <Table<Plan>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data}
            loading={plans.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('empty') }}
          />
        )}
      </QueryState>
      <PlanFormModal editing={editing} onClose={() => setEditing(null)} />
      {canChangeUserPlan ? (
        <ChangeUserPlanModal open={isChanging} plans={plans.data ?? []} onClose={() => setIsChanging(false)} />
      ) : null}
    </Flex>
  )
}
