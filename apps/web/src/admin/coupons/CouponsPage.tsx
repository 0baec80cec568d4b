import { StopOutlined } from '@ant-design/icons'
import { type Coupon, formatDate, formatMoney } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Flex, Popconfirm, Segmented, Select, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { failureText } from '../../api/errors.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { ListFrame, useListPaging } from '../../ui/ListFrame.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { Verbatim, verbatimCell } from '../../ui/Verbatim.tsx'
import { formatDay } from '../billing/bill-format.ts'
import { CopyCodeButton } from './CopyCodeButton.tsx'
import { CouponFormModal } from './CouponFormModal.tsx'
import { CouponsNav } from './CouponsNav.tsx'
import {
  COUPONS_PAGE_SIZE,
  type CouponFilters,
  couponsQuery,
  couponTypeChoicesQuery,
  couponTypeQuery,
  useDisableCoupon,
} from './coupons.api.ts'
import { couponsMessages } from './coupons.i18n.ts'

type Availability = 'all' | 'true' | 'false'
const AVAILABILITIES: Availability[] = ['all', 'true', 'false']

/**
 * /administrator/coupons: the coupons, searched by code or description, filtered by type and
 * availability and paged by the server (all of it in the URL); created in a modal that then shows the
 * generated code; disabled after a confirmation.
 */
export function CouponsPage() {
  const t = useT(couponsMessages)
  useDocumentTitle(t('coupons.title'))
  const paging = useListPaging(COUPONS_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const [typeId, setTypeId] = useListParam('type_id')
  const [rawAvailable, setAvailable] = useListParam('available')
  const available = rawAvailable === 'true' || rawAvailable === 'false' ? rawAvailable : null
  const filters: CouponFilters = {
    keyword,
    typeId: typeId || null,
    available,
    page: paging.page,
    pageSize: paging.pageSize,
  }
  const list = useQuery(couponsQuery(filters))
  const [isCreating, setCreating] = useState(false)
  const columns = useCouponColumns()
  const isFiltered = Boolean(keyword || typeId || available)

  return (
    <ListFrame<Coupon>
      nav={<CouponsNav />}
      title={t('coupons.title')}
      intro={t('coupons.intro')}
      create={{ label: t('coupons.create'), onClick: () => setCreating(true) }}
      search={{ value: keyword, placeholder: t('coupons.search'), onSearch: setKeyword }}
      filters={
        <>
          <TypeFilter value={typeId || null} onChange={setTypeId} />
          <Segmented<Availability>
            aria-label={t('coupons.availability')}
            value={available ?? 'all'}
            onChange={(value) => setAvailable(value === 'all' ? null : value)}
            options={AVAILABILITIES.map((value) => ({ value, label: t(`coupons.availabilities.${value}`) }))}
          />
        </>
      }
      query={list}
      paging={paging}
      columns={columns}
      rowKey="id"
      empty={isFiltered ? t('coupons.noMatch') : t('coupons.empty')}
      total={(total) => t('coupons.total', { count: total })}
    >
      <CouponFormModal open={isCreating} typeId={typeId || null} onClose={() => setCreating(false)} />
    </ListFrame>
  )
}

/** The type filter: every type, or one (named even when it is not among the newest choices). */
function TypeFilter({ value, onChange }: { value: string | null; onChange: (typeId: string | null) => void }) {
  const t = useT(couponsMessages)
  const choices = useQuery(couponTypeChoicesQuery())
  const isListed = !value || (choices.data ?? []).some((type) => type.id === value)
  const chosen = useQuery({
    ...couponTypeQuery(value ?? ''),
    enabled: Boolean(value) && choices.isSuccess && !isListed,
  })
  const types = [...(choices.data ?? []), ...(chosen.data && !isListed ? [chosen.data] : [])]
  return (
    <Select<string>
      aria-label={t('coupons.typeFilter')}
      value={value ?? ''}
      onChange={(next) => onChange(next || null)}
      showSearch={{ optionFilterProp: 'label' }}
      loading={choices.isFetching}
      status={choices.isError ? 'error' : undefined}
      options={[
        { value: '', label: t('coupons.allTypes') },
        ...types.map((type) => ({ value: type.id, label: type.name })),
      ]}
      style={{ flex: '0 1 240px', minWidth: 180 }}
    />
  )
}

function CouponStatusTag({ coupon }: { coupon: Pick<Coupon, 'available' | 'disabled'> }) {
  const t = useT(couponsMessages)
  if (coupon.disabled) return <Tag color="red">{t('coupons.status.disabled')}</Tag>
  if (coupon.available) return <Tag color="green">{t('coupons.status.available')}</Tag>
  return <Tag>{t('coupons.status.unavailable')}</Tag>
}

/** Disables a coupon after a confirmation (docs/requirements.md §11.4); a disabled coupon has no such button. */
function DisableCouponButton({ coupon }: { coupon: Pick<Coupon, 'id' | 'code'> }) {
  const t = useT(couponsMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const disable = useDisableCoupon()
  const onConfirm = () =>
    disable
      .mutateAsync(coupon.id)
      .then(({ message: text }) => {
        message.success(text)
      })
      .catch((error: unknown) => {
        message.error(failureText(t('coupons.disable.failed'), error))
      })
  return (
    <Popconfirm
      title={t('coupons.disable.title', { code: coupon.code })}
      description={<div style={{ maxWidth: 300 }}>{t('coupons.disable.content')}</div>}
      okText={common('actions.confirm')}
      cancelText={common('actions.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button
        size="small"
        danger
        icon={<StopOutlined />}
        loading={disable.isPending}
        aria-label={t('coupons.disable.of', { code: coupon.code })}
      >
        {t('coupons.disable.button')}
      </Button>
    </Popconfirm>
  )
}

function useCouponColumns(): ColumnsType<Coupon> {
  const t = useT(couponsMessages)
  const lang = useLang()

  const columns: ColumnsType<Coupon> = [
    {
      key: 'code',
      title: t('coupons.columns.code'),
      fixed: 'start',
      render: (_value, coupon) => (
        <Flex gap={4} align="center">
          <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
            <Verbatim>{coupon.code}</Verbatim>
          </Typography.Text>
          <CopyCodeButton code={coupon.code} size="small" type="text" />
        </Flex>
      ),
    },
    { key: 'type', title: t('coupons.columns.type'), dataIndex: 'type_name', onCell: verbatimCell },
    {
      key: 'credit',
      title: t('coupons.columns.credit'),
      dataIndex: 'credit',
      align: 'end',
      render: (value: string) => (
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(value, 'USD', lang)}
        </Typography.Text>
      ),
    },
    {
      key: 'expires',
      title: t('coupons.columns.expires'),
      dataIndex: 'date_expried',
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDay(value, lang)}</span>,
    },
    {
      key: 'credit_days',
      title: t('coupons.columns.creditDays'),
      dataIndex: 'balance_expires_day',
      render: (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{t('coupons.days', { count: value })}</span>,
    },
    {
      key: 'usage',
      title: t('coupons.columns.usage'),
      render: (_value, coupon) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>
            {coupon.limit === -1
              ? t('coupons.usageUnlimited', { redeemed: coupon.redeemed })
              : t('coupons.usageOf', { redeemed: coupon.redeemed, limit: coupon.limit })}
          </span>
          {coupon.remaining === null ? null : (
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {t('coupons.remaining', { count: coupon.remaining })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('coupons.columns.status'),
      render: (_value, coupon) => <CouponStatusTag coupon={coupon} />,
    },
    {
      key: 'description',
      title: t('coupons.columns.description'),
      dataIndex: 'description',
      onCell: verbatimCell,
      render: (value: string | null) =>
        value ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0, minWidth: 160, maxWidth: 320 }}>
            {value}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'created',
      title: t('coupons.columns.created'),
      dataIndex: 'created_at',
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value, lang)}</span>,
    },
    {
      key: 'actions',
      title: t('coupons.columns.actions'),
      align: 'end',
      fixed: 'end',
      render: (_value, coupon) => (coupon.disabled ? null : <DisableCouponButton coupon={coupon} />),
    },
  ]

  return columns
}
