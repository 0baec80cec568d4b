import { PlusOutlined } from '@ant-design/icons'
import { formatMoney, numberFormat, type RateSetting, SERVICE_TYPES } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Table, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { useConfirmedChange } from '../../api/use-confirmed-change.ts'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { EditDeleteButtons } from '../../ui/RowActions.tsx'
import { rateSettingsQuery, useDeleteRateSetting } from './pricing.api.ts'
import { adminPricingMessages } from './pricing.i18n.ts'
import { RangesPanel } from './RangesPanel.tsx'
import { type Owner, RateSettingDrawer } from './RateSettingForm.tsx'
import { ServiceName } from './ServiceName.tsx'

/**
 * The rate settings of one price book, common or one user's private ones (docs/requirements.md §8.1):
 * each row opens to its ranges; settings are created and edited in a drawer and deleted after a
 * confirmation.
 */
export function RateSettingsTable({ isNew, owner }: { isNew: boolean; owner: Owner | null }) {
  const t = useT(adminPricingMessages)
  const confirm = useConfirmedChange()
  const settings = useQuery(rateSettingsQuery(isNew, owner?.id ?? null))
  // A private setting starts from the common one of its type (its paths classify the same requests).
  const templates = useQuery({ ...rateSettingsQuery(isNew, null), enabled: owner !== null })
  const remove = useDeleteRateSetting()
  const [editing, setEditing] = useState<RateSetting | 'new' | null>(null)
  const lang = currentLang()

  const usedTypes = new Set(settings.data?.map((s) => s.type) ?? [])
  const allUsed = SERVICE_TYPES.every((type) => usedTypes.has(type))

  const onDelete = (setting: RateSetting) =>
    confirm({
      title: t('settings.deleteTitle', { type: setting.type }),
      content: owner ? t('settings.deletePrivateText', { email: owner.email }) : t('settings.deleteCommonText'),
      okText: t('settings.delete'),
      run: () => remove.mutateAsync(setting.id),
      failed: t('settings.deleteFailed'),
      failure: (error) => serverMessage(error) ?? t('settings.deleteFailed'),
    })

  const columns: ColumnsType<RateSetting> = [
    { key: 'type', title: t('columns.type'), render: (_value, row) => <ServiceName type={row.type} /> },
    {
      key: 'rate',
      title: t('columns.rate'),
      render: (_value, row) => (
        <Flex vertical gap={0}>
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>{row.rate}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t('settings.per1000', { price: formatMoney(row.rate_per_1000, 'USD', lang) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'free',
      title: t('columns.free'),
      align: 'end',
      render: (_value, row) => numberFormat(lang).format(row.free),
    },
    {
      key: 'prefix',
      title: t('columns.prefix'),
      render: (_value, row) => <Typography.Text code>{row.prefix}</Typography.Text>,
    },
    {
      key: 'paths',
      title: t('columns.paths'),
      render: (_value, row) => (
        <Flex gap={4} wrap style={{ maxWidth: 280 }}>
          {row.paths.split(',').map((path) => (
            <Typography.Text code key={path}>
              {path.trim()}
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
    {
      key: 'subpath',
      title: t('columns.subpath'),
      render: (_value, row) =>
        row.subpath ? (
          <Typography.Text code>{row.subpath}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'book',
      title: t('columns.book'),
      render: (_value, row) => (
        <Tag color={row.is_new ? 'blue' : 'default'}>{row.is_new ? t('book.current') : t('book.legacy')}</Tag>
      ),
    },
    {
      key: 'ranges',
      title: t('columns.ranges'),
      align: 'end',
      render: (_value, row) =>
        row.ranges.length || <Typography.Text type="secondary">{t('settings.flat')}</Typography.Text>,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      align: 'end',
      render: (_value, row) => (
        <EditDeleteButtons
          iconOnly
          edit={{ label: t('settings.edit', { type: row.type }), onClick: () => setEditing(row) }}
          remove={{ label: t('settings.deleteLabel', { type: row.type }), onClick: () => onDelete(row) }}
        />
      ),
    },
  ]

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">
          {owner ? t('settings.privateHint', { email: owner.email }) : t('settings.commonHint')}
        </Typography.Text>
        <Tooltip title={allUsed ? t('settings.allTypesUsed') : undefined}>
          <Button type="primary" icon={<PlusOutlined />} disabled={allUsed} onClick={() => setEditing('new')}>
            {t('settings.create')}
          </Button>
        </Tooltip>
      </Flex>
      <QueryState query={settings}>
        {(data) => (
          <Table<RateSetting>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data}
            loading={settings.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: owner ? t('settings.emptyPrivate') : t('settings.empty') }}
            expandable={{ expandedRowRender: (row) => <RangesPanel setting={row} /> }}
          />
        )}
      </QueryState>
      <RateSettingDrawer
        editing={editing}
        isNew={isNew}
        owner={owner}
        usedTypes={usedTypes}
        templates={templates.data ?? []}
        onClose={() => setEditing(null)}
      />
    </Flex>
  )
}
