import { type CouponType, formatDate } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Flex, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { ListFrame, useListPaging } from '../../ui/ListFrame.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { verbatimCell } from '../../ui/Verbatim.tsx'
import { CouponsNav } from './CouponsNav.tsx'
import { CouponTypeFormModal } from './CouponTypeFormModal.tsx'
import { COUPONS_PAGE_SIZE, couponTypesQuery } from './coupons.api.ts'
import { couponsMessages } from './coupons.i18n.ts'

const couponsOfType = (typeId: string) => `${paths.admin.coupons}?type_id=${encodeURIComponent(typeId)}`

/**
 * /administrator/coupons/coupon-types: the coupon types, searched by name or event code and paged by
 * the server (the page and search in the URL), and created in a modal.
 */
export function CouponTypesPage() {
  const t = useT(couponsMessages)
  useDocumentTitle(t('types.title'))
  const lang = useLang()
  const paging = useListPaging(COUPONS_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const list = useQuery(couponTypesQuery(paging.page, paging.pageSize, keyword))
  const [isCreating, setCreating] = useState(false)

  const columns: ColumnsType<CouponType> = [
    {
      key: 'name',
      title: t('types.columns.name'),
      render: (_value, type) => (
        <Link to={couponsOfType(type.id)} title={t('types.showCoupons', { name: type.name })}>
          <span style={{ overflowWrap: 'anywhere' }} translate="no">
            {type.name}
          </span>
        </Link>
      ),
    },
    {
      key: 'event_code',
      title: t('types.columns.eventCode'),
      dataIndex: 'event_code',
      onCell: verbatimCell,
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
      onCell: verbatimCell,
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
    <ListFrame<CouponType>
      nav={<CouponsNav />}
      title={t('types.title')}
      intro={t('types.intro')}
      create={{ label: t('types.create'), onClick: () => setCreating(true) }}
      search={{ value: keyword, placeholder: t('types.search'), onSearch: setKeyword }}
      query={list}
      paging={paging}
      columns={columns}
      rowKey="id"
      empty={keyword ? t('types.noMatch', { keyword }) : t('types.empty')}
      total={(total) => t('types.total', { count: total })}
    >
      <CouponTypeFormModal open={isCreating} onClose={() => setCreating(false)} />
    </ListFrame>
  )
}
