import {
  formatCalendar,
  formatMoney,
  isDecimal,
  POPUP_TIERS,
  type PriceBook,
  parseMoney,
  parseRate,
  type RivalRates,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Empty, Flex, Modal, Switch, Tag, Tooltip, Typography, theme } from 'antd'
import { type CSSProperties, Fragment, useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useServiceName } from '../../ui/service-name.ts'
import { savingPercent } from './compare.ts'
import { priceBookQuery, rivalRatesQuery, useErrorToast } from './pricing.api.ts'
import { pricingMessages } from './pricing.i18n.ts'

/**
 * The pricing popup (docs/requirements.md §8.5): each service's price per 1000 requests in the four volume tiers, its free
 * monthly allowance, and a switch that sets the rival's list prices under ours. Loaded only when the
 * header's pricing button is first pressed.
 */
export function PricingModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(pricingMessages)
  const book = useQuery({ ...priceBookQuery(), enabled: open })
  const rival = useQuery({ ...rivalRatesQuery(), enabled: open })
  useErrorToast(book)
  useErrorToast(rival)
  const [isComparing, setComparing] = useState(false)

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('title')} width={1040}>
      <QueryState query={book}>
        {(data) => (
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">{t('intro')}</Typography.Text>
            <CompareSwitch query={rival} isComparing={isComparing} onChange={setComparing} />
            {data.services.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
            ) : (
              <PriceTable book={data} rival={isComparing ? rival.data : undefined} />
            )}
            {isComparing && rival.data?.as_of ? <RivalSource rival={rival.data} /> : null}
            <BookNotes book={data} />
          </Flex>
        )}
      </QueryState>
    </Modal>
  )
}

function CompareSwitch({
  query,
  isComparing,
  onChange,
}: {
  query: { data?: RivalRates; isPending: boolean; isError: boolean }
  isComparing: boolean
  onChange: (on: boolean) => void
}) {
  const t = useT(pricingMessages)
  if (query.isError) return <Typography.Text type="secondary">{t('compareUnavailable')}</Typography.Text>
  return (
    <Flex align="center" gap={8}>
      <Switch
        id="pricing-compare"
        checked={isComparing && !!query.data}
        disabled={!query.data}
        loading={query.isPending}
        onChange={onChange}
      />
      <label htmlFor="pricing-compare">{t('compare', { name: query.data?.name ?? '…' })}</label>
    </Flex>
  )
}

function PriceTable({ book, rival }: { book: PriceBook; rival: RivalRates | undefined }) {
  const t = useT(pricingMessages)
  const lang = useLang()
  const serviceName = useServiceName()
  const { token } = theme.useToken()
  const money = (value: string | null | undefined) => (value ? formatMoney(value, 'USD', lang) : '—')
  const requests = (count: number) => (count > 0 ? t('freeRequests', { count: formatCount(count, lang) }) : t('noFree'))

  const cell: CSSProperties = {
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    whiteSpace: 'nowrap',
    verticalAlign: 'top',
  }
  const number: CSSProperties = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }
  // The service column stays in view while a narrow screen scrolls the tiers sideways.
  const sticky: CSSProperties = { position: 'sticky', left: 0, background: token.colorBgElevated, zIndex: 1 }
  const head: CSSProperties = {
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    // The fill is translucent: laid over the dialog's colour so the sticky cell hides what scrolls under it.
    background: `linear-gradient(${token.colorFillAlter}, ${token.colorFillAlter}), ${token.colorBgElevated}`,
  }
  const rivalRow: CSSProperties = { color: token.colorTextSecondary, fontSize: token.fontSizeSM }
  // "Under 100,000", "100,001 – 200,000", …, "Over 500,000".
  const tierLabels = POPUP_TIERS.map(([from, to], index) => {
    if (index === 0) return t('tiers.first', { to: formatCount(to, lang) })
    if (to < 0) return t('tiers.last', { from: formatCount(from, lang) })
    return t('tiers.middle', { from: formatCount(from + 1, lang), to: formatCount(to, lang) })
  })

  return (
    <div style={{ overflowX: 'auto' }}>
      <table aria-label={t('title')} style={{ width: '100%', borderCollapse: 'collapse', color: token.colorText }}>
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, ...sticky, ...head, textAlign: 'left' }}>
              {t('service')}
            </th>
            {tierLabels.map((label) => (
              <th key={label} scope="col" style={{ ...number, ...head }}>
                {label}
              </th>
            ))}
            <th scope="col" style={{ ...number, ...head }}>
              {t('free')}
            </th>
          </tr>
        </thead>
        <tbody>
          {book.services.map((row) => {
            const theirs = rival?.services.find((s) => s.service === row.service)
            return (
              <Fragment key={row.service}>
                <tr data-testid={`price-${row.service}`}>
                  <th scope="row" style={{ ...cell, ...sticky, textAlign: 'left', fontWeight: token.fontWeightStrong }}>
                    {serviceName(row.service)}
                    {row.private ? (
                      <Tooltip title={t('yourPriceHint')}>
                        <Tag color="blue" style={{ marginInlineStart: 8 }}>
                          {t('yourPrice')}
                        </Tag>
                      </Tooltip>
                    ) : null}
                  </th>
                  {tierLabels.map((label, tier) => {
                    const price = row.popup[tier]
                    const saving = rival && price ? savingPercent(price, theirs?.per_1000[tier]) : null
                    return (
                      <td key={label} style={number}>
                        <div>{money(price)}</div>
                        {saving !== null && rival ? (
                          <Tooltip title={t('savingHint', { percent: saving, name: rival.name })}>
                            <Tag color="success" style={{ marginInlineEnd: 0, marginTop: 2 }}>
                              {t('saving', { percent: saving })}
                            </Tag>
                          </Tooltip>
                        ) : null}
                      </td>
                    )
                  })}
                  <td style={number}>{requests(row.free)}</td>
                </tr>
                {rival ? (
                  <tr data-testid={`rival-${row.service}`} style={rivalRow}>
                    <th scope="row" style={{ ...cell, ...sticky, textAlign: 'left', fontWeight: 'normal' }}>
                      {rival.name}
                    </th>
                    {tierLabels.map((label, tier) => (
                      <td key={label} style={number}>
                        {money(theirs?.per_1000[tier])}
                      </td>
                    ))}
                    <td style={number}>{theirs ? requests(theirs.free) : '—'}</td>
                  </tr>
                ) : null}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/** Whose prices the comparison shows and how current they are ("… list prices as of 28 Feb 2025"). */
function RivalSource({ rival }: { rival: RivalRates }) {
  const t = useT(pricingMessages)
  const lang = useLang()
  return (
    <Typography.Text type="secondary" data-testid="rival-source">
      {t('rivalSource', { name: rival.name, date: formatCalendar(`${rival.as_of}T00:00:00Z`, lang, 'date', 'UTC') })}
    </Typography.Text>
  )
}

/** The free monthly credit, and the account's discount and price list when they apply. */
function BookNotes({ book }: { book: PriceBook }) {
  const t = useT(pricingMessages)
  const lang = useLang()
  const hasCredit = (parseMoney(book.free_month) ?? 0n) > 0n
  const hasDiscount = book.enjoy_discount && isDecimal(book.discount_percent) && parseRate(book.discount_percent) > 0n
  return (
    <Flex vertical gap={4}>
      {hasCredit ? (
        <Typography.Text strong>
          {t('freeCredit', { amount: formatMoney(book.free_month, 'USD', lang) })}
        </Typography.Text>
      ) : null}
      {hasDiscount ? <Typography.Text>{t('discount', { percent: book.discount_percent })}</Typography.Text> : null}
      {book.is_new ? null : <Typography.Text type="secondary">{t('legacy')}</Typography.Text>}
    </Flex>
  )
}
