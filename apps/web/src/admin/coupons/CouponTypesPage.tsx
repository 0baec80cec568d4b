import { PlusOutlined } from '@ant-design/icons'
import { type CouponType, formatDate } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Input, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { usePageParam } from '../../ui/use-page-param.ts'
import { CouponsNav } from './CouponsNav.tsx'
import { CouponTypeFormModal } from './CouponTypeFormModal.tsx'
import { couponTypesQuery } from './coupons.api.ts'
import { couponsMessages } from './coupons.i18n.ts'
import { useLastPage, useListParam } from './use-list-params.ts'

const couponsOfType = (typeId: string) => `${paths.admin.coupons}?type_id=${encodeURIComponent(typeId)}`

/**
 * /administrator/coupons/coupon-types: the coupon types, searched by name or event code and paged by
 * the server (the page and search in the URL), and created in a modal.
 */
export function CouponTypesPage() {
  const t = useT(couponsMessages)
  useDocumentTitle(t('types.title'))
  const lang = useLang()
  const [page, setPage] = usePageParam()
  const [keyword, setKeyword] = useListParam('keyword')
  const list = useQuery(couponTypesQuery(page, keyword))
  const [isCreating, setCreating] = useState(false)
  useLastPage(list.data, page, setPage)

  const columns: ColumnsType<CouponType> = [
    {
      key: 'name',
      title: t('types.columns.name'),
      render: (_value, type) => (
        <Link to={couponsOfType(type.id)} title={t('types.showCoupons', { name: type.name })}>
          <span style={{ overflowWrap: 'anywhere' }}>{type.name}</span>
        </Link>
      ),
    },
    {
      key: 'event_code',
      title: t('types.columns.eventCode'),
      dataIndex: 'event_code',
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      key: 'coupons',
      title: t('types.columns.coupons'),
      render: (_value, type) =>
        type.limit === -1 ? (
          <span style={{ whiteSpace: 'nowrap' }}>{t('types.couponsUnlimited', { count: type.coupons })}</span>
        ) : (
          <Flex gap={4} align="center">
            <span style={{ whiteSpace: 'nowrap' }}>
              {t('types.couponsOf', { count: type.coupons, limit: type.limit })}
            </span>
            {type.coupons >= type.limit ? <Tag color="orange">{t('coupons.status.unavailable')}</Tag> : null}
          </Flex>
        ),
    },
    {
      key: 'description',
      title: t('types.columns.description'),
      dataIndex: 'description',
      render: (value: string | null) =>
        value ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0, minWidth: 180, maxWidth: 360 }}>
            {value}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'created',
      title: t('types.columns.created'),
      dataIndex: 'time_create',
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value, lang)}</span>,
    },
  ]

  return (
    <Flex vertical gap={16}>
      <CouponsNav />
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ flex: '1 1 320px' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('types.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('types.intro')}</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('types.create')}
        </Button>
      </Flex>
      <Input.Search
        key={keyword}
        defaultValue={keyword}
        allowClear
        enterButton
        placeholder={t('types.search')}
        aria-label={t('types.search')}
        onSearch={setKeyword}
        style={{ maxWidth: 420 }}
      />
      <QueryState query={list}>
        {(data) => (
          <Table<CouponType>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data.items}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: keyword ? t('types.noMatch', { keyword }) : t('types.empty') }}
            pagination={{
              current: data.page,
              pageSize: data.page_size,
              total: data.total,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('types.total', { count: total }),
              onChange: setPage,
            }}
          />
        )}
      </QueryState>
      <CouponTypeFormModal open={isCreating} onClose={() => setCreating(false)} />
    </Flex>
  )
}
